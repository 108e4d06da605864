import { request as httpRequest } from "node:http";
import { media } from "@club/db";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gracefulShutdown } from "./shutdown";
import { addUser, type Harness, login, ORIGIN, startApp } from "./test/harness";

let h: Harness;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "ada@club.test", name: "Ada", type: "Founding" });
});
afterAll(() => h.db.close());

describe("stopping the server", () => {
  it("finishes an upload already under way, refuses new connections, then exits cleanly", async () => {
    const cookie = await login(h, "ada@club.test");
    const base = new URL(await h.app.listen({ port: 0, host: "127.0.0.1" }));
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#456" } })
      .jpeg()
      .toBuffer();
    const head = Buffer.from(
      '--XX\r\nContent-Disposition: form-data; name="media"; filename="late.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const tail = Buffer.from("\r\n--XX--\r\n");
    const body = Buffer.concat([head, photo, tail]);
    const half = Math.floor(body.length / 2);

    const req = httpRequest({
      host: base.hostname,
      port: base.port,
      path: "/upload-media",
      method: "POST",
      headers: {
        origin: ORIGIN,
        cookie,
        "content-type": "multipart/form-data; boundary=XX",
        "content-length": body.length,
      },
    });
    const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
      });
      req.on("error", reject);
    });
    // The upload is under way once the server has its request (headers read, half the body sent).
    const received = new Promise((resolve) => h.app.server.once("request", resolve));
    req.write(body.subarray(0, half));
    await received;

    let exitCode: number | undefined;
    const closing = gracefulShutdown(h.app, { graceMs: 10_000, exit: (code) => (exitCode = code) })("SIGTERM");
    // The stop has begun: new connections are refused. Only then does the rest of the upload arrive.
    const healthz = () =>
      fetch(new URL("/healthz", base)).then(
        () => "answered",
        () => "refused",
      );
    await expect.poll(healthz, { timeout: 10_000 }).toBe("refused");
    req.end(body.subarray(half));

    const res = await answer;
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ file_name: "late.jpg", media_type: "image" });
    // The answer closed its connection: the stop does not wait for a keep-alive timeout.
    expect(res.connection).toBe("close");
    const answeredAt = Date.now();
    await closing;
    expect(Date.now() - answeredAt).toBeLessThan(2000);
    expect(exitCode).toBe(0);
    expect((await h.db.db.select().from(media)).map((m) => m.fileName)).toEqual(["late.jpg"]);
  });
});
