import { type AuthChangeListener, ToldCache } from "@club/db";
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
export class SessionCache extends ToldCache implements AuthChangeListener, KeptSessions {
  readonly #kept: LRUCache<string, Kept>;

  constructor(options: { ttlMs: number; max?: number }) {
    super();
    this.#kept = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs });
  }

  get(id: string): Kept | undefined {
    return this.isListening ? this.#kept.get(id) : undefined;
  }

  /** Keeps what was read, unless any change was told (or listening stopped) since `mark`. */
  set(id: string, value: Kept, mark: number): void {
    if (!this.keepable(mark) || mark !== this.mark()) return;
    // Shared by every request that finds it: nobody may change it.
    this.#kept.set(
      id,
      Object.freeze({ session: Object.freeze({ ...value.session }), user: Object.freeze({ ...value.user }) }),
    );
  }

  /** A member's sessions are forgotten (`*`: everyone's). */
  changed(userId: string): void {
    if (userId === "*") {
      this.clear();
      return;
    }
    this.nextGeneration();
    const hers: string[] = [];
    for (const [id, kept] of this.#kept.entries()) if (kept.user.id === userId) hers.push(id);
    for (const id of hers) this.#kept.delete(id);
  }

  protected forgetAll(): void {
    this.#kept.clear();
  }
}
