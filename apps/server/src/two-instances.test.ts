/// <reference path="../../../packages/storage/src/s3rver.d.ts" />
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@club/api";
import { createTestDb } from "@club/db/testing";
import { simpleParser } from "mailparser";
import S3rver from "s3rver";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleJobs, testPhoto } from "./test/harness";
import { type Instance, startInstance, stopInstance, until } from "./test/instances";
import { openLiveStream } from "./test/live-stream";

/**
 * Two server processes on one Postgres, one Redis, one S3 server and one SMTP receiver, as a
 * deployment with two instances behind a load balancer: what one instance does, the other sees.
 * Runs where Postgres is (TEST_DATABASE_URL) and Redis answers at REDIS_URL (127.0.0.1:6379 by default).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ORIGIN = "http://club.test";

type Mail = { to: string[]; subject: string };

let db: Awaited<ReturnType<typeof createTestDb>>;
let s3: S3rver;
let smtp: SMTPServer;
let dataDir: string;
const mails: Mail[] = [];
let env: NodeJS.ProcessEnv;
let a: Instance;
let b: Instance;
// Each run counts its throttles from an address and an account of its own (Redis keeps counts).
const run = randomBytes(3).toString("hex");
const clientIp = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const email = `ada-${run}@club.test`;

function call(instance: Instance, method: string, path: string, body?: unknown, cookie?: string) {
  return fetch(`${instance.url}${path}`, {
    method,
    headers: {
      origin: ORIGIN,
      "x-forwarded-for": clientIp,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe.skipIf(!databaseUrl)("two server instances", () => {
  beforeAll(async () => {
    db = await createTestDb();
    await db.migrate();
    await createUser(db.db, { email, name: "Ada", password: "password1", type: "Founding" });
    dataDir = mkdtempSync(join(tmpdir(), "club-two-"));
    s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: join(dataDir, "s3") });
    const s3Address = await s3.run();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        simpleParser(stream).then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.flatMap((x) => x.value) : (mail.to?.value ?? []);
          mails.push({ to: to.map((x) => x.address ?? ""), subject: mail.subject ?? "" });
          done();
        }, done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      APP_ORIGIN: ORIGIN,
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_ACCESS_KEY: "S3RVER",
      S3_SECRET_KEY: "S3RVER",
      S3_BUCKET: `club-${run}`,
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      SHUTDOWN_GRACE_SECONDS: "5",
      // Kept a minute: a session that ends on one instance can then only end on the other because
      // the database told it, not because its copy aged.
      SESSION_CACHE_SECONDS: "60",
      // The same for the answers of lists and reads.
      ANSWER_CACHE_SECONDS: "60",
    };
    // The first instance migrates; the second starts on the migrated database.
    a = await startInstance("a", { env });
    b = await startInstance("b", { env });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((instance) => stopInstance(instance)));
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await s3?.close();
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  let cookie: string;

  it("a session made on one instance works on the other, and ends on both", async () => {
    const login = await call(a, "POST", "/login", { email, password: "password1" });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const me = await call(b, "GET", "/user-details", undefined, cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);

    const other = (
      await (await call(b, "POST", "/login", { email, password: "password1" })).headers.getSetCookie()
    )[0]!.split(";")[0]!;
    expect((await call(b, "POST", "/logout", undefined, other)).status).toBe(200);
    expect((await call(a, "GET", "/user-details", undefined, other)).status).toBe(401);
    expect((await call(b, "GET", "/user-details", undefined, other)).status).toBe(401);
    expect((await call(a, "GET", "/user-details", undefined, cookie)).status).toBe(200);
  });

  const detailsStatus = (instance: Instance, session: string) => async () =>
    (await call(instance, "GET", "/user-details", undefined, session)).status;

  it("a session both instances keep ends on both when it is signed out on one", async () => {
    const session = (
      await (await call(a, "POST", "/login", { email, password: "password1" })).headers.getSetCookie()
    )[0]!.split(";")[0]!;
    expect(await detailsStatus(a, session)()).toBe(200);
    expect(await detailsStatus(b, session)()).toBe(200);
    expect((await call(b, "POST", "/logout", undefined, session)).status).toBe(200);
    expect(await detailsStatus(b, session)()).toBe(401);
    await expect.poll(detailsStatus(a, session), { timeout: 2000 }).toBe(401);
  });

  it("a change of rights made on one instance ends the member's session kept by the other", async () => {
    const adminEmail = `root-${run}@club.test`;
    const memberEmail = `mo-${run}@club.test`;
    await createUser(db.db, { email: adminEmail, name: "Root", password: "password1", admin: true });
    const member = await createUser(db.db, { email: memberEmail, name: "Mo", password: "password1", type: "Founding" });
    const signIn = async (who: string) =>
      (await (await call(a, "POST", "/login", { email: who, password: "password1" })).headers.getSetCookie())[0]!.split(
        ";",
      )[0]!;
    const admin = await signIn(adminEmail);
    const session = await signIn(memberEmail);
    expect(await detailsStatus(b, session)()).toBe(200);
    const changed = await call(a, "PUT", `/api/users/${member.id}/privilege`, { type: "Standard" }, admin);
    expect(changed.status).toBe(200);
    await expect.poll(detailsStatus(b, session), { timeout: 2000 }).toBe(401);
  });

  it("a throttle counted on one instance holds on the other", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(i % 2 ? b : a, "POST", "/login", { email: `nobody-${run}@club.test`, password: "wrong" });
      statuses.push(res.status);
    }
    // Ten wrong passwords from one address in ten minutes, then 429 from both instances.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("media uploaded through one instance is listed and served by the other", async () => {
    const form = new FormData();
    form.append("media", new Blob([await testPhoto("jpeg", "#7a3")], { type: "image/jpeg" }), "garden.jpg");
    const upload = await fetch(`${a.url}/upload-media`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const item = (await upload.json()) as { id: string; url: string };
    const list = (await (await call(b, "GET", "/api/media", undefined, cookie)).json()) as { id: string }[];
    expect(list.map((m) => m.id)).toContain(item.id);
    const file = await call(b, "GET", item.url, undefined, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^image\//);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    const fromA = Buffer.from(await (await call(a, "GET", item.url, undefined, cookie)).arrayBuffer());
    expect(bytes.equals(fromA)).toBe(true);
  });

  it("a change made on one instance reaches the answers the other keeps", async () => {
    const titles = async (instance: Instance) =>
      ((await (await call(instance, "GET", "/api/events", undefined, cookie)).json()) as { title: string }[]).map(
        (e) => e.title,
      );
    // B keeps its answer (asked twice, the second one kept), then A adds an event.
    await titles(b);
    const kept = await titles(b);
    expect(kept).not.toContain(`Harbour walk ${run}`);
    const created = await call(a, "POST", "/api/events", { title: `Harbour walk ${run}` }, cookie);
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    await expect
      .poll(async () => ((await titles(b)).includes(`Harbour walk ${run}`) ? 1 : 0), { timeout: 2000 })
      .toBe(1);
    // And a comment added on B reaches the comments A keeps.
    const comments = async (instance: Instance) =>
      (
        (await (
          await call(instance, "GET", `/api/comments?commentableId=${id}`, undefined, cookie)
        ).json()) as unknown[]
      ).length;
    expect(await comments(a)).toBe(0);
    expect(await comments(a)).toBe(0);
    expect((await call(b, "POST", "/api/comments", { content: "Bring boots", commentableId: id }, cookie)).status).toBe(
      200,
    );
    await expect.poll(() => comments(a), { timeout: 2000 }).toBe(1);
  });

  it("the bell on one instance hears of a comment made through the other, and signing out ends it", async () => {
    const beaEmail = `bea-${run}@club.test`;
    await createUser(db.db, { email: beaEmail, name: "Bea", password: "password1" });
    // From an address of its own: the throttle test before has this file's address refused at login.
    const address = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const signIn = async (instance: Instance, who: string) => {
      const res = await fetch(`${instance.url}/login`, {
        method: "POST",
        headers: { origin: ORIGIN, "x-forwarded-for": address, "content-type": "application/json" },
        body: JSON.stringify({ email: who, password: "password1" }),
      });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie()[0]!.split(";")[0]!;
    };
    const ada = await signIn(a, email);
    const bea = await signIn(b, beaEmail);
    const created = await call(a, "POST", "/api/events", { title: `Live salon ${run}` }, ada);
    const event = ((await created.json()) as { id: string }).id;

    const stream = await openLiveStream(`${a.url}/trpc/notifications.live`, {
      origin: ORIGIN,
      "x-forwarded-for": clientIp,
      cookie: ada,
    });
    try {
      const first = await until("the count at connection", () => stream.events[0]);
      const before = (first.data as { unread: number }).unread;
      expect(first.id).toBeTruthy();
      expect(
        (await call(b, "POST", "/api/comments", { commentableId: event, content: "See you there" }, bea)).status,
      ).toBe(200);
      const next = await until("the new count", () => stream.events[1], 5000);
      expect(next.data).toMatchObject({ unread: before + 1 });

      // Signed out through the other instance: the stream ends at once, not at its next check.
      const started = Date.now();
      expect((await call(b, "POST", "/logout", undefined, ada)).status).toBe(200);
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      stream.close();
    }
  });

  it("each mail goes once, and a restart of one instance loses nothing", async () => {
    // Asked of A; either instance's worker may send it, exactly once.
    expect((await call(a, "POST", "/forgot-password", { email })).status).toBe(200);
    await until("the reset mail", () => (mails.some((m) => m.to.includes(email)) ? true : undefined));

    // A stops; what is asked meanwhile is done by B; A comes back with the same sessions.
    await stopInstance(a);
    expect((await call(b, "POST", "/forgot-password", { email })).status).toBe(200);
    await until("the second reset mail", () =>
      mails.filter((m) => m.to.includes(email)).length >= 2 ? true : undefined,
    );
    a = await startInstance("a", { env });
    expect((await call(a, "GET", "/user-details", undefined, cookie)).status).toBe(200);

    // Nothing was sent twice, by either instance: once no job waits or runs, none can send again.
    await settleJobs(db.db);
    expect(mails.filter((m) => m.to.includes(email))).toHaveLength(2);
  });
});
