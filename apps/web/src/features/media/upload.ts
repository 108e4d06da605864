const MEDIA_NAME = /\.(jpe?g|png|webp|gif|heic|heif|mp4|m4v|mov|qt|webm)$/i;

/**
 * Whether a picked file may be a photo or video, to refuse a PDF before sending it. Browsers do
 * not know every type: an iPhone's `.MOV` or `.HEIC` often comes with no type or a generic one, so
 * the name decides then. The server decides for certain, from the file's bytes.
 */
export function mayBeMedia(file: { type: string; name: string }): boolean {
  if (/^(image|video)\//.test(file.type)) return true;
  return (file.type === "" || file.type === "application/octet-stream") && MEDIA_NAME.test(file.name);
}
