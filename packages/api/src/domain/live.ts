import { EventEmitter } from "node:events";
import type { ChangeListener } from "@club/db";

/**
 * What a server tells its open live streams (the bell's count, an open page's comments): every
 * server listens to the database's notifications (Postgres LISTEN/NOTIFY, so a change made through
 * another instance arrives too) and wakes the streams the change concerns. A stream re-reads what it
 * shows when woken; nothing is pushed that was not read through the access rules.
 */
export class LiveChanges {
  private readonly bus = new EventEmitter().setMaxListeners(0);
  private closed = false;

  /** `club_notify`: a member's notifications changed (her id). */
  readonly notifications: ChangeListener = this.listener((id) => `member:${id}`);
  /** `club_comments`: the comments of an event or media item changed (its id). */
  readonly comments: ChangeListener = this.listener((id) => `comments:${id}`);
  /**
   * `club_auth`: a member's sessions, API tokens or account changed (her id, `*` for everyone):
   * every stream of hers checks its credentials, whatever it shows (authKey).
   */
  readonly auth: ChangeListener = this.listener((id) => (id === "*" ? "everyone" : authKey(id)));

  private listener(key: (payload: string) => string): ChangeListener {
    return {
      changed: (payload) => this.bus.emit(key(payload)),
      // Changes may have gone untold while not listening: every stream looks again.
      listening: () => this.bus.emit("everyone"),
      deaf: () => {},
    };
  }

  /**
   * Resolves at the next change told for one of `keys` (or for everyone), after `ms` whatever
   * happens (a stream re-checks its session then), or when `signal` aborts or the server closes.
   * Resolves false when the stream should end.
   */
  next(keys: readonly string[], signal: AbortSignal | undefined, ms: number): Promise<boolean> {
    if (this.closed || signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (goOn: boolean) => {
        clearTimeout(timer);
        for (const key of keys) this.bus.off(key, wake);
        this.bus.off("everyone", wake);
        this.bus.off("closing", stop);
        signal?.removeEventListener("abort", stop);
        resolve(goOn);
      };
      const wake = () => done(true);
      const stop = () => done(false);
      const timer = setTimeout(wake, ms);
      for (const key of keys) this.bus.on(key, wake);
      this.bus.on("everyone", wake);
      this.bus.once("closing", stop);
      signal?.addEventListener("abort", stop, { once: true });
    });
  }

  /** The server is closing: every stream ends (the browser reconnects to another instance). */
  close(): void {
    this.closed = true;
    this.bus.emit("closing");
  }
}

/**
 * What a stream of this member waits for besides its own news: a change to her sessions, API tokens
 * or account, after which it checks that what it was opened with still holds. Apart from her
 * notifications' key, so that a page's comments stream is not woken by her bell's news.
 */
export const authKey = (memberId: string) => `auth:${memberId}`;

/** How long a stream waits without news before it checks its session again. */
export const LIVE_RECHECK_MS = 25_000;
