// Uploads one large video through POST /upload-media and prints how much the server's memory
// grew while it streamed. Target: a few tens of MB whatever the file's size.
//   pnpm --filter @club/bench upload-memory [size in MB, default 1024]
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@club/api";
import { createDb } from "@club/db";
import { buildApp } from "@club/server";
import { BENCH_ORIGIN, benchConfig, benchSignIn } from "./bench-server";

const sizeMb = Number(process.argv[2] ?? 1024);
const dataDir = mkdtempSync(join(tmpdir(), "club-bench-"));
const origin = BENCH_ORIGIN;
const db = await createDb({});
await db.migrate();
await createUser(db.db, { email: "bench@club.local", name: "Bench", password: "bench-pass" });
const app = await buildApp(benchConfig(dataDir, { maxUploadBytes: (sizeMb + 10) * 1024 * 1024 }), {
  db,
  workers: false,
  logger: false,
});
const url = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
const cookie = await benchSignIn(url.origin, "bench@club.local", "bench-pass");

// An MP4 header, so the bytes are recognised as a video, then zeros.
const ftyp = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
const chunk = Buffer.alloc(1024 * 1024);
const boundary = "BENCHBOUNDARY";
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();

const status = await new Promise<number>((resolve, reject) => {
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      path: "/upload-media",
      method: "POST",
      headers: { origin, cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    },
    (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    },
  );
  req.on("error", reject);
  let sent = 0;
  const pump = () => {
    while (sent < sizeMb) {
      const data = sent === 0 ? Buffer.concat([head, ftyp, chunk.subarray(ftyp.length)]) : chunk;
      sent++;
      if (!req.write(data)) return req.once("drain", pump);
    }
    req.end(tail);
  };
  pump();
});
clearInterval(sampler);
const seconds = (performance.now() - started) / 1000;
console.log(
  `upload of ${sizeMb} MB: HTTP ${status} in ${seconds.toFixed(1)} s (${(sizeMb / seconds).toFixed(0)} MB/s)`,
);
console.log(
  `server process RSS: before ${(before / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB, growth ${((peak - before) / 2 ** 20).toFixed(0)} MB`,
);
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
