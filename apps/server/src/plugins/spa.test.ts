import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, startApp } from "../test/harness";

let h: Harness;
let webDist: string;
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "club-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(
    join(webDist, "index.html"),
    '<!doctype html><meta property="og:image" content="/icons/icon-512.png" /><title>club</title><div id=root></div>',
  );
  writeFileSync(join(webDist, "assets", "app.js"), script);
  writeFileSync(join(webDist, "assets", "app.js.br"), brotliCompressSync(script));
  writeFileSync(join(webDist, "assets", "app.js.gz"), gzipSync(script));
  writeFileSync(join(webDist, "assets", "app.js.map"), '{"version":3,"sources":["secret.ts"]}');
  h = await startApp({ webDist });
});
afterAll(async () => {
  await h.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe("the built web app", () => {
  it("sends the build's brotli or gzip file to browsers that accept it", async () => {
    const br = await h.app.inject({ url: "/assets/app.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await h.app.inject({ url: "/assets/app.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await h.app.inject({ url: "/assets/app.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("never serves source maps, and a missing asset is a 404, not the app's page", async () => {
    const map = await h.app.inject({ url: "/assets/app.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("secret.ts");
    expect((await h.app.inject({ url: "/assets/gone-1234.js" })).statusCode).toBe(404);
    const page = await h.app.inject({ url: "/events/some-event" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<div id=root>");
    // A link preview's image is named by its whole address, on the club's origin.
    expect(page.body).toContain(`property="og:image" content="${ORIGIN}/icons/icon-512.png"`);
  });

  it("leaves the build's files out of the API's OpenAPI document, which answers beside them", async () => {
    // With the build present every deployment answered 500 here: each built file is a route.
    const res = await h.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode, res.body).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain("/api/events");
    expect(paths.filter((p) => /assets|index\.html|\.(br|gz|map|js)$/.test(p))).toEqual([]);
  });

  it("compresses JSON answers above a kilobyte, and leaves small ones as they are", async () => {
    await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
    const cookie = await login(h, "fay@club.test");
    const small = await h.app.inject({ url: "/user-details", headers: { cookie, "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    for (let i = 0; i < 5; i++) {
      const res = await request(
        h,
        "POST",
        "/api/events",
        { title: `Salon ${i}`, description: "d".repeat(400) },
        cookie,
      );
      expect(res.statusCode).toBe(200);
    }
    const br = await h.app.inject({ url: "/api/events", headers: { cookie, "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    const events = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
    expect(events.map((e: { title: string }) => e.title)).toContain("Salon 4");
    const plain = await h.app.inject({ url: "/api/events", headers: { cookie } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(events);
  });
});
