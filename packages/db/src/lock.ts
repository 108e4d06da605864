import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * PGlite is a single-process database: two processes opening one data directory corrupt it.
 * A lock file holding the owner's pid guards it. A lock left by a process that no longer
 * runs is taken over; a live owner is named in the error.
 */
export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database is in use by another process (pid ${holder.pid}: ${holder.command}, since ${holder.since}). ` +
        "Stop that process first, or set DATABASE_URL to use a shared Postgres server.",
    );
    this.name = "DatabaseLockedError";
  }
}

export interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

function isLockHolder(value: unknown): value is LockHolder {
  return (
    typeof value === "object" &&
    value !== null &&
    "pid" in value &&
    typeof value.pid === "number" &&
    "command" in value &&
    typeof value.command === "string" &&
    "since" in value &&
    typeof value.since === "string"
  );
}

/** The lock's owner; a file that is not one we wrote (cut short, say) reads as no owner. */
function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const holder: unknown = JSON.parse(readFileSync(lockPath, "utf8"));
    return isLockHolder(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

export function acquireLock(lockPath: string, command: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  const me: LockHolder = { pid: process.pid, command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
      const holder = readHolder(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DatabaseLockedError(lockPath, holder);
      }
      // Stale lock from a process that has ended (or an unreadable one): take it over.
      if (existsSync(lockPath)) rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${lockPath}.`);
}
