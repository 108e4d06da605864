import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIRST_START_LOG } from "./first-start";
import { type Instance, readiness, startInstance, stopInstance } from "./test/instances";

/**
 * The built server (dist/main.js) started as the image starts it, on the embedded default: as an
 * unprivileged user to whom the app's own files are read-only, on an empty data folder of its own.
 * The first start seeds the demo data, its video included (ffmpeg's work files must go to a
 * temporary folder, not beside the video among the app's files); a killed server's lock file,
 * naming a pid another process has by the next start (as in a new container), does not stop it; a
 * start that fails leaves no lock behind. As root (CI's containers) it runs as `nobody`.
 */
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const user = isRoot ? { uid: NOBODY, gid: NOBODY } : {};
let dataDir: string;
let instance: Instance | undefined;
const lockFile = () => join(dataDir, "pglite.lock");

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: dataDir,
  NODE_ENV: "production",
  PORT: "0",
  HOST: "127.0.0.1",
  APP_ORIGIN: "http://club.test",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  SHUTDOWN_GRACE_SECONDS: "2",
  ...extra,
});
const start = (name: string, extra?: NodeJS.ProcessEnv) =>
  startInstance(name, { env: env(extra), from: "built", timeoutMs: 120_000, ...user });

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "club-prod-"));
  if (isRoot) chownSync(dataDir, NOBODY, NOBODY);
});
afterAll(async () => {
  if (instance) await stopInstance(instance, "SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// The embedded default only: CI's second run, on Postgres (TEST_DATABASE_URL), would start the same
// embedded servers again and learn nothing more.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the built server on the embedded default", () => {
  it.skipIf(!isRoot)(
    "starts as an unprivileged user with read-only app files on an empty data folder, demo video included",
    async () => {
      instance = await start("first", { LOG_LEVEL: "info" });
      expect(instance.output()).toContain("First start: demo data was created.");
      // The database and its demo data were made by a process that ended before the server
      // listened, so that what that work took does not stay with the server (first-start.ts).
      const first = instance;
      await vi.waitFor(() => expect(first.output()).toContain('"club is listening"'));
      const logged = first
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; pid?: number });
      const seeder = logged.find((line) => line.msg === FIRST_START_LOG);
      const server = logged.find((line) => line.msg === "club is listening");
      expect(seeder?.pid).toEqual(expect.any(Number));
      expect(server?.pid).toEqual(expect.any(Number));
      expect(seeder?.pid).not.toBe(server?.pid);
      expect(await readiness(instance)).toBe(200);
      const gallery = await fetch(`${instance.url}/api/media`);
      // Signed out: the gallery is members-only; its being answered at all is the point here.
      expect([200, 401]).toContain(gallery.status);
    },
    150_000,
  );

  it("starts again after being killed, its lock file naming a pid another live process has now", async () => {
    instance ??= await start("first");
    const pid = instance.process.pid;
    await stopInstance(instance, "SIGKILL");
    instance = undefined;
    const left = JSON.parse(readFileSync(lockFile(), "utf8")) as { pid: number; startTime?: string };
    expect(left.pid).toBe(pid);
    // The next container's server gets the same small pid: here, a pid that is alive (this test
    // runner's) with the start time the killed server had, which is not the runner's.
    writeFileSync(lockFile(), JSON.stringify({ ...left, pid: process.pid }));
    if (isRoot) chownSync(lockFile(), NOBODY, NOBODY);
    instance = await start("again");
    expect(await readiness(instance)).toBe(200);
    await stopInstance(instance);
    instance = undefined;
    expect(existsSync(lockFile())).toBe(false);
  }, 150_000);

  it("lets go of the database's lock when its start fails", async () => {
    if (instance) await stopInstance(instance);
    instance = undefined;
    // The port is taken: the server has opened its database when listening fails.
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const address = taken.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const failed = await start("refused", { PORT: String(port) }).then(
        () => "started",
        (err: unknown) => String(err),
      );
      expect(failed).toContain("EADDRINUSE");
    } finally {
      taken.close();
    }
    expect(existsSync(lockFile())).toBe(false);
  }, 150_000);

  it("a first start given up on leaves nothing behind: the next start opens the database", async () => {
    if (instance) await stopInstance(instance);
    instance = undefined;
    const fresh = mkdtempSync(join(tmpdir(), "club-prod-given-up-"));
    if (isRoot) chownSync(fresh, NOBODY, NOBODY);
    try {
      const here = env({ DATA_DIR: fresh, HOME: fresh });
      // Given up on while its seeder makes the database (a busy machine's slow first start).
      const gaveUp = await startInstance("given-up", { env: here, from: "built", timeoutMs: 1_500, ...user }).then(
        () => "started",
        (err: unknown) => String(err),
      );
      expect(gaveUp).toContain("did not listen within 1500 ms");
      // Its seeder went with it: the database's lock is free for the next start.
      instance = await startInstance("after", { env: here, from: "built", timeoutMs: 120_000, ...user });
      expect(await readiness(instance)).toBe(200);
      await stopInstance(instance);
      instance = undefined;
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 150_000);
});
