import { execFile } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { ffmpegAvailable } from "@club/storage";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "./app";
import { configWith } from "./config";
import { addUser, type Harness, loginOver, ORIGIN, settle, startApp, testPhoto, uploadVia } from "./test/harness";

const run = promisify(execFile);
const hasFfmpeg = await ffmpegAvailable();

let h: Harness;
// Each test its own folder, removed only after what it started (the server, its jobs) has stopped.
const parent = mkdtempSync(join(tmpdir(), "club-data-dir-"));
// Not there yet: the server makes it.
const dataDir = join(parent, "data");

beforeAll(async () => {
  h = await startApp({ dataDir });
});
afterAll(async () => {
  await h.close();
  rmSync(parent, { recursive: true, force: true });
});

/** DATA_DIR and everything under it, with the permission bits of each. */
function modesUnder(root: string): { path: string; mode: string }[] {
  const parent = dirname(root);
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name));
  return [root, ...entries].map((path) => ({
    path: relative(parent, path),
    mode: (lstatSync(path).mode & 0o777).toString(8),
  }));
}

it("DATA_DIR and every folder and file under it (media, spool, resumable uploads) are the server's user's alone", async () => {
  await addUser(h, { email: "ada@club.test", name: "Ada" });
  const base = await h.app.listen({ port: 0, host: "127.0.0.1" });
  const ada = await loginOver(base, "ada@club.test");

  const photo = await uploadVia(h, { cookie: ada, filename: "p.png", data: await testPhoto() });
  expect(photo.statusCode, photo.body).toBe(200);
  if (hasFfmpeg) {
    // Written by ffmpeg (the copy without metadata, the playable version) and then stored.
    const clip = join(parent, "clip.webm");
    await run("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-t", "1"],
      ...["-c:v", "libvpx-vp9", "-deadline", "realtime", clip],
    ]);
    const video = await uploadVia(h, { cookie: ada, filename: "clip.webm", data: readFileSync(clip) });
    expect(video.statusCode, video.body).toBe(200);
    rmSync(clip);
  }
  // The photo's (and video's) jobs write under DATA_DIR: they are done before anything is looked at,
  // and before the folder is removed.
  await settle(h, 60_000);
  // An unfinished resumable upload: its file and its record, written by @tus/file-store.
  const begun = await fetch(`${base}/uploads`, {
    method: "POST",
    headers: { "Tus-Resumable": "1.0.0", origin: ORIGIN, cookie: ada, "Upload-Length": "100" },
  });
  expect(begun.status).toBe(201);

  const all = modesUnder(dataDir);
  expect(all.map((e) => e.path)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^data\/media\/media\/[^/]+\/display\.webp$/),
      expect.stringMatching(/^data\/uploads\/[0-9a-f]{32}\.json$/),
      "data/tmp",
    ]),
  );
  if (hasFfmpeg) expect(all.some((e) => /\/play-[0-9a-f]{8}\.mp4$/.test(e.path))).toBe(true);
  // Folders 700, files 600: nothing for the group or anyone else.
  expect(all.filter((e) => !/^[67]00$/.test(e.mode))).toEqual([]);
  // A video made and transcoded by ffmpeg, then its jobs waited for (up to a minute).
}, 120_000);

it("the embedded database's folder too (PGlite writes it 750 and its configuration 640 by itself)", async () => {
  const parent = mkdtempSync(join(tmpdir(), "club-data-dir-embedded-"));
  const own = join(parent, "embedded");
  try {
    const app = await buildApp(
      configWith({ appOrigin: ORIGIN, dataDir: own, maxUploadBytes: 1024 * 1024, shutdownGraceMs: 5_000 }),
      { logger: false, workers: false },
    );
    await app.close();
    const all = modesUnder(own);
    expect(all.map((e) => e.path)).toEqual(
      expect.arrayContaining(["embedded/pglite", "embedded/pglite/postgresql.conf"]),
    );
    expect(all.filter((e) => !/^[67]00$/.test(e.mode))).toEqual([]);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
  // A new embedded database (initdb and every migration, in WebAssembly): 10 s on an idle machine,
  // several times that on a busy one.
}, 120_000);
