import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * DATA_DIR holds the members' photos and videos, unfinished uploads, the embedded database and the
 * operator socket: only the server's own user may read any of it (folders 700, files 600).
 *
 * The process's umask is set (077) rather than a mode given to each file, because most of these
 * files are written by code that is not ours and takes no mode: ffmpeg (a child process, which
 * inherits the umask), sharp, @tus/file-store (folders 777 and files 666, less the umask), PGlite,
 * Node's streams. A mode passed in one place would be forgotten in the next; the umask covers
 * every writer, this process's and its children's. The server writes nothing that others should
 * read, so nothing is lost by it.
 *
 * DATA_DIR itself is made 700, or narrowed to it when an earlier version (or the CLI, run first)
 * made it readable: what an earlier version left readable beneath it can then no longer be reached.
 */
export function keepDataPrivate(dataDir: string): { narrowed: boolean } {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
    return { narrowed: true };
  } catch (err) {
    // A folder another user owns (a volume made by root, say) cannot be narrowed by us: the server
    // still runs, and says so; what it writes there is its own (the umask).
    if (err instanceof Error && "code" in err && err.code === "EPERM") return { narrowed: false };
    throw err;
  }
}

/**
 * Takes the group's and others' bits off everything under `dir`. For the embedded database:
 * PGlite's first start writes its folder 750 and its configuration files 640 itself, whatever the
 * umask; once narrowed they stay so (Postgres accepts a data folder of 700). A database is about a
 * thousand files, so this costs nothing at start.
 */
export function narrowTree(dir: string): void {
  const paths = [dir, ...readdirSync(dir, { recursive: true, encoding: "utf8" }).map((p) => join(dir, p))];
  for (const path of paths) {
    const stat = lstatSync(path);
    if (!stat.isSymbolicLink() && stat.mode & 0o077) chmodSync(path, stat.mode & 0o700);
  }
}
