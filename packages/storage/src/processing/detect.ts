import { fileTypeFromFile } from "file-type";

export interface AcceptedType {
  mediaType: "image" | "video";
  mime: string;
  ext: string;
}

/** What may be uploaded, by the type the bytes reveal (never the name or the client's header). */
const ACCEPTED: Record<string, AcceptedType> = {
  "image/jpeg": { mediaType: "image", mime: "image/jpeg", ext: "jpg" },
  "image/png": { mediaType: "image", mime: "image/png", ext: "png" },
  "image/webp": { mediaType: "image", mime: "image/webp", ext: "webp" },
  "image/gif": { mediaType: "image", mime: "image/gif", ext: "gif" },
  "image/heic": { mediaType: "image", mime: "image/heic", ext: "heic" },
  "image/heif": { mediaType: "image", mime: "image/heif", ext: "heif" },
  "image/heic-sequence": { mediaType: "image", mime: "image/heic", ext: "heic" },
  "image/heif-sequence": { mediaType: "image", mime: "image/heif", ext: "heif" },
  "video/mp4": { mediaType: "video", mime: "video/mp4", ext: "mp4" },
  "video/webm": { mediaType: "video", mime: "video/webm", ext: "webm" },
  "video/quicktime": { mediaType: "video", mime: "video/quicktime", ext: "mov" },
};

export const UNSUPPORTED_TYPE =
  "Only photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, WebM, QuickTime) can be uploaded.";

export async function detectType(path: string): Promise<AcceptedType | undefined> {
  const found = await fileTypeFromFile(path);
  // file-type reports some MP4 brands (e.g. M4V) with their own names; they play as MP4.
  const mime = found?.mime === "video/x-m4v" ? "video/mp4" : found?.mime;
  return mime ? ACCEPTED[mime] : undefined;
}
