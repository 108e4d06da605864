import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser, type NewUser } from "@club/api";
import { type ApiJobHandlers, type BackgroundDeps, backgroundJobs } from "@club/api/background";
import type { Db, DbHandle } from "@club/db";
import { createTestDb } from "@club/db/testing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "../app";
import { type AppConfig, configWith } from "../config";
import type { RestOperation } from "../openapi/describe";

export const ORIGIN = "http://club.test";

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

export interface Harness {
  app: FastifyInstance;
  db: TestDb;
  /** Every route the app added, as Fastify was told it (HEAD routes made for GET ones included). */
  routes: { method: string; url: string }[];
  /** The same routes, `METHOD /path`, with each one's description for the OpenAPI document. */
  described: Map<string, RestOperation | undefined>;
  close(): Promise<void>;
}

/**
 * The app on a fresh test database. `openAppDb` lets a test give the app its own connection to
 * that database (through a proxy it can cut, say); `build` passes options to buildApp (a store
 * that fails on purpose, say).
 */
export async function startApp(
  overrides: Partial<AppConfig> = {},
  openAppDb?: (testDb: TestDb) => Promise<DbHandle>,
  build: Pick<BuildOptions, "wrapStore" | "operatorSocket" | "throttle" | "liveStreamsPerServer" | "plainQueries"> = {},
): Promise<Harness> {
  const db = await createTestDb();
  const appDb = openAppDb ? await openAppDb(db) : undefined;
  const routes: Harness["routes"] = [];
  const described: Harness["described"] = new Map();
  const webDist = mkdtempSync(join(tmpdir(), "club-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>club</title><div id=root></div>");
  const app = await buildApp(
    configWith({
      appOrigin: ORIGIN,
      tempPassword: "Temp-Pass-1",
      dataDir: webDist,
      mailFrom: "club@club.test",
      webDist,
      maxUploadBytes: 5 * 1024 * 1024,
      shutdownGraceMs: 10_000,
      // Nothing kept by default: tests write their fixtures straight into the database, whose word
      // of the change reaches the server a moment later on Postgres (at once on the embedded one),
      // and a request made in that moment would get the answer kept before. The caches' own tests
      // turn them on (kept-answers, session-cache, two-instances).
      sessionCacheMs: 0,
      answerCacheMs: 0,
      ...overrides,
    }),
    {
      db: appDb ?? db,
      logger: false,
      jobPollingSeconds: 0.5,
      ...build,
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          routes.push({ method, url: route.url });
          described.set(`${method} ${route.url}`, route.config?.openapi);
        }
      },
    },
  );
  return {
    app,
    db,
    routes,
    described,
    close: async () => {
      await app.close();
      await appDb?.close();
      await db.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/**
 * The api's job handlers on a test app's database, store and queue, as its workers have them: a
 * test runs a job here and now (as its last try, say, or with the clock a day ahead).
 */
export function jobHandlers(h: Harness, more: Partial<BackgroundDeps> = {}): ApiJobHandlers {
  const { timeZone, reminderHours, webhookAllowPrivate } = configWith({ dataDir: h.app.dataDir });
  return backgroundJobs({
    db: h.app.dbHandle.db,
    jobs: h.app.jobs,
    config: { appOrigin: ORIGIN, timeZone, reminderHours, webhookAllowPrivate },
    store: h.app.mediaStore,
    tmpDir: join(h.app.dataDir, "tmp"),
    log: { info() {}, warn() {}, error() {} },
    keepVideoOriginals: true,
    ...more,
  });
}

export async function addUser(h: Harness, user: Partial<NewUser> & { email: string }) {
  return createUser(h.db.db, { name: "Member", password: "password1", ...user });
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error("no cookie set");
  return first.split(";")[0]!;
}

/** Signs in through the REST shim and returns the session cookie. */
export async function login(h: Harness, email: string, password = "password1"): Promise<string> {
  const res = await h.app.inject({
    method: "POST",
    url: "/login",
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** Signs in over HTTP to a listening app (`base` from `app.listen`) and returns the session cookie. */
export async function loginOver(base: string, email: string, password = "password1"): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0];
  if (!cookie) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Waits until no background job is waiting to run or running (the hourly housekeeping aside). */
export function settle(h: Harness, timeoutMs = 20_000): Promise<void> {
  return settleJobs(h.app.dbHandle.db, timeoutMs);
}

/** `settle` on a database that server processes share (then no job left can run again). */
export async function settleJobs(db: Db, timeoutMs = 20_000): Promise<void> {
  const { jobCounts } = await import("@club/jobs");
  const started = Date.now();
  for (;;) {
    const counts = await jobCounts(db);
    // Housekeeping and reminders wait for their hour by design; everything else should run now.
    const busy = counts.filter(
      (c) => !["housekeeping", "event.reminder"].includes(c.kind) && ["created", "retry", "active"].includes(c.state),
    );
    if (busy.length === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`jobs still busy: ${JSON.stringify(busy)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Messages queued for one address, oldest first. */
export async function mailTo(h: Harness, to: string) {
  // Some mail is made by a job after the answer (forgot-password): let the jobs finish first.
  await settle(h);
  const { mailOutbox } = await import("@club/db");
  const { asc, eq } = await import("@club/db/orm");
  return h.db.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));
}

/** The first link to this app's origin with the given path prefix in a message's text. */
export function linkIn(text: string, pathPrefix: string): string {
  const match = text.match(new RegExp(`${ORIGIN}${pathPrefix}[A-Za-z0-9]+`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${text}`);
  return match[0].slice(ORIGIN.length);
}

export function request(
  h: Harness,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  cookie?: string,
) {
  return h.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

/** A photo made on the spot (sharp), small and valid. */
export async function testPhoto(format: "png" | "jpeg" = "png", background = "#456"): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const image = sharp({ create: { width: 16, height: 12, channels: 3, background } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A multipart upload through inject(): one file, and text fields before it. */
export function uploadVia(
  h: Harness,
  options: {
    cookie?: string;
    url?: "/upload-media" | "/upload-image" | "/api/me/portrait";
    field?: string;
    filename: string;
    data: Buffer;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  const boundary = "----club-test-boundary";
  const parts = Object.entries(options.fields ?? {}).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const field =
    options.field ??
    { "/upload-image": "image", "/api/me/portrait": "portrait", "/upload-media": "media" }[
      options.url ?? "/upload-media"
    ];
  return h.app.inject({
    method: "POST",
    url: options.url ?? "/upload-media",
    headers: {
      origin: ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      "content-type": `multipart/form-data; boundary=${boundary}`,
      ...options.headers,
    },
    payload: Buffer.concat([
      Buffer.from(
        `${parts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${options.filename}"\r\n\r\n`,
      ),
      options.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}
