import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clubUrl, remoteFetch } from "./remote-failure";

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo; // listen() on a TCP port answers an AddressInfo.
  await new Promise((done) => server.close(done));
  return port;
}

let refusing: Server;
let refusingUrl: string;
beforeAll(async () => {
  // Answers as the club does to a token it does not know: 401 with tRPC's batched error.
  refusing = createServer((_req, res) => {
    res.writeHead(401, { "content-type": "application/json" });
    res.end(JSON.stringify([{ error: { json: { message: "Please sign in.", code: -32001 } } }]));
  });
  await new Promise<void>((done) => refusing.listen(0, "127.0.0.1", done));
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => refusing.close(done)));

describe("a remote server's failures", () => {
  it("name the address and the cause when nothing answers", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    await expect(remoteFetch(`${url}/some/path`)(`${url}/trpc/auth.me`)).rejects.toThrow(
      `Cannot reach ${url}: connection refused (ECONNREFUSED).`,
    );
  });

  it("name the address and the server's words when the token is refused", async () => {
    await expect(remoteFetch(refusingUrl)(`${refusingUrl}/trpc/auth.me`)).rejects.toThrow(
      `${refusingUrl} refused the token (401): Please sign in.`,
    );
  });

  it("refuse an address that is not one", () => {
    expect(() => clubUrl("club.example.com")).toThrow(
      `--url must be the club's address, like https://club.example.com (got "club.example.com").`,
    );
    expect(clubUrl("https://club.example.com")).toBe("https://club.example.com");
  });
});
