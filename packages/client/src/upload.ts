import { randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { type ClubClientOptions, createClubClient, originOf } from "./client";
import { restRefusal, unreachable } from "./errors";
import type { RouterOutputs } from "./router";

/** A gallery item, as `media.get` answers it. */
export type UploadedMedia = RouterOutputs["media"]["get"];

export interface UploadProgress {
  /** Bytes of the file sent so far. */
  sent: number;
  /** The file's size, when known (a path, a Blob, or a stream given with its `size`). */
  total: number | undefined;
}

export interface MediaUpload {
  /** A path on disk, a Blob or File, or a stream of the file's bytes (a Node stream or a web one). */
  file: string | Blob | AsyncIterable<Uint8Array>;
  /** The file's name; taken from the path or the File when not given. */
  name?: string;
  /** The size of a stream in bytes, so that the progress has a total. */
  size?: number;
  /** The event the photo or video is added to (its id), if any: a member who can see it may add. */
  eventId?: string;
  /** Called as the file's bytes go out; the last call has all of them (`sent` is the file's size). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

interface Source {
  bytes: AsyncIterable<Uint8Array>;
  name: string;
  total: number | undefined;
}

async function sourceOf(upload: MediaUpload): Promise<Source> {
  const { file } = upload;
  if (typeof file === "string") {
    const blob = await openAsBlob(file);
    return { bytes: blob.stream(), name: upload.name ?? basename(file), total: blob.size };
  }
  if (file instanceof Blob) {
    const name = upload.name ?? ("name" in file && typeof file.name === "string" ? file.name : "upload");
    return { bytes: file.stream(), name, total: file.size };
  }
  return { bytes: file, name: upload.name ?? "upload", total: upload.size };
}

/** A multipart/form-data part's header; the name keeps to one line and its quotes (as browsers send it). */
function partHeader(boundary: string, field: string, filename?: string): string {
  const quoted = (text: string) => text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const file =
    filename === undefined ? "" : `; filename="${quoted(filename)}"\r\nContent-Type: application/octet-stream`;
  return `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${file}\r\n\r\n`;
}

/**
 * The request's body, written as it is read: the event's field, then the file's bytes as they come
 * from disk or the stream (never the whole file in memory), counted for the progress.
 */
async function* multipart(boundary: string, source: Source, upload: MediaUpload): AsyncGenerator<Uint8Array> {
  const text = new TextEncoder();
  if (upload.eventId !== undefined) yield text.encode(`${partHeader(boundary, "event_id")}${upload.eventId}\r\n`);
  yield text.encode(partHeader(boundary, "media", source.name));
  let sent = 0;
  for await (const chunk of source.bytes) {
    yield chunk;
    sent += chunk.byteLength;
    upload.onProgress?.({ sent, total: source.total });
  }
  if (sent === 0) upload.onProgress?.({ sent, total: source.total });
  yield text.encode(`\r\n--${boundary}--\r\n`);
}

const idOf = (body: unknown): string | undefined =>
  typeof body === "object" && body && "id" in body && typeof body.id === "string" ? body.id : undefined;

/**
 * Adds a photo or a video to the gallery (POST /upload-media, as the club's page does without
 * resuming), optionally to an event, and answers the new item as `media.get` does. A video is
 * playable once the server has converted it: its `processing` says where that stands.
 *
 * Needs an API token: `uploadMedia({ url, token }, { file: "photo.jpg", onProgress })`. A refusal
 * (not a member, too large, not a photo or video, an event she cannot see) throws a ClubError with
 * the server's message, as a procedure's refusal does.
 */
export async function uploadMedia(
  options: ClubClientOptions & { token: string },
  upload: MediaUpload,
): Promise<UploadedMedia> {
  const source = await sourceOf(upload);
  const boundary = `club-${randomUUID()}`;
  const url = `${originOf(options.url)}/upload-media`;
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: ReadableStream.from(multipart(boundary, source, upload)),
      // A streamed body is sent while the answer is awaited (Node's fetch asks for it by name).
      duplex: "half",
      ...(upload.signal ? { signal: upload.signal } : {}),
    });
  } catch (err) {
    throw unreachable(url, err);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw restRefusal(res.status, body);
  const id = idOf(body);
  if (!id) throw restRefusal(502, { message: `The answer of ${url} names no media item.` });
  // The answer of the upload route is JSON (dates as text); read back through the procedure, the
  // item has the same types, Date values included, as everywhere else in the client.
  return createClubClient(options).media.get.query({ id });
}
