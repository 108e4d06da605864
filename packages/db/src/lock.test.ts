import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireLock, bootId, DatabaseLockedError, type LockHolder, processStartTime } from "./lock";

const dir = mkdtempSync(join(tmpdir(), "club-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const lockPath = () => join(dir, `db-${n++}.lock`);
const write = (path: string, holder: LockHolder) => writeFileSync(path, JSON.stringify(holder));
const holderIn = (path: string): LockHolder => JSON.parse(readFileSync(path, "utf8")) as LockHolder;
const hasProc = existsSync("/proc/self/stat") && existsSync("/proc/sys/kernel/random/boot_id");
// A process that is alive for sure and is not this one: the test runner's parent.
const live = process.ppid;

describe("the embedded database's lock file", () => {
  it("is written with this process's pid, and removed on release", () => {
    const path = lockPath();
    const release = acquireLock(path, "test");
    expect(holderIn(path)).toMatchObject({ pid: process.pid, command: "test" });
    release();
    expect(existsSync(path)).toBe(false);
  });

  it("refuses a live holder of an older lock file (pid only), naming it", () => {
    const path = lockPath();
    write(path, { pid: live, command: "club server", since: "then" });
    expect(() => acquireLock(path, "test")).toThrow(DatabaseLockedError);
    expect(() => acquireLock(path, "test")).toThrow(`pid ${live}: club server`);
  });

  it("takes over a lock whose process has ended", () => {
    const path = lockPath();
    write(path, { pid: 2 ** 22 + 7, command: "gone", since: "then" });
    acquireLock(path, "test")();
  });

  it("appears whole and leaves nothing beside it: taking over, refused, or released", () => {
    const path = lockPath();
    write(path, { pid: 2 ** 22 + 9, command: "gone", since: "then" });
    const release = acquireLock(path, "test");
    expect(holderIn(path)).toMatchObject({ pid: process.pid, command: "test" });
    const besides = () => readdirSync(dir).filter((f) => f.startsWith(`${basename(path)}.`));
    expect(besides()).toEqual([]);
    write(path, { pid: live, command: "club server", since: "now" });
    expect(() => acquireLock(path, "test")).toThrow(DatabaseLockedError);
    expect(besides()).toEqual([]);
    // Released by this process only: the live holder's lock stays.
    release();
    expect(holderIn(path)).toMatchObject({ pid: live });
  });

  describe.skipIf(!hasProc)("with /proc (Linux)", () => {
    it("records the process's start time and the boot it counts from", () => {
      const path = lockPath();
      const release = acquireLock(path, "test");
      const holder = holderIn(path);
      expect(holder.startTime).toBe(processStartTime(process.pid));
      expect(holder.startTime).toMatch(/^\d+$/);
      expect(holder.bootId).toBe(bootId());
      release();
    });

    it("reads the start time after a command name with spaces and parentheses", () => {
      // Our own stat line's fields, as a process named "a) b (c" would have them.
      const own = readFileSync(`/proc/${process.pid}/stat`, "utf8");
      const after = own.slice(own.lastIndexOf(")") + 2).split(" ");
      expect(processStartTime(process.pid)).toBe(after[19]);
    });

    it("refuses a truly live holder: same pid, same start time, same boot", () => {
      const path = lockPath();
      const startTime = processStartTime(live);
      const boot = bootId();
      if (!startTime || !boot) throw new Error("expected /proc to tell");
      write(path, { pid: live, command: "club server", since: "then", startTime, bootId: boot });
      expect(() => acquireLock(path, "test")).toThrow(DatabaseLockedError);
    });

    it("takes over a lock naming a live pid that another process has now (another start time)", () => {
      // What a killed container leaves: the next container's process has the same small pid.
      const path = lockPath();
      const startTime = processStartTime(live);
      const boot = bootId();
      if (!startTime || !boot) throw new Error("expected /proc to tell");
      write(path, { pid: live, command: "club server", since: "then", startTime: `${startTime}1`, bootId: boot });
      const release = acquireLock(path, "test");
      expect(holderIn(path).pid).toBe(process.pid);
      release();
    });

    it("takes over a lock written before the machine last booted", () => {
      const path = lockPath();
      const startTime = processStartTime(live);
      if (!startTime) throw new Error("expected /proc to tell");
      write(path, {
        pid: live,
        command: "club server",
        since: "then",
        startTime,
        bootId: "00000000-0000-0000-0000-000000000000",
      });
      const release = acquireLock(path, "test");
      expect(holderIn(path).pid).toBe(process.pid);
      release();
    });
  });
});
