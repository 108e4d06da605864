import type { AuthChangeListener } from "@club/db";
import { LRUCache } from "lru-cache";
import type { KeptSessions, ValidSession } from "./sessions";

type Kept = Readonly<Pick<ValidSession, "session" | "user">>;

/**
 * Sessions (with their member) a server keeps for a few seconds, by the session's id (the token's
 * hash), so that a request does not read the database for them. What makes this safe:
 * - every change that ends a session or changes what it grants is told by the database itself
 *   (triggers, migration 0014, whoever makes the change), and the member's sessions are forgotten;
 * - while the server is not listening to those changes (the connection dropped), nothing is kept;
 * - a read that began before a change was told is not kept (`mark`), so a stale row read just before
 *   a commit cannot be kept after the change was told;
 * - whatever happens, nothing is kept longer than `ttlMs`.
 */
export class SessionCache implements AuthChangeListener, KeptSessions {
  readonly #kept: LRUCache<string, Kept>;
  #generation = 0;
  #listening = false;

  constructor(options: { ttlMs: number; max?: number }) {
    this.#kept = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs });
  }

  get(id: string): Kept | undefined {
    return this.#listening ? this.#kept.get(id) : undefined;
  }

  /** Taken before reading a session from the database, and given back to `set`. */
  mark(): number {
    return this.#generation;
  }

  /** Keeps what was read, unless a change was told (or listening stopped) since `mark`. */
  set(id: string, value: Kept, mark: number): void {
    if (!this.#listening || mark !== this.#generation) return;
    // Shared by every request that finds it: nobody may change it.
    this.#kept.set(
      id,
      Object.freeze({ session: Object.freeze({ ...value.session }), user: Object.freeze({ ...value.user }) }),
    );
  }

  changed(userId: string): void {
    this.#generation++;
    if (userId === "*") {
      this.#kept.clear();
      return;
    }
    const hers: string[] = [];
    for (const [id, kept] of this.#kept.entries()) if (kept.user.id === userId) hers.push(id);
    for (const id of hers) this.#kept.delete(id);
  }

  listening(): void {
    this.#generation++;
    this.#kept.clear();
    this.#listening = true;
  }

  deaf(): void {
    this.#generation++;
    this.#listening = false;
    this.#kept.clear();
  }

  /** Forgets everything (a change may have gone untold). */
  clear(): void {
    this.changed("*");
  }
}
