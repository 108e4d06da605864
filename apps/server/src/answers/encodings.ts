import zlib, { constants } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * How JSON answers and pages go compressed, for @fastify/compress and for the kept answers, which
 * keep their compressed bytes so that serving one again does not compress it again: brotli at
 * quality 4 (it costs about what gzip does and makes smaller answers), else gzip, above 1 KB.
 */
export const ENCODINGS: Encoding[] = ["br", "gzip"];
export type Encoding = "br" | "gzip";
export const COMPRESS_THRESHOLD = 1024;
export const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Brotli told the size of what it compresses. Node's zlib drives brotli's streaming encoder, which,
 * not told the size, readies hash tables for a large input at every call: an answer of 1 KB took
 * 44 µs at quality 4 against 22 µs told its size, 30 KB 210 against 130 µs, the bytes the same
 * (docs/decisions/brotli-told-the-answers-size.md).
 */
export function brotli(body: string | Buffer): Buffer {
  return zlib.brotliCompressSync(body, {
    params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Node's zlib for @fastify/compress, whose synchronous brotli (answers in hand up to
 * SYNC_COMPRESS_LIMIT) is `brotli` above: the plugin gives every answer the same options.
 */
export const compressZlib = { ...zlib, brotliCompressSync: (payload: string | Buffer) => brotli(payload) };
/**
 * Answers in hand up to this size are compressed in one synchronous call, as the kept ones are;
 * larger ones (an export, a list of thousands) through a stream, so that one answer does not hold
 * the event loop for long. 1 MB of JSON takes about 5 ms at brotli's quality 4.
 */
export const SYNC_COMPRESS_LIMIT = 1024 * 1024;

/** The encoding @fastify/compress would choose for this Accept-Encoding (`*` and x-gzip are gzip). */
export function chosenEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  return negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), ENCODINGS) ?? undefined;
}

export function encode(body: string, encoding: Encoding): Buffer {
  return encoding === "br" ? brotli(body) : zlib.gzipSync(body);
}

/**
 * The body for this request compressed as @fastify/compress would (the same encoding, above the
 * same size), with its Content-Encoding and Vary. For the bodies the plugin never sees: the pages,
 * which the not-found handler sends (the plugin works route by route, and that handler is no
 * route), and the kept answers, which pass where their compressed bytes are kept so that each
 * encoding is made once.
 */
export function encodedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  made?: Map<Encoding, Buffer>,
): string | Buffer {
  if (Buffer.byteLength(body) < COMPRESS_THRESHOLD) return body;
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/accept-encoding/i.test(vary)) reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  const encoding = chosenEncoding(request.headers["accept-encoding"]);
  if (!encoding) return body;
  let bytes = made?.get(encoding);
  if (!bytes) {
    bytes = encode(body, encoding);
    made?.set(encoding, bytes);
  }
  reply.header("content-encoding", encoding);
  return bytes;
}
