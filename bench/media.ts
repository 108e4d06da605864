// Video conversion and large uploads: how long converting a minute of 1080p video takes here (against
// only decoding it, in the same run), and the server's memory while it converts and while five
// 200 MB uploads arrive at once. Targets: the server's RSS stays flat (ffmpeg works in its own
// process; uploads stream to disk).
//   pnpm --filter @club/bench media [--seconds 20] [--upload-mb 200] [--uploads 5]
import { execFile } from "node:child_process";
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import { createUser } from "@club/api";
import { createDb, media } from "@club/db";
import { eq } from "@club/db/orm";
import { buildApp } from "@club/server";
import { makePlayable, probeVideo } from "@club/storage";
import { BENCH_ORIGIN, benchConfig, benchSignIn } from "./bench-server";

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    "upload-mb": { type: "string", default: "200" },
    uploads: { type: "string", default: "5" },
  },
});
const clipSeconds = Number(values.seconds);
const uploadMb = Number(values["upload-mb"]);
const uploads = Number(values.uploads);
const work = mkdtempSync(join(tmpdir(), "club-bench-media-"));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

// ---- 1. Conversion speed ----------------------------------------------------------------------
// A phone's 1080p30 HEVC clip. Film grain (noise) makes the encoder work as on real footage; a
// clean test pattern would flatter it.
const hevc = join(work, "IMG_1080p.MOV");
console.log(`making a ${clipSeconds} s 1080p30 HEVC clip…`);
await run("ffmpeg", [
  ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30,noise=alls=12:allf=t"],
  ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", String(clipSeconds)],
  ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
  ...["-pix_fmt", "yuv420p", "-c:a", "aac", hevc],
]);
const probe = await probeVideo(hevc);

const timed = async (f: () => Promise<unknown>) => {
  const started = performance.now();
  await f();
  return (performance.now() - started) / 1000;
};
// The bare baseline: decoding the clip and throwing the frames away, which any conversion must do.
const decode = await timed(() => run("ffmpeg", ["-v", "error", "-i", hevc, "-f", "null", "-"]));
const convert = await timed(() => makePlayable(hevc, join(work, "play.mp4"), "transcode", probe));
const perMinute = (s: number) => (s * 60) / clipSeconds;
console.log("\nconverting 1080p HEVC to H.264/AAC MP4 (libx264 veryfast, CRF 23), per minute of video:");
console.log(`  decode only (bare):  ${perMinute(decode).toFixed(1)} s`);
console.log(
  `  conversion:          ${perMinute(convert).toFixed(1)} s  (${(convert / decode).toFixed(1)}× decoding; ` +
    `${(clipSeconds / convert).toFixed(2)}× real time)`,
);
console.log(
  `  sizes: ${mb(statSync(hevc).size)} HEVC → ${mb(statSync(join(work, "play.mp4")).size)} H.264 for ${clipSeconds} s`,
);

// ---- 2. The server while it converts, and while large uploads arrive --------------------------
const origin = BENCH_ORIGIN;
const dataDir = join(work, "data");
const db = await createDb({});
await db.migrate();
await createUser(db.db, { email: "bench@club.local", name: "Bench", password: "bench-pass" });
const app = await buildApp(benchConfig(dataDir, { maxUploadBytes: 2 * uploadMb * 2 ** 20 }), {
  db,
  logger: false,
  jobPollingSeconds: 0.5,
});
const url = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
const cookie = await benchSignIn(url.origin, "bench@club.local", "bench-pass");

/** The server's RSS (this process) and ffmpeg's (its own processes), sampled until stopped. */
function sampleMemory() {
  const start = process.memoryUsage().rss;
  let server = start;
  let ffmpeg = 0;
  const timer = setInterval(() => {
    server = Math.max(server, process.memoryUsage().rss);
    let total = 0;
    for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "ffmpeg") continue;
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        total += Number(kb ?? 0) * 1024;
      } catch {
        // The process ended between listing and reading.
      }
    }
    ffmpeg = Math.max(ffmpeg, total);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return { start, server, ffmpeg };
    },
  };
}

/** One multipart POST /upload-media streamed from a file, as a browser sends it. */
function upload(path: string, filename: string): Promise<{ status: number; body: string }> {
  const boundary = "BENCHBOUNDARY";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${filename}"\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: "/upload-media",
        method: "POST",
        headers: {
          origin,
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + statSync(path).size + tail.length,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(head);
    createReadStream(path)
      .on("end", () => req.end(tail))
      .pipe(req, { end: false });
  });
}

