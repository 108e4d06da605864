import { Readable } from "node:stream";
import type { MediaStore } from "@club/storage";

/**
 * How the store misbehaves: unreachable (`get` or `put` rejects), or failing part-way through an
 * object it is reading or writing (a disk error, a dropped connection to MinIO).
 */
export type StoreFault = "get-rejects" | "read-breaks" | "put-rejects" | "put-breaks";

/** What a store that does not answer throws (MinIO down: the connection is refused). */
const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9000"), { code: "ECONNREFUSED" });

/** Half of the first chunk of `source`, then an error, as a store's stream fails mid-read. */
function breaksMidway(source: Readable): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        yield chunk.subarray(0, Math.ceil(chunk.length / 2));
        break;
      }
      throw new Error("the store failed mid-read");
    })(),
    { objectMode: false },
  );
}

/**
 * The app's own store with failures a test switches on and off: `fault` for every call it names,
 * `missing` for objects that are gone although their media rows remain (deleted meanwhile, or not
 * there after a restore). Pass `wrap` to startApp.
 */
export class FailingStore {
  fault: StoreFault | undefined;
  readonly missing = new Set<string>();
  /** Keys read through the store (`get`), in order. */
  readonly reads: string[] = [];
  /** While set, reads wait for it: a test acts while a download is under way. */
  hold: Promise<void> | undefined;

  wrap = (store: MediaStore): MediaStore => ({
    ...store,
    get: async (key, range) => {
      this.reads.push(key);
      await this.hold;
      if (this.fault === "get-rejects") throw unreachable();
      if (this.missing.has(key)) return undefined;
      const object = await store.get(key, range);
      if (!object || this.fault !== "read-breaks") return object;
      return { ...object, stream: breaksMidway(object.stream) };
    },
    stat: async (key) => {
      await this.hold;
      if (this.fault === "get-rejects") throw unreachable();
      return this.missing.has(key) ? undefined : store.stat(key);
    },
    put: async (key, body, contentType, size) => {
      if (this.fault === "put-rejects") {
        body.destroy();
        throw unreachable();
      }
      if (this.fault === "put-breaks") return store.put(key, breaksMidway(body), contentType, size);
      return store.put(key, body, contentType, size);
    },
  });
}

/**
 * Errors nothing handled (an 'error' event without a listener, a rejection nobody awaited): in the
 * server's process each would end it. A test records them while it runs and expects none.
 */
export function recordUncaught(): { errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const record = (err: unknown) => errors.push(err);
  process.on("uncaughtException", record);
  process.on("unhandledRejection", record);
  return {
    errors,
    stop() {
      process.off("uncaughtException", record);
      process.off("unhandledRejection", record);
    },
  };
}
