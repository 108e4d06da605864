import zlib, { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BROTLI_OPTIONS, brotli, compressZlib, encode } from "./encodings";

const answer = (rows: number) =>
  JSON.stringify(
    Array.from({ length: rows }, (_, i) => ({ id: `event-${i}`, title: `Jazz evening ${i}`, city: "Boston" })),
  );

describe("brotli told the answer's size", () => {
  it("makes the bytes brotli makes untold, for small and large answers alike", () => {
    for (const body of [answer(1), answer(40), answer(4000)]) {
      const told = brotli(body);
      expect(told.equals(brotliCompressSync(body, BROTLI_OPTIONS))).toBe(true);
      expect(brotliDecompressSync(told).toString()).toBe(body);
    }
  });

  it("is what the kept answers and @fastify/compress's synchronous path both use", () => {
    const body = answer(40);
    expect(encode(body, "br").equals(brotli(body))).toBe(true);
    expect(compressZlib.brotliCompressSync(Buffer.from(body)).equals(brotli(body))).toBe(true);
    // The plugin's stream path (answers above 1 MB) and gzip are Node's own.
    expect(compressZlib.createBrotliCompress).toBe(zlib.createBrotliCompress);
    expect(compressZlib.gzipSync).toBe(zlib.gzipSync);
  });
});
