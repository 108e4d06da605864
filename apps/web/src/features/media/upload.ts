/** One upload with progress and cancel; XMLHttpRequest is what reports upload progress. */
export interface Upload {
  promise: Promise<unknown>;
  cancel: () => void;
}

export function uploadFile(
  url: string,
  fields: Record<string, string>,
  fileField: string,
  file: File,
  onProgress: (fraction: number) => void,
): Upload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<unknown>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(fileField, file, file.name);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the status
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(body.error ?? `Upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted. Please try again."));
    xhr.onabort = () => reject(new Error("Upload cancelled."));
    xhr.open("POST", url);
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}

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
