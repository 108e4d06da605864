import { createHash } from "node:crypto";
import { type Sight, sightMadeOf } from "@club/api";
import { ToldCache } from "@club/db";
import { LRUCache } from "lru-cache";
import type { Encoding } from "./encodings";

/** How many items' changes are remembered at most (see `changed`). */
const MAX_ITEMS_TOLD = 10_000;
/** What the cache holds by default, answers and sights together. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** The members' sights' share of it. */
const SIGHTS_SHARE = 1 / 8;
/** An entry's own objects and the cache's bookkeeping for it, besides its strings and bytes. */
const ENTRY_OVERHEAD = 200;
/** A sight's event id: 36 characters of two bytes, and the array's pointer to it. */
const SIGHT_ID_BYTES = 80;

/**
 * The bytes in a memory block of their own size. zlib's synchronous calls answer a slice of the
 * 16 KB block they compressed into: a kept copy of 900 bytes held all 16 KB while the cache counted
 * 900, and under the realistic mix the server's memory grew to several times the cache's bound.
 */
function ownBlock(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/**
 * A kept answer's compressed copies, made later than the answer (the first time a request asks for
 * each encoding), each kept in a block of its own size: each one tells the cache, which then counts
 * the memory it holds in the answer's size.
 */
class Encodings extends Map<Encoding, Buffer> {
  readonly #grew: () => void;

  constructor(grew: () => void) {
    super();
    this.#grew = grew;
  }

  override set(encoding: Encoding, bytes: Buffer): this {
    super.set(encoding, ownBlock(bytes));
    this.#grew();
    return this;
  }
}

/**
 * What a kept answer holds: its JSON (two bytes a character), the memory of its compressed copies
 * (their blocks, not only the bytes they use) and its key.
 */
function answerBytes(answer: KeptAnswer, key: string): number {
  let bytes = 2 * answer.body.length + 2 * key.length + ENTRY_OVERHEAD;
  for (const copy of answer.encoded.values()) bytes += copy.buffer.byteLength;
  return bytes;
}

/**
 * An answer as it went out: its body, the headers that belong to it, and its ETag. Kept as an
 * instance of this class, its fields set in one order, frozen (shared by every request that is
 * served it): every lookup reads them, so they must share one hidden class. Made as `{ ...answer,
 * etag }` each got a class of its own on Node 20; made by `Object.assign({}, answer, …)` they
 * took the class of the answer given, and in one run of the whole suite, after other files'
 * answers, ten answers fell into ten classes. A class's objects share its own.
 */
class KeptAnswer {
  readonly body: string;
  readonly contentType: string;
  /** A list's `Link: <…>; rel="next"`, when it had one. */
  readonly link: string | undefined;
  /** Weak: the same JSON may go out compressed or not. */
  readonly etag: string;
  /** The tables it is made of (KEPT_ANSWERS), and the cache's generation when its reading began. */
  readonly tables: readonly string[];
  readonly madeAt: number;
  /** When it changes by itself, with nothing written (a day ending, a deadline passing), in ms; Infinity: never. */
  readonly changesAt: number;
  /** Its compressed bytes by encoding, made the first time a request asks for that encoding. */
  readonly encoded: Map<Encoding, Buffer>;

  constructor(
    answer: Pick<KeptAnswer, "body" | "contentType" | "link" | "tables" | "changesAt">,
    etag: string,
    madeAt: number,
    encoded: Map<Encoding, Buffer>,
  ) {
    this.body = answer.body;
    this.contentType = answer.contentType;
    this.link = answer.link;
    this.etag = etag;
    this.tables = answer.tables;
    this.madeAt = madeAt;
    this.changesAt = answer.changesAt;
    this.encoded = encoded;
  }
}

export type { KeptAnswer };

const keptAnswer = (...made: ConstructorParameters<typeof KeptAnswer>): KeptAnswer =>
  Object.freeze(new KeptAnswer(...made));

/** A member's sight (null: none, her answers are hers alone), and when it changes by itself (ms; Infinity: never). */
export interface KeptSight {
  readonly sight: Sight | null;
  readonly changesAt: number;
}

/**
 * The ETag of a caller's answer: a hash of who asked and the body, computed once, when the answer
 * is kept. With the caller in it, one member's ETag never gets a 304 from another's answer.
 */
export function etagOf(viewer: string, body: string): string {
  return `W/"${createHash("sha1").update(viewer).update("\n").update(body).digest("base64url")}"`;
}

/**
 * Answers of the lists and reads members ask for most (the serialized JSON, and its compressed
 * bytes), kept a few seconds by what was asked and who asked (the key is the caller's to make).
 * What makes this safe:
 * - every change to the tables the answers are made of is told by the database itself (statement
 *   triggers, migrations 0015 and 0029, whoever makes the change), naming the table; each answer
 *   knows its tables (KEPT_ANSWERS, which a test checks against the SQL each procedure sends), and
 *   the answers made from a changed table are forgotten, the others stay: a like forgets the
 *   comments, not the events list. Comments and likes tell of the item commented on (migration
 *   0032), and an answer that says it reads one item's comments (`tables` holding
 *   `comments:<item>`) is forgotten by a change to that item's, not another's. Seats and waitlist
 *   places tell of their member and of their event (migrations 0032, 0033): a member's sight is
 *   made of her rows, and a shared events list of the rows of the events on its page;
 * - while the server is not listening to those changes (the connection dropped), nothing is kept;
 * - an answer whose reading began before a change to one of its tables was told is not kept
 *   (`mark`): it may predate the change;
 * - what changes with time alone is not kept past that moment: each answer says when it changes by
 *   itself (`changesAt`: the day "upcoming" starts from ends, an RSVP deadline it shows passes), and a
 *   member's answers are kept no later than her sight changes (an invitation she has not accepted
 *   expires);
 * - whatever happens, nothing is kept longer than `ttlMs` (the bound on what is kept from before a
 *   change that was never told: a listening connection lost without a word).
 *
 * Forgetting is by generation rather than by walking the kept answers: each change numbers itself,
 * each table remembers the number of its last change, and an answer made before the last change
 * to one of its tables is dropped when it is next asked for.
 */
export class AnswerCache extends ToldCache {
  readonly #kept: LRUCache<string, KeptAnswer>;
  /**
   * Members' sights (`sightOf`; null: none, her answers are hers alone), by member, with the
   * generation when they were read: forgotten like an answer, when what they are read from changes
   * (`sightMadeOf`: her own seats, places and invitations, and the events and media).
   */
  readonly #sights: LRUCache<string, KeptSight & { madeAt: number }>;
  /** The generation of each table's last change told of the whole table. */
  readonly #changedAt = new Map<string, number>();
  /**
   * Tables told of by the item, member or event their rows belong to (`comments:<item id>`,
   * `event_participants:<member id>`, `event_participants:event:<event id>`): the generation of
   * the last change to any of their rows, which an answer that did not say whose rows it reads is
   * made from, and of each item's rows, which an answer (or a member's sight) narrowed to them is.
   */
  readonly #rowsChangedAt = new Map<string, number>();
  readonly #itemChangedAt = new Map<string, number>();
  /** When the items' changes were last let go (there were too many): answers narrowed before count as changed. */
  #itemsForgottenAt = 0;
  /**
   * Requests for an answer that may be kept, since the start: served a kept one (or the one another
   * request was making at that moment), or made their own (the metrics' club_answer_cache_requests_total).
   */
  readonly requests = { hit: 0, miss: 0 };

  /**
   * `maxBytes` bounds everything it holds: the answers' JSON, their compressed copies and the
   * members' sights (an eighth of it). Sizes, not counts: an answer is 10 bytes or a megabyte, a
   * sight no event or thousands.
   */
  constructor(options: { ttlMs: number; maxBytes?: number }) {
    super();
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const sightBytes = Math.floor(maxBytes * SIGHTS_SHARE);
    this.#kept = new LRUCache({
      ttl: options.ttlMs,
      maxSize: maxBytes - sightBytes,
      sizeCalculation: answerBytes,
      // No timer per entry: an old one is dropped when it is asked for, or pushed out by newer ones.
      ttlAutopurge: false,
    });
    this.#sights = new LRUCache({
      max: 10_000,
      maxSize: sightBytes,
      sizeCalculation: (kept, memberId) =>
        2 * memberId.length + ENTRY_OVERHEAD + SIGHT_ID_BYTES * (kept.sight?.length ?? 0),
      ttl: options.ttlMs,
      ttlAutopurge: false,
    });
  }

  /** The bytes it holds as it counts them: answers with their compressed copies, and sights. */
  get bytes(): number {
    return this.#kept.calculatedSize + this.#sights.calculatedSize;
  }

  /** A member's sight as last read, while nothing it is read from changed since; undefined: read it. */
  sight(memberId: string): KeptSight | undefined {
    if (!this.isListening) return undefined;
    const kept = this.#sights.get(memberId);
    if (kept && (Date.now() >= kept.changesAt || !this.#unchangedSince(sightMadeOf(memberId), kept.madeAt))) {
      this.#sights.delete(memberId);
      return undefined;
    }
    return kept;
  }

  /** Keeps a member's sight read since `mark`, unless what it is read from changed meanwhile. */
  keepSight(memberId: string, { sight, changesAt }: KeptSight, mark: number): void {
    if (this.#unchangedSince(sightMadeOf(memberId), mark))
      this.#sights.set(memberId, { sight, changesAt, madeAt: mark });
  }

  get(key: string): KeptAnswer | undefined {
    if (!this.isListening) return undefined;
    const kept = this.#kept.get(key);
    if (kept && (Date.now() >= kept.changesAt || !this.#unchangedSince(kept.tables, kept.madeAt))) {
      this.#kept.delete(key);
      return undefined;
    }
    return kept;
  }

  /** Keeps an answer, unless one of its tables changed (or listening stopped) since `mark`. */
  set(
    key: string,
    viewer: string,
    answer: Pick<KeptAnswer, "body" | "contentType" | "link" | "tables" | "changesAt">,
    mark: number,
  ): KeptAnswer | undefined {
    if (Date.now() >= answer.changesAt || !this.#unchangedSince(answer.tables, mark)) return undefined;
    // An answer larger than a quarter of the cache is not kept (it would push out everything else).
    if (2 * answer.body.length > this.#kept.maxSize / 4) return undefined;
    const encoded = new Encodings(() => this.#copyMade(key, encoded));
    const kept = keptAnswer(answer, etagOf(viewer, answer.body), mark, encoded);
    this.#kept.set(key, kept);
    return kept;
  }

  /**
   * A compressed copy was added to the answer kept under `key`: counted from now on. lru-cache sizes
   * an entry when it is set, and only when its value is another object, so the answer is kept
   * again as a copy of itself (the same fields, the same copies), its time to live unchanged.
   */
  #copyMade(key: string, encoded: Encodings): void {
    const kept = this.#kept.peek(key);
    if (kept?.encoded !== encoded) return;
    this.#kept.set(key, keptAnswer(kept, kept.etag, kept.madeAt, kept.encoded), { noUpdateTTL: true });
  }

  /** Listening, not cleared, and none of `tables` (or `table:item`, their rows of an item) changed since `generation`. */
  #unchangedSince(tables: readonly string[], generation: number): boolean {
    return this.keepable(generation) && tables.every((table) => this.#lastChange(table) <= generation);
  }

  /** The generation of the last change to what `table` (all of it) or `table:item` (its rows of an item) names. */
  #lastChange(name: string): number {
    const colon = name.indexOf(":");
    if (colon < 0) return Math.max(this.#changedAt.get(name) ?? 0, this.#rowsChangedAt.get(name) ?? 0);
    const whole = this.#changedAt.get(name.slice(0, colon)) ?? 0;
    return Math.max(whole, this.#itemChangedAt.get(name) ?? this.#itemsForgottenAt);
  }

  /** A table changed (the payload is its name), or its rows of an item (`table:item`). */
  changed(payload: string): void {
    const generation = this.nextGeneration();
    const colon = payload.indexOf(":");
    if (colon < 0) {
      this.#changedAt.set(payload, generation);
      return;
    }
    this.#rowsChangedAt.set(payload.slice(0, colon), generation);
    // Bounded: past that many items, their changes are let go and every answer narrowed to an
    // item before now counts as changed (they expire within seconds anyway).
    if (this.#itemChangedAt.size >= MAX_ITEMS_TOLD) {
      this.#itemChangedAt.clear();
      this.#itemsForgottenAt = generation;
    }
    this.#itemChangedAt.set(payload, generation);
  }

  /**
   * Drops what can no longer be served: answers and sights past their time, or made before a change
   * to what they are made of. Otherwise they are dropped only when next asked for, or pushed out by
   * newer ones, and after a busy hour a quiet server would hold the bound's worth of dead answers.
   */
  forgetStale(): void {
    this.#kept.purgeStale();
    this.#sights.purgeStale();
    const now = Date.now();
    const answers: string[] = [];
    for (const [key, kept] of this.#kept.entries())
      if (now >= kept.changesAt || !this.#unchangedSince(kept.tables, kept.madeAt)) answers.push(key);
    for (const key of answers) this.#kept.delete(key);
    const sights: string[] = [];
    for (const [memberId, kept] of this.#sights.entries())
      if (now >= kept.changesAt || !this.#unchangedSince(sightMadeOf(memberId), kept.madeAt)) sights.push(memberId);
    for (const memberId of sights) this.#sights.delete(memberId);
  }

  protected forgetAll(): void {
    this.#kept.clear();
    this.#sights.clear();
    // Nothing kept predates this: the items' changes so far no longer matter.
    this.#itemChangedAt.clear();
  }

  get size(): number {
    return this.#kept.size;
  }
}
