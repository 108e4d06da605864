import { randomUUID } from "node:crypto";
import postgres from "postgres";
import type { RawConnection } from "./client";

/**
 * The channel the `club_auth_changed` triggers notify (migration 0014): the id of a member whose
 * sessions or account changed, or `*` when the tables were emptied at once.
 */
export const AUTH_CHANGES_CHANNEL = "club_auth";
/** Payloads of this process's own catch-up marks (member ids are UUIDs, never this). */
const MARK = "mark:";

/** What a server does with the changes it is told. */
export interface AuthChangeListener {
  /** This member's sessions or account changed (`*`: everyone's). */
  changed(userId: string): void;
  /** Listening from now on; changes made while not listening were not told. */
  listening(): void;
  /** Not listening (the connection dropped): changes may go untold until `listening`. */
  deaf(): void;
}

export interface AuthChanges {
  /**
   * Resolves true once every change committed before the call has reached the listener (false
   * after `timeoutMs`). A request that changed something waits for this before it answers, so the
   * next request to this server sees the change.
   */
  caughtUp(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Listens to the changes of sessions and members. On Postgres, on a connection of its own that is
 * opened again when it drops (the listener is told `deaf` meanwhile); on the embedded database, in
 * the one process that opens it, where a notification is told before the statement that made it
 * returns.
 */
export async function listenAuthChanges(raw: RawConnection, listener: AuthChangeListener): Promise<AuthChanges> {
  if (raw.kind === "pglite") {
    const unlisten = await raw.client.listen(AUTH_CHANGES_CHANNEL, (payload) => listener.changed(payload));
    listener.listening();
    return { caughtUp: async () => true, close: unlisten };
  }
  return listenOnPostgres(raw.url, listener);
}

async function listenOnPostgres(url: string, listener: AuthChangeListener): Promise<AuthChanges> {
  const marks = new Map<string, () => void>();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const onnotify = (channel: string, payload: string) => {
    if (channel !== AUTH_CHANGES_CHANNEL) return;
    if (payload.startsWith(MARK)) marks.get(payload)?.();
    else listener.changed(payload);
  };
  const options: postgres.Options<Record<string, never>> = {
    max: 1,
    // One long-lived connection: postgres.js would otherwise recycle it after 30–60 minutes.
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 5,
    onnotice: () => {},
    onclose() {
      if (closed) return;
      listener.deaf();
      void listen();
    },
  };
  // postgres.js takes `onnotify` (its own `listen` is built on it) but its types leave it out; its
  // `listen` would open the connection again by itself, without telling that it had dropped.
  const sql = postgres(url, { ...options, onnotify } as typeof options);

  async function listen(): Promise<void> {
    try {
      await sql.unsafe(`listen "${AUTH_CHANGES_CHANNEL}"`);
      listener.listening();
    } catch {
      // The database is away: the next try in a second (the listener stays deaf meanwhile).
      if (!closed) retry = setTimeout(() => void listen(), 1000);
    }
  }
  await listen();

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
        await sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${mark})`;
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
      await sql.end({ timeout: 1 });
    },
  };
}