/** The same file through the resumable route, as the gallery sends it: 5 MB chunks, one PATCH each. */
async function tusUpload(path: string, filename: string): Promise<number> {
  const size = statSync(path).size;
  const meta = `filename ${Buffer.from(filename).toString("base64")}`;
  const begun = await fetch(`${url.origin}/uploads`, {
    method: "POST",
    headers: { origin, cookie, "Tus-Resumable": "1.0.0", "Upload-Length": String(size), "Upload-Metadata": meta },
  });
  const location = begun.headers.get("location")!;
  let status = begun.status;
  for (let offset = 0; offset < size; offset += 5 * 2 ** 20) {
    const end = Math.min(size, offset + 5 * 2 ** 20);
    status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: location,
          method: "PATCH",
          headers: {
            origin,
            cookie,
            "Tus-Resumable": "1.0.0",
            "Upload-Offset": String(offset),
            "Content-Type": "application/offset+octet-stream",
            "Content-Length": end - offset,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      createReadStream(path, { start: offset, end: end - 1 }).pipe(req);
    });
  }
  return status;
}

global.gc?.();
const converting = sampleMemory();
const uploaded = await upload(hevc, "IMG_1080p.MOV");
const id = (JSON.parse(uploaded.body) as { id: string }).id;
const queuedAt = performance.now();
for (;;) {
  const [row] = await db.db.select({ processing: media.processing }).from(media).where(eq(media.id, id));
  if (row?.processing !== "processing") break;
  await new Promise((r) => setTimeout(r, 200));
}
const converted = converting.stop();
console.log(`\nthe server converting it (a job, HTTP ${uploaded.status} at upload):`);
console.log(`  job done ${((performance.now() - queuedAt) / 1000).toFixed(1)} s after the upload was answered`);
console.log(
  `  server RSS: before ${mb(converted.start)}, peak ${mb(converted.server)} (+${mb(converted.server - converted.start)}); ` +
    `ffmpeg's own peak ${mb(converted.ffmpeg)}`,
);

// A valid H.264 MP4 of about the size asked for (lossless noise is large and quick to make).
const big = join(work, "big.mp4");
const frames = Math.ceil((uploadMb * 2 ** 20) / 3_200_000);
console.log(`\nmaking a ${uploadMb} MB H.264 MP4…`);
await run("ffmpeg", [
  ...["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=1920x1080:r=30,noise=alls=60:allf=t+u"],
  ...["-frames:v", String(frames), "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p"],
  big,
]);
global.gc?.();
const receiving = sampleMemory();
const started = performance.now();
const answers = await Promise.all(Array.from({ length: uploads }, (_, i) => upload(big, `big-${i}.mp4`)));
const received = receiving.stop();
const seconds = (performance.now() - started) / 1000;
const total = uploads * statSync(big).size;
console.log(
  `${uploads} uploads of ${mb(statSync(big).size)} at once through POST /upload-media: HTTP ${[...new Set(answers.map((a) => a.status))].join(", ")} ` +
    `in ${seconds.toFixed(1)} s (${mb(total / seconds)}/s)`,
);
console.log(
  `  server RSS: before ${mb(received.start)}, peak ${mb(received.server)} (+${mb(received.server - received.start)}) ` +
    `for ${mb(total)} received`,
);

global.gc?.();
const resuming = sampleMemory();
const tusStarted = performance.now();
const tusAnswers = await Promise.all(Array.from({ length: uploads }, (_, i) => tusUpload(big, `big-tus-${i}.mp4`)));
const tusReceived = resuming.stop();
const tusSeconds = (performance.now() - tusStarted) / 1000;
console.log(
  `the same through resumable /uploads (5 MB chunks): HTTP ${[...new Set(tusAnswers)].join(", ")} in ${tusSeconds.toFixed(1)} s ` +
    `(${mb(total / tusSeconds)}/s)`,
);
console.log(
  `  server RSS: before ${mb(tusReceived.start)}, peak ${mb(tusReceived.server)} (+${mb(tusReceived.server - tusReceived.start)})`,
);

await app.close();
await db.close();
rmSync(work, { recursive: true, force: true });
