import { randomUUID } from "node:crypto";
import postgres from "postgres";
import type { RawConnection } from "./client";

/**
 * The channel the `club_auth_changed` triggers notify (migration 0014): the id of a member whose
 * sessions or account changed, or `*` when the tables were emptied at once.
 */
export const AUTH_CHANGES_CHANNEL = "club_auth";
/**
 * The channel the `club_data_changed` triggers notify (migration 0015): the name of a table whose
 * rows the kept answers (events, media, comments, members' names) are made of changed; for comments
 * and their likes, seats, waitlist places and invitations, `table:<id>`, the item commented on or
 * the member whose row it is (migration 0032); for seats and waitlist places also
 * `table:event:<id>`, the event whose row it is (migration 0033).
 */
export const DATA_CHANGES_CHANNEL = "club_data";
/** The channel the `club_notification_changed` trigger notifies (migration 0026): a member whose notifications changed. */
export const NOTIFY_CHANNEL = "club_notify";
/** The channel the `club_comment_changed` trigger notifies (migration 0026): an event or media item whose comments changed. */
export const COMMENTS_CHANNEL = "club_comments";
/** The `application_name` of the connection that listens to the changes (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = "club: listening for changes";
/** Payloads of this process's own catch-up marks (member ids are UUIDs, never this). */
const MARK = "mark:";

/** What a server does with the changes it is told on one channel. */
export interface ChangeListener {
  /** What changed: the channel's payload (on AUTH_CHANGES_CHANNEL a member's id, `*`: everyone's). */
  changed(payload: string): void;
  /** Listening from now on; changes made while not listening were not told. */
  listening(): void;
  /** Not listening (the connection dropped): changes may go untold until `listening`. */
  deaf(): void;
}

/** Sessions and members: a member's id. */
export type AuthChangeListener = ChangeListener;

export interface Changes {
  /**
   * Resolves true once every change committed before the call has reached the listener (false
   * after `timeoutMs`). A request that changed something waits for this before it answers, so the
   * next request to this server sees the change.
   */
  caughtUp(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}
export type AuthChanges = Changes;

/** Listens to the changes of sessions and members only. */
export function listenAuthChanges(raw: RawConnection, listener: AuthChangeListener): Promise<AuthChanges> {
  return listenChanges(raw, { [AUTH_CHANGES_CHANNEL]: listener });
}

/**
 * Listens to the changes told on each channel given, each to its listener. On Postgres, on one
 * connection of its own for all of them, opened again when it drops (every listener is told `deaf`
 * meanwhile); on the embedded database, in the one process that opens it, where a notification is
 * told before the statement that made it returns. One connection for every channel is what lets
 * `caughtUp` speak for all of them: Postgres tells a connection its notifications in the order
 * their transactions committed, whatever their channel.
 */
export async function listenChanges(raw: RawConnection, listeners: Record<string, ChangeListener>): Promise<Changes> {
  const channels = Object.keys(listeners);
  const first = channels[0];
  if (first === undefined) throw new Error("listenChanges: no channel to listen to");
  if (raw.kind === "pglite") {
    const unlisten = await Promise.all(
      channels.map((channel) => raw.client.listen(channel, (payload) => listeners[channel]?.changed(payload))),
    );
    for (const listener of Object.values(listeners)) listener.listening();
    return {
      caughtUp: async () => true,
      close: async () => {
        for (const stop of unlisten) await stop();
      },
    };
  }
  return listenOnPostgres(raw.url, listeners, first);
}

async function listenOnPostgres(
  url: string,
  listeners: Record<string, ChangeListener>,
  markChannel: string,
): Promise<Changes> {
  const marks = new Map<string, () => void>();
  const all = Object.values(listeners);
  let closed = false;
  /** Drops of the connection so far: LISTEN statements that straddle one do not count. */
  let drops = 0;
  let trying = false;
  let retry: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const onnotify = (channel: string, payload: string) => {
    if (channel === markChannel && payload.startsWith(MARK)) marks.get(payload)?.();
    else if (Object.hasOwn(listeners, channel)) listeners[channel]?.changed(payload);
  };
  const options: postgres.Options<Record<string, never>> = {
    max: 1,
    // One long-lived connection: postgres.js would otherwise recycle it after 30–60 minutes.
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 5,
    // Named, so an operator (or a test) finds it in pg_stat_activity.
    connection: { application_name: LISTENER_APPLICATION_NAME },
    onnotice: () => {},
    // Also told of each attempt to connect that fails: deaf again, and the one loop of tries goes on.
    onclose() {
      if (closed) return;
      drops++;
      for (const listener of all) {
        // A listener that throws must not keep the others from hearing that the connection dropped.
        try {
          listener.deaf();
        } catch {}
      }
      keepTrying();
    },
  };
  // postgres.js takes `onnotify` (its own `listen` is built on it) but its types leave it out; its
  // `listen` would open the connection again by itself, without telling that it had dropped.
  const sql = postgres(url, { ...options, onnotify } as typeof options);

  /** One try: LISTEN on every channel, then the listeners told, unless the connection dropped meanwhile. */
  async function listen(): Promise<boolean> {
    const at = drops;
    try {
      for (const channel of Object.keys(listeners)) await sql.unsafe(`listen "${channel}"`);
    } catch {
      return false;
    }
    if (drops !== at) return false;
    for (const listener of all) {
      // A listener that throws must not end the loop that keeps the others listening.
      try {
        listener.listening();
      } catch {}
    }
    return true;
  }

  /**
   * Tries to listen again until it does, a second between tries (the listeners stay deaf meanwhile).
   * One loop at a time: every failed attempt to connect also closes, and a loop started by each
   * close made dozens of attempts a second while the database was away, and as many loops after.
   */
  function keepTrying(): void {
    if (trying || closed) return;
    trying = true;
    void (async () => {
      try {
        while (!closed && !(await listen())) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            retry = setTimeout(resolve, 1000);
          });
        }
      } finally {
        // Whatever ended the loop, the next drop starts another (never stuck "trying").
        trying = false;
      }
    })();
  }
  if (!(await listen())) keepTrying();

  return {
    async caughtUp(timeoutMs) {
      // Postgres tells notifications in the order their transactions committed: once a mark sent
      // now arrives, so has every change committed before it.
      const mark = `${MARK}${randomUUID()}`;
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        marks.set(mark, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      try {
        await sql`select pg_notify(${markChannel}, ${mark})`;
        return await arrived;
      } catch {
        return false;
      } finally {
        marks.delete(mark);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      wake?.();
      await sql.end({ timeout: 1 });
    },
  };
}
