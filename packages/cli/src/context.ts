import type { Env } from "@club/api";
import type { DbHandle } from "@club/db";
import type { JobQueue } from "@club/jobs";
import { type Command, InvalidArgumentError } from "commander";
import { type Api, remoteApi } from "./api";
import { requireDatabasePackages } from "./database-packages";
import { CommandFailed } from "./errors";

export { CommandFailed };

/*
 * The remote commands (--url, --token) load nothing of the database: the commands' files import the
 * server's packages for types only, and what works on the database (local/, the database's seed
 * target, the domain functions of @club/api) is loaded with `await import()` once a command needs it.
 * The bundle keeps those as chunks of their own; `pnpm deps` checks the rule.
 */

/**
 * The CLI reads the same configuration as the server and opens the same database. With `jobs`,
 * a job queue on it too (work it sends, mail say, is done by the server).
 */
export async function withDb<T>(
  fn: (handle: DbHandle, env: Env, jobs: JobQueue) => Promise<T>,
  options: { jobs?: boolean } = {},
): Promise<T> {
  requireDatabasePackages();
  const { openDatabase } = await import("./local/database");
  return openDatabase(fn, options);
}

export interface Remote {
  url: string;
  token: string;
}

/** `--url` and `--token` (or CLUB_URL and CLUB_TOKEN): work against a running server instead of the database. */
export function remoteOf(command: Command): Remote | undefined {
  // The program's own options (before the command): a command may have a --url of its own.
  let root = command;
  while (root.parent) root = root.parent;
  const opts = root.opts<{ url?: string; token?: string }>();
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

/**
 * The operator's procedures (the mail outbox): remotely with --url and --token; on the database
 * when it is free; and while the server holds the embedded database, through the server's socket.
 */
export async function withOperatorApi<T>(command: Command, fn: (api: Api) => Promise<T>): Promise<T> {
  const remote = remoteOf(command);
  if (remote) return fn(remoteApi(remote.url, remote.token));
  requireDatabasePackages();
  const { withLocalOperatorApi } = await import("./local/database");
  return withLocalOperatorApi(fn);
}

/** An option's parser for a count from 1 to `max` (`--limit`); anything else is a usage error saying so. */
export function countUpTo(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`must be a whole number from 1 to ${max}`);
    return n;
  };
}
