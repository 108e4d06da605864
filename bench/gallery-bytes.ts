// Bytes of photos a member's browser fetches for the gallery (every tile, then one photo opened),
// on a desktop (1280×900, 1×) and a phone (390×844, 3×): with responsive images (what Chromium
// picks from srcset) against the markup before them (each tile's 480 px thumbnail, the modal's
// 2048 px display copy), in the same run. Needs the web app built (`pnpm start` once, or
// `pnpm --filter @club/web build`).
//   pnpm --filter @club/bench gallery-bytes [photos, default 30]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createUser } from "@club/api";
import { createDb } from "@club/db";
import { buildApp } from "@club/server";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { BENCH_ORIGIN, benchConfig, benchSignIn } from "./bench-server";

const count = Number(process.argv[2] ?? 30);
const dataDir = mkdtempSync(join(tmpdir(), "club-bench-bytes-"));
const origin = BENCH_ORIGIN;
const db = await createDb({});
await db.migrate();
await createUser(db.db, { email: "bench@club.local", name: "Bench", password: "bench-pass", type: "Founding" });
const app = await buildApp(
  benchConfig(dataDir, {
    maxUploadBytes: 50 * 2 ** 20,
    webDist: fileURLToPath(new URL("../apps/web/dist", import.meta.url)),
  }),
  { db, logger: false, workers: false },
);
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const cookie = await benchSignIn(base, "bench@club.local", "bench-pass");

/** A phone photo's size and some of its texture: shapes, gradients and a little sensor noise. */
async function phonePhoto(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const circles = Array.from({ length: 12 }, (_, k) => {
    const x = (k * 733 + i * 211) % 4032;
    const y = (k * 521 + i * 97) % 3024;
    return `<circle cx="${x}" cy="${y}" r="${200 + ((k * 131) % 500)}" fill="hsl(${(hue + k * 25) % 360},55%,${40 + (k % 4) * 10}%)" fill-opacity="0.6"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,70%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  const noise = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 10 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

console.log(`uploading ${count} 4032×3024 photos…`);
for (let i = 0; i < count; i++) {
  const form = new FormData();
  form.append("media", new Blob([await phonePhoto(i)]), `IMG_${1000 + i}.jpg`);
  const res = await fetch(`${base}/upload-media`, { method: "POST", headers: { origin, cookie }, body: form });
  if (!res.ok) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
}

interface Item {
  id: string;
  url: string;
  thumbnail_url: string;
  name: string;
}
const items = (await (await fetch(`${base}/api/media`, { headers: { cookie } })).json()) as Item[];
const sizeOf = async (url: string) =>
  (await (await fetch(`${base}${url}`, { headers: { cookie } })).arrayBuffer()).byteLength;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

for (const screen of [
  { name: "desktop 1280×900 @1×", viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  { name: "phone 390×844 @3×", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
]) {
  const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  // Bytes of every photo the page fetched (the body as sent, once the response has finished).
  const fetched: Promise<number>[] = [];
  page.on("response", (res) => {
    if (!new URL(res.url()).pathname.startsWith("/media/")) return;
    fetched.push(res.finished().then(async () => (await res.request().sizes()).responseBodySize));
  });
  const total = async () => (await Promise.all(fetched)).reduce((a, b) => a + b, 0);
  await page.goto(`${base}/gallery`);
  await page
    .getByRole("button", { name: /^Open Photo/ })
    .first()
    .waitFor();
  // Every tile scrolled into view (they load lazily), as a member looking through them would.
  for (let y = 0; y < 40; y++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
  const tiles = await total();
  const first = items[0]!;
  await page.getByRole("button", { name: `Open Photo: ${first.name}` }).click();
  await page.getByRole("dialog").locator("img").first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const after = await total();

  // Before responsive images: every tile its thumbnail, the opened photo its display copy.
  const thumbs = (await Promise.all(items.map((i) => sizeOf(i.thumbnail_url)))).reduce((a, b) => a + b, 0);
  const before = thumbs + (await sizeOf(first.url));
  console.log(`\n${screen.name}, ${items.length} tiles then one photo opened:`);
  console.log(`  before (thumbnails, display copy): ${kb(before)}  (tiles ${kb(thumbs)})`);
  console.log(
    `  with srcset/sizes:                 ${kb(after)}  (tiles ${kb(tiles)}; ${((after / before) * 100).toFixed(0)}% of before)`,
  );
  await context.close();
}

await browser.close();
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
