import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClubClient, IDEMPOTENCY_KEY_CONTEXT } from "./client";
import { isClubError } from "./errors";
import { API_VERSION, CLIENT_VERSION } from "./version";

// What a script's author sees when the address is wrong or the server does not answer: a message
// naming the address and the reason, at once or within the timeout, never a bare "fetch failed".

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A server whose `GET /api/version` answers `status` and `body`; any other request fails the test. */
async function serverSaying(status: number, body: unknown): Promise<number> {
  const asked: string[] = [];
  server = createHttpServer((req, res) => {
    asked.push(req.url ?? "");
    res.writeHead(req.url === "/api/version" ? status : 500, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url === "/api/version" ? body : { message: "not expected" }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

/** A server that takes the connection and never answers. */
async function silentServer(): Promise<number> {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as { port: number }).port;
}

async function failureOf(call: Promise<unknown>): Promise<Error> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof Error)) throw new Error("the call did not fail");
  return err;
}

describe("createClubClient", () => {
  it.each([
    [undefined, "createClubClient needs the club's address as `url`, e.g. https://club.example.com."],
    ["  ", "createClubClient needs the club's address as `url`, e.g. https://club.example.com."],
    [
      "club.example.com",
      '"club.example.com" is not a web address: give the club\'s address with https:// (or http://), e.g. https://club.example.com.',
    ],
    [
      "ftp://club.example.com",
      '"ftp://club.example.com" is not a web address: give the club\'s address with https:// (or http://), e.g. https://club.example.com.',
    ],
  ])("refuses the address %j when the client is made", (url, message) => {
    expect(() => createClubClient({ url } as never)).toThrow(new TypeError(message));
  });

  it("names the address and the network's reason when nothing answers there", async () => {
    const port = await closedPort();
    const club = createClubClient({ url: `http://127.0.0.1:${port}/any/path`, token: "club_x" });
    const err = await failureOf(club.auth.status.query());
    expect(isClubError(err)).toBe(true);
    expect(err.message).toMatch(new RegExp(`^Could not reach http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  });

  it("gives up after its timeout, and says so", async () => {
    const port = await silentServer();
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x", timeoutMs: 300 });
    const started = Date.now();
    const err = await failureOf(club.auth.status.query());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.message).toBe(`Could not reach http://127.0.0.1:${port}: no answer within 0.3 s.`);
  });

  it("refuses, before any call, a server that speaks another API version, and says what to install", async () => {
    const port = await serverSaying(200, { version: "0.2.0", apiVersion: "0.2" });
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x" });
    const message =
      `This @club/client ${CLIENT_VERSION} speaks the club's API ${API_VERSION}; the server at ` +
      `http://127.0.0.1:${port} is version 0.2.0, API 0.2: install @club/client@0.2.0.`;
    expect((await failureOf(club.auth.status.query())).message).toBe(message);
    // Every later call too, without the procedure ever being asked (the server fails any other URL).
    expect((await failureOf(club.events.list.query({}))).message).toBe(message);
  });

  it("refuses a server older than the version route", async () => {
    const port = await serverSaying(404, { message: "Not found" });
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x" });
    expect((await failureOf(club.auth.status.query())).message).toMatch(
      /is a version older than this client's first, with no API version: update the server/,
    );
  });

  it("leaves a call the script aborted itself as its own abort", async () => {
    const port = await silentServer();
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x" });
    const controller = new AbortController();
    const call = club.auth.status.query(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const err = await failureOf(call);
    expect(err.message).not.toMatch(/Could not reach/);
  });

  it("listens to a live stream with its token, past the calls' timeout, and reopens it from the last event", async () => {
    // A server that speaks this client's API version and streams the bell as the club's does:
    // tRPC's "connected" event, then messages with ids; the first stream ends after one message.
    const streams: { auth: string | undefined; input: unknown; lastEventId: string | undefined }[] = [];
    server = createHttpServer((req, res) => {
      const url = new URL(req.url ?? "", "http://club.test");
      if (url.pathname === "/api/version") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ version: CLIENT_VERSION, apiVersion: API_VERSION }));
        return;
      }
      const input = JSON.parse(url.searchParams.get("input") ?? "null") as { json?: unknown } | null;
      const lastEventId = req.headers["last-event-id"];
      streams.push({ auth: req.headers.authorization, input: input?.json, lastEventId: lastEventId?.toString() });
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write("event: connected\ndata: {}\n\n");
      const n = streams.length;
      // Later than the timeout of calls (200 ms): a stream is not a call waiting for its answer.
      setTimeout(() => {
        res.write(
          `data: ${JSON.stringify({ json: { unread: n, messages: { unread: 0, changed: null } } })}\nid: e${n}\n\n`,
        );
        if (n === 1) res.end();
      }, 400);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x", timeoutMs: 200 });
    const heard: number[] = [];
    const errors: unknown[] = [];
    const subscription = club.notifications.live.subscribe(undefined, {
      onData: (event) => heard.push(event.data.unread),
      onError: (err) => errors.push(err),
    });
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([1, 2]);
    subscription.unsubscribe();
    expect(errors).toEqual([]);
    expect(streams[0]).toEqual({ auth: "Bearer club_x", input: null, lastEventId: undefined });
    // Reopened after the server ended it, from the last event it heard (tRPC's server reads the
    // header as the input's lastEventId).
    expect(streams[1]).toEqual({ auth: "Bearer club_x", input: null, lastEventId: "e1" });
  });
});

describe("a call refused by a limit", () => {
  /** A server that refuses `events.list` with 429 and `retryAfterSeconds` `refusals` times, then answers. */
  async function throttling(refusals: number, retryAfterSeconds: number) {
    const asked: number[] = [];
    server = createHttpServer((req, res) => {
      if (req.url === "/api/version") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(JSON.stringify({ version: CLIENT_VERSION, apiVersion: API_VERSION }));
      }
      asked.push(Date.now());
      const refused = asked.length <= refusals;
      const body = refused
        ? {
            error: {
              json: {
                message: "This API token has used its 3,000 calls of this minute.",
                code: -32029,
                data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, retryAfterSeconds },
              },
            },
          }
        : { result: { data: { json: { items: [], nextCursor: null } } } };
      res.writeHead(refused ? 429 : 200, {
        "content-type": "application/json",
        ...(refused ? { "retry-after": String(retryAfterSeconds) } : {}),
      });
      res.end(JSON.stringify([body]));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { club: createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_test" }), asked };
  }

  it("is tried again by itself after the wait the server says, and answers", async () => {
    const { club, asked } = await throttling(2, 1);
    const answer = await club.events.list.query({});
    expect(answer).toEqual({ items: [], nextCursor: null });
    expect(asked).toHaveLength(3);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(950);
  });

  it("is refused to the script when the wait is long, or after three tries", async () => {
    const long = await throttling(1, 600);
    const refused = await long.club.events.list.query({}).catch((err: unknown) => err);
    expect(isClubError(refused) && refused.data?.code).toBe("TOO_MANY_REQUESTS");
    expect(long.asked).toHaveLength(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const always = await throttling(10, 0);
    await expect(always.club.events.list.query({})).rejects.toThrow("3,000 calls");
    expect(always.asked).toHaveLength(3);
  });
});

describe("a mutation given a retry key", () => {
  it("goes alone, with its key as the Idempotency-Key header; other calls are batched without one", async () => {
    const asked: { url: string; key: string | undefined }[] = [];
    server = createHttpServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url === "/api/version")
        return res.end(JSON.stringify({ version: CLIENT_VERSION, apiVersion: API_VERSION }));
      const key = req.headers["idempotency-key"];
      asked.push({ url: (req.url ?? "").split("?")[0] ?? "", key: key?.toString() });
      const answer = { result: { data: { json: { webhook: { id: "w1" }, secret: "whsec_x" } } } };
      res.end(JSON.stringify(req.url?.includes("batch=1") ? [answer, answer] : answer));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x" });
    const hook = { name: "CRM", url: "https://crm.example.com/hook", events: ["event.created" as const] };
    const [keyed] = await Promise.all([
      club.webhooks.add.mutate(hook, { context: { [IDEMPOTENCY_KEY_CONTEXT]: "crm-hook-1" } }),
      club.webhooks.add.mutate(hook),
      club.webhooks.add.mutate(hook),
    ]);
    expect(keyed).toEqual({ webhook: { id: "w1" }, secret: "whsec_x" });
    expect(asked).toEqual(
      expect.arrayContaining([
        { url: "/trpc/webhooks.add", key: "crm-hook-1" },
        { url: "/trpc/webhooks.add,webhooks.add", key: undefined },
      ]),
    );
    expect(asked).toHaveLength(2);
  });
});
