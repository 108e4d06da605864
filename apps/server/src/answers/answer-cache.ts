import { createHash } from "node:crypto";
import type { ChangeListener } from "@club/db";
import { LRUCache } from "lru-cache";

/** An answer as it went out: its body, the headers that belong to it, and its ETag. */
export interface KeptAnswer {
  readonly body: string;
  readonly contentType: string;
  /** A list's `Link: <…>; rel="next"`, when it had one. */
  readonly link: string | undefined;
  /** Weak: the same JSON may go out compressed or not. */
  readonly etag: string;
}

/**
 * The ETag of a caller's answer: a hash of who asked and the body, computed once, when the answer
 * is kept. With the caller in it, one member's ETag never gets a 304 from another's answer.
 */
export function etagOf(viewer: string, body: string): string {
  return `W/"${createHash("sha1").update(viewer).update("\n").update(body).digest("base64url")}"`;
}

/**
 * Answers of the lists and reads members ask for most (the serialized JSON), kept a few seconds by
 * what was asked and who asked (the key is the caller's to make). What makes this safe:
 * - every change to the tables the answers are made of is told by the database itself (statement
 *   triggers, migration 0015, whoever makes the change), and then everything kept is forgotten:
 *   which answers a change touches (a new invitation, a renamed member) is hard to say, forgetting
 *   all of them is simple and always right;
 * - while the server is not listening to those changes (the connection dropped), nothing is kept;
 * - an answer whose reading began before a change was told is not kept (`mark`): it may predate
 *   the change;
 * - whatever happens, nothing is kept longer than `ttlMs` (what changes with time alone, such as
 *   an invitation expiring, is late by that much at most).
 */
export class AnswerCache implements ChangeListener {
  readonly #kept: LRUCache<string, KeptAnswer>;
  #generation = 0;
  #listening = false;
  /**
   * Requests for an answer that may be kept, since the start: served a kept one (or the one another
   * request was making at that moment), or made their own (the metrics' club_answer_cache_requests_total).
   */
  readonly requests = { hit: 0, miss: 0 };

  constructor(options: { ttlMs: number; maxBytes?: number }) {
    this.#kept = new LRUCache({
      ttl: options.ttlMs,
      // Bounded by size, not count: an answer is 10 bytes or a megabyte. JS strings are UTF-16.
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (answer, key) => 2 * (answer.body.length + key.length) + 200,
      // A TTL of a few seconds: no timer per entry, an old one is dropped when it is asked for.
      ttlAutopurge: false,
    });
  }

  get(key: string): KeptAnswer | undefined {
    return this.#listening ? this.#kept.get(key) : undefined;
  }

  /** Taken before the answer is read from the database, and given back to `set`. */
  mark(): number {
    return this.#generation;
  }

  /** Keeps an answer, unless a change was told (or listening stopped) since `mark`. */
  set(key: string, viewer: string, answer: Omit<KeptAnswer, "etag">, mark: number): KeptAnswer | undefined {
    if (!this.#listening || mark !== this.#generation) return undefined;
    // An answer larger than the whole cache is not kept (lru-cache would refuse it with a warning).
    if (2 * answer.body.length > this.#kept.maxSize / 4) return undefined;
    const kept = Object.freeze({ ...answer, etag: etagOf(viewer, answer.body) });
    this.#kept.set(key, kept);
    return kept;
  }

  changed(): void {
    this.clear();
  }

  listening(): void {
    this.clear();
    this.#listening = true;
  }

  deaf(): void {
    this.#listening = false;
    this.clear();
  }

  /** Forgets everything (a change was told, or may have gone untold). */
  clear(): void {
    this.#generation++;
    this.#kept.clear();
  }

  get size(): number {
    return this.#kept.size;
  }

  /** Whether changes are told now (the metrics' club_answer_cache_listening). */
  get isListening(): boolean {
    return this.#listening;
  }
}
