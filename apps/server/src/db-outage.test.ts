import { connect, createServer, type Server, type Socket } from "node:net";
import { createDb } from "@club/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, startApp } from "./test/harness";

/**
 * The database going away and coming back, on Postgres (the embedded database cannot go away):
 * the app talks to Postgres through a TCP proxy that the test cuts and restores.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  return { up, down, port: () => port };
}

describe.skipIf(!postgresUrl)("when the database is unreachable", () => {
  let h: Harness;
  let proxy: ReturnType<typeof tcpProxy>;
  let cookie: string;

  beforeAll(async () => {
    const target = new URL(postgresUrl!);
    proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.up();
    // The test database is made and migrated directly; the app reaches it only through the proxy.
    // Nothing kept: a session or an answer kept in the seconds before the outage (at most
    // SESSION_CACHE_SECONDS and ANSWER_CACHE_SECONDS old) would be served as it is; this test is
    // about what the paths that reach the database answer.
    h = await startApp({ sessionCacheMs: 0, answerCacheMs: 0 }, (testDb) => {
      const viaProxy = new URL(testDb.url!);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port());
      return createDb({ databaseUrl: viaProxy.toString(), maxConnections: 4 });
    });
    await addUser(h, { email: "ada@club.test", name: "Ada" });
    cookie = await login(h, "ada@club.test");
  });
  afterAll(async () => {
    await h?.close();
    await proxy?.down();
  });

  it("answers 503 with Retry-After and a clear message, then recovers within a second", async () => {
    expect((await h.app.inject({ url: "/api/events", headers: { cookie } })).statusCode).toBe(200);
    await proxy.down();

    const started = Date.now();
    for (const [method, url, payload] of [
      ["GET", "/api/events", undefined],
      ["GET", "/auth-status", undefined],
      ["POST", "/login", { email: "ada@club.test", password: "password1" }],
      ["GET", "/trpc/events.list", undefined],
    ] as const) {
      const res = await h.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.body).toMatch(/briefly unavailable/);
    }
    expect((await h.app.inject({ url: "/readyz" })).statusCode).toBe(503);
    // Members keep trying for a while: every try is refused the same way, and the driver's
    // reconnection attempts pile up (its default backoff then grows towards 20 s).
    while (Date.now() - started < 3000) {
      expect((await h.app.inject({ url: "/api/events", headers: { cookie } })).statusCode).toBe(503);
    }
    // Each refusal came quickly, not after a 30-second connect timeout.
    expect(Date.now() - started).toBeLessThan(10_000);

    await proxy.up();
    const back = Date.now();
    let status = 0;
    while (Date.now() - back < 5000) {
      status = (await h.app.inject({ url: "/api/events", headers: { cookie } })).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
    const recovered = Date.now() - back;
    console.info(`database outage: answered 503 for 3 s, back to 200 ${recovered} ms after the database returned`);
    expect(recovered).toBeLessThan(1500);
  });
});
