import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * PGlite is a single-process database: two processes opening one data directory corrupt it.
 * A lock file holding the owner's pid guards it. A lock left by a process that no longer
 * runs is taken over; a live owner is named in the error.
 *
 * A pid alone does not tell: a container's processes get the same small pids at every start, so
 * the lock a killed container left names a pid that is alive again, as another process. On Linux
 * the lock also records the owner's start time (field 22 of /proc/<pid>/stat, in clock ticks since
 * boot) and the machine's boot id; a lock whose pid runs now with another start time, or written
 * before the machine last booted, is stale. Where /proc is absent (macOS) the pid alone decides.
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
  /** The process's start time, in clock ticks since boot (Linux; absent elsewhere and in older locks). */
  startTime?: string;
  /** The boot the start time counts from (/proc/sys/kernel/random/boot_id). */
  bootId?: string;
}

/** Field 22 of /proc/<pid>/stat: when the process started; undefined without /proc or such a process. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself:
    // the fields after it start after its last ')', with field 3 first.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = fields[22 - 3];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

export function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What the lock file records of this process. */
function currentHolder(command: string): LockHolder {
  const startTime = processStartTime(process.pid);
  const boot = bootId();
  return {
    pid: process.pid,
    command,
    since: new Date().toISOString(),
    ...(startTime && boot ? { startTime, bootId: boot } : {}),
  };
}

/**
 * Whether the process the lock names still runs: its pid is alive and, where the lock recorded
 * when it started and /proc can say, it is the same process (same boot, same start time).
 */
export function holderIsAlive(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  if (holder.startTime === undefined || holder.bootId === undefined) return true;
  const boot = bootId();
  if (boot === undefined) return true;
  if (boot !== holder.bootId) return false;
  const startTime = processStartTime(holder.pid);
  return startTime === undefined || startTime === holder.startTime;
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
    typeof value.since === "string" &&
    (!("startTime" in value) || typeof value.startTime === "string") &&
    (!("bootId" in value) || typeof value.bootId === "string")
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

/**
 * Takes the lock file for this process, or throws DatabaseLockedError naming its live holder.
 *
 * The file appears whole: written beside it first, then hard-linked into place (a link fails if the
 * lock exists), so no other process ever reads a half-written lock and takes it for a stale one.
 * A stale lock is moved aside before it is removed, and what was moved is checked to be the holder
 * judged stale: of two processes taking over at once, the second cannot remove the first one's
 * fresh lock.
 */
export function acquireLock(lockPath: string, command: string): () => void {
  mkdirSync(dirname(lockPath), { recursive: true });
  const me = currentHolder(command);
  const mine = `${lockPath}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(mine, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(mine, lockPath);
      } catch (err) {
        if (!(err instanceof Error && "code" in err && err.code === "EEXIST")) throw err;
        const holder = readHolder(lockPath);
        if (holder && holder.pid !== process.pid && holderIsAlive(holder)) {
          throw new DatabaseLockedError(lockPath, holder);
        }
        // Stale lock from a process that has ended, or whose pid another process has now (or an
        // unreadable one): take it over.
        setAside(lockPath, holder);
        continue;
      }
      const release = () => {
        if (readHolder(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
      };
      // A process that exits without closing the database (a start that failed half-way) lets go too.
      process.once("exit", release);
      return () => {
        process.off("exit", release);
        release();
      };
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(`Could not lock the embedded database at ${lockPath}.`);
}

/** Moves a stale lock out of the way; one that is not the holder judged stale is put back. */
function setAside(lockPath: string, stale: LockHolder | undefined): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return; // another process took it first
    throw err;
  }
  const moved = readHolder(aside);
  const same = moved?.pid === stale?.pid && moved?.since === stale?.since;
  if (!same) {
    // Another process took the lock over between our read and the move: its lock goes back.
    try {
      linkSync(aside, lockPath);
    } catch {
      // A third process made a lock meanwhile: it holds the database now, and its lock stays.
    }
  }
  rmSync(aside, { force: true });
}
