import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsFolder } from "@club/db";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Instance, readiness, startInstance, stopInstance } from "./test/instances";

/**
 * Two instances started at once on an empty Postgres database, as `docker compose up --scale
 * app=2` on a new deployment: both migrate it (one waits for the other's advisory lock, then finds
 * nothing left to do) and both become ready. Without the lock one of them failed creating a type
 * the other had just created. The built server (dist/main.js): both processes reach their
 * migrations within moments of each other, as containers do. Runs where Postgres is (TEST_DATABASE_URL).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const name = `club_test_race_${Date.now()}_${randomBytes(4).toString("hex")}`;
let admin: postgres.Sql;
let dataDir: string;
let instances: Instance[] = [];

describe.skipIf(!databaseUrl)("two instances started at once on an empty Postgres database", () => {
  beforeAll(async () => {
    admin = postgres(databaseUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    dataDir = mkdtempSync(join(tmpdir(), "club-race-"));
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance, "SIGKILL")));
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("both migrate it and become ready", async () => {
    const url = new URL(databaseUrl ?? "");
    url.pathname = `/${name}`;
    const env = (instance: string): NodeJS.ProcessEnv => ({
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      APP_ORIGIN: "http://club.test",
      DATABASE_URL: url.toString(),
      DATA_DIR: join(dataDir, instance),
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_SECONDS: "2",
    });
    const started = await Promise.allSettled([
      startInstance("a", { env: env("a"), from: "built" }),
      startInstance("b", { env: env("b"), from: "built" }),
    ]);
    instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failures = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    for (const instance of instances) expect(await readiness(instance)).toBe(200);
    // Every migration applied, once.
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const [row] = await db`select count(*)::int as n from drizzle.__drizzle_migrations`;
    await db.end();
    expect(row?.n).toBe(journal.entries.length);
  }, 150_000);
});
