import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClubClient } from "./client";
import { isClubError } from "./errors";

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

  it("leaves a call the script aborted itself as its own abort", async () => {
    const port = await silentServer();
    const club = createClubClient({ url: `http://127.0.0.1:${port}`, token: "club_x" });
    const controller = new AbortController();
    const call = club.auth.status.query(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const err = await failureOf(call);
    expect(err.message).not.toMatch(/Could not reach/);
  });
});
