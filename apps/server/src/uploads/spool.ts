import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Bytes as a person reads them in a limit: "500 MB", "2.5 MB". */
export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export class UploadTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limitBytes: number) {
    super(`The file is larger than the upload limit of ${megabytes(limitBytes)}.`);
  }
}

/**
 * Streams an upload to a temporary file while counting its bytes, so memory stays flat
 * whatever the size, and stops at the limit. The caller removes the file.
 */
export async function spoolToDisk(
  // @fastify/multipart's file stream says whether it was cut at its own limit.
  source: Readable & { truncated?: boolean },
  tmpDir: string,
  limitBytes: number,
  signal?: AbortSignal,
): Promise<{ path: string; size: number }> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `upload-${randomUUID()}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > limitBytes) done(new UploadTooLarge(limitBytes));
      else done(null, chunk);
    },
  });
  try {
    // The signal ends the copy when the client goes away, which the multipart stream alone may never report.
    await pipeline(source, counter, createWriteStream(path), signal ? { signal } : {});
    // @fastify/multipart truncates at its own limit instead of failing; treat that as too large too.
    if (source.truncated) throw new UploadTooLarge(limitBytes);
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { path, size };
}
