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
  /** Streams holding a place on this server now (`admit`), at most `streamsPerServer`. */
  private admitted = 0;
  /**
   * Each session's open streams of one kind, oldest first (`enter`): at most
   * LIVE_STREAMS_PER_SESSION each, and a session's entry goes with its last stream, so this holds
   * no more than the streams open now.
   */
  private readonly bySession = new Map<string, LiveSeat[]>();
  private readonly byMember = new Map<string, LiveSeat[]>();

  /** `streamsPerServer`: LIVE_STREAMS_PER_SERVER but in tests, which fill a small one. */
  constructor(private readonly streamsPerServer = LIVE_STREAMS_PER_SERVER) {}

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
   * happens (a stream re-checks its session then), or when `signal` aborts, the stream's `seat` is
   * taken by a newer one, or the server closes. Resolves false when the stream should end.
   */
  next(keys: readonly string[], signal: AbortSignal | undefined, ms: number, seat?: LiveSeat): Promise<boolean> {
    if (this.closed || signal?.aborted || seat?.replaced) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (goOn: boolean) => {
        clearTimeout(timer);
        for (const key of keys) this.bus.off(key, wake);
        this.bus.off("everyone", wake);
        this.bus.off("closing", stop);
        signal?.removeEventListener("abort", stop);
        if (seat) seat.stop = undefined;
        resolve(goOn);
      };
      const wake = () => done(true);
      const stop = () => done(false);
      const timer = setTimeout(wake, ms);
      for (const key of keys) this.bus.on(key, wake);
      this.bus.on("everyone", wake);
      this.bus.once("closing", stop);
      signal?.addEventListener("abort", stop, { once: true });
      if (seat) seat.stop = stop;
    });
  }

  /**
   * A place for one more stream on this server, held until `release` (given back once, however
   * often it is called); undefined when every place is taken, and the stream is refused.
   */
  admit(): (() => void) | undefined {
    if (this.admitted >= this.streamsPerServer) return undefined;
    this.admitted++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.admitted--;
    };
  }

  /**
   * A stream of `kind` ("bell", "comments") opens in `session`, a session of `member`: its place
   * among that session's streams of the kind, a sixth taking the oldest's (LIVE_STREAMS_PER_SESSION),
   * and among all her sessions' (LIVE_STREAMS_PER_MEMBER: a member signing in again and again, or
   * with many API tokens, has many sessions), the oldest ending at once (its `next` resolves false).
   * The stream gives the place back with `leave` once it ends, whatever ended it. A place is a small
   * object, not an AbortController: a stream already costs some 65 KB of the server's heap (its
   * request, context and event stream), and this adds little.
   */
  enter(kind: string, session: string, member: string): LiveSeat {
    const seat = new LiveSeat(`${kind} ${session}`, `${kind} ${member}`);
    // The oldest ends, rather than the newest being refused: the tab she opened or came back to
    // last is live, and the one that ends stays ended until its page is shown again (apps/web's
    // useReopenLive), so tabs of one browser never take the place from each other in turn.
    this.place(this.bySession, seat.key, seat, LIVE_STREAMS_PER_SESSION);
    this.place(this.byMember, seat.memberKey, seat, LIVE_STREAMS_PER_MEMBER);
    return seat;
  }

  /** `seat` joins the list under `key`; past `limit`, the list's oldest ends and leaves. */
  private place(lists: Map<string, LiveSeat[]>, key: string, seat: LiveSeat, limit: number): void {
    // A list is dropped with its last stream: one that is here is not empty.
    const streams = lists.get(key) ?? [];
    if (streams.length === 0) lists.set(key, streams);
    streams.push(seat);
    if (streams.length > limit) {
      const oldest = streams[0];
      if (oldest) {
        oldest.replace();
        this.leave(oldest);
      }
    }
  }

  /** A stream ended, whatever ended it: its places are free (once; again changes nothing). */
  leave(seat: LiveSeat): void {
    for (const [lists, key] of [
      [this.bySession, seat.key],
      [this.byMember, seat.memberKey],
    ] as const) {
      const streams = lists.get(key);
      const at = streams?.indexOf(seat) ?? -1;
      if (!streams || at < 0) continue;
      streams.splice(at, 1);
      if (streams.length === 0) lists.delete(key);
    }
  }

  /**
   * The server is closing: every stream ends (a page shown opens its stream again, at another
   * instance: apps/web's useReopenLive).
   */
  close(): void {
    this.closed = true;
    this.bus.emit("closing");
  }
}

/** A stream's place among its session's streams of its kind (LiveChanges.enter). */
export class LiveSeat {
  /** A newer stream of its session took its place: the stream ends. */
  replaced = false;
  /** Ends the stream's wait, while it waits (`next`). */
  stop: (() => void) | undefined = undefined;

  constructor(
    /** Its kind and session. */
    readonly key: string,
    /** Its kind and member. */
    readonly memberKey: string,
  ) {}

  replace(): void {
    this.replaced = true;
    this.stop?.();
  }
}

/**
 * Live streams of one kind (the bell's, a page's comments) that one session keeps open at once. A
 * browser's tabs share its session, and each tab holds a bell and, on an event's or a photo's
 * page, its comments: five of each keeps five tabs live, where one member held 500 bells open,
 * all woken by each of her notifications (each a session check and a count). Counted per kind,
 * so a tab's comments never close another tab's bell.
 */
export const LIVE_STREAMS_PER_SESSION = 5;

/**
 * Live streams of one kind one member keeps open across all her sessions (each sign-in, each API
 * token is one): four browsers of five tabs each. Without it, a member signing in 400 times could
 * hold every place of the server (LIVE_STREAMS_PER_SERVER) and turn everyone else's away.
 */
export const LIVE_STREAMS_PER_MEMBER = 20;

/**
 * Live streams one server holds open at once, all members' together; past it a new one is refused
 * (503 with Retry-After) rather than left to slow everyone's requests. An open stream costs some
 * 65 KB of heap (its request, context and event stream) and a session check and a count every 25 s;
 * one woken costs the check and the count at once. Measured with 2,000 open on 2 shared cores and
 * Postgres: 127 MB of heap, a tenth of a core while idle, the directory answering in 16 ms (median)
 * meanwhile; all 2,000 woken together (a change told to everyone: the listening connection back
 * after a drop, a restore) read again within 4.2 s, a directory request waiting 3.6 s of it. On the
 * embedded database the same took 8 s, and a third of a core idle. A constant: no setting of the
 * club configures a limit of this kind (the table in docs/operating.md, "Limits", lists them all).
 */
export const LIVE_STREAMS_PER_SERVER = 2_000;

/**
 * What a stream of this member waits for besides its own news: a change to her sessions, API tokens
 * or account, after which it checks that what it was opened with still holds. Apart from her
 * notifications' key, so that a page's comments stream is not woken by her bell's news.
 */
export const authKey = (memberId: string) => `auth:${memberId}`;

/** How long a stream waits without news before it checks its session again. */
export const LIVE_RECHECK_MS = 25_000;
