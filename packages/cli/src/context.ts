import { join } from "node:path";
import { type Env, loadEnv } from "@club/api";
import { createDb, type DbHandle } from "@club/db";
import type { Command } from "commander";

/** Failures other than usage mistakes: exit code 2 (usage mistakes exit 1). */
export class CommandFailed extends Error {}

/** The CLI reads the same configuration as the server and opens the same database. */
export async function withDb<T>(fn: (handle: DbHandle, env: Env) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const handle = await createDb({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, "pglite"),
    processName: `club ${process.argv.slice(2, 4).join(" ")}`,
  });
  try {
    // Every command works on an up-to-date schema; migrating is idempotent.
    await handle.migrate();
    return await fn(handle, env);
  } finally {
    await handle.close();
  }
}

export interface Remote {
  url: string;
  token: string;
}

/** `--url` and `--token` (or CLUB_URL and CLUB_TOKEN): work against a running server instead of the database. */
export function remoteOf(command: Command): Remote | undefined {
  const opts = command.optsWithGlobals<{ url?: string; token?: string }>();
  const url = opts.url ?? process.env.CLUB_URL;
  const token = opts.token ?? process.env.CLUB_TOKEN;
  if (!url && !token) return undefined;
  if (!url || !token) throw new CommandFailed("Remote use needs both --url and --token (or CLUB_URL and CLUB_TOKEN).");
  return { url, token };
}

export function localOnly(command: Command, what: string): void {
  if (remoteOf(command)) throw new CommandFailed(`${what} works on the database only; drop --url and --token.`);
}

export function print(line = ""): void {
  process.stdout.write(`${line}\n`);
}
