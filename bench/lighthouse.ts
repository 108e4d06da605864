// Lighthouse (mobile, its default simulated throttling) on the five pages of the performance goal,
// on the built product over Postgres, with a club of 60 events and 30 photos seeded by the product's
// own `club seed`. Each page is audited `--rounds` times (default 3) and the median round printed.
//   pnpm --filter @club/bench lighthouse [--rounds 3] [page …]      (after `pnpm build`)
// CLUB_ROOT=<another checkout> audits that checkout's build instead (a before/after in one run);
// LIGHTHOUSE_OUT=<dir> keeps each page's last report, to read what a figure is made of.
// Chromium: CHROME_PATH, else /usr/bin/chromium. Postgres: BENCH_DATABASE_URL, else the local one.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import postgres from "postgres";
import puppeteer from "puppeteer-core";
import sharp from "sharp";

const { values: args, positionals } = parseArgs({
  options: { rounds: { type: "string", default: "3" } },
  allowPositionals: true,
});
const rounds = Number(args.rounds);
const root = process.env.CLUB_ROOT ?? fileURLToPath(new URL("..", import.meta.url));
const pages = positionals.length ? positionals : ["/", "/membership", "/login", "/calendar", "/gallery"];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MEMBER = { email: "fiona@bench.local", password: "bench-pass-1" };
const HOST = "helena@bench.local";

/** A port free now (the server is told which one, so APP_ORIGIN can name it). */
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "club-lighthouse-"));
const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
await admin.unsafe("drop database if exists club_lighthouse with (force)");
await admin.unsafe("create database club_lighthouse");
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = "/club_lighthouse";
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl.toString(),
  DATA_DIR: dataDir,
  APP_ORIGIN: origin,
  TZ: "UTC",
};

/** 60 events over the coming months (a few each week), 30 photos of a phone's size, one member. */
async function writeSeed(dir: string): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const cities = ["Boston", "New York", "Chicago", "San Francisco", "Austin", "Seattle"];
  const events = Array.from({ length: 60 }, (_, i) => ({
    slug: `salon-${i}`,
    title: `Salon ${i + 1}: leadership over dinner`,
    type: ["entertainment", "art-gallery", "golf", "tea-party", "travel"][i % 5],
    event_date: day(2 + i * 2),
    start_time: "18:30",
    end_time: "21:00",
    location: `${10 + i} Rose Lane`,
    city: cities[i % cities.length],
    country: "United States",
    description: "An evening of conversation about boards, growth and the year ahead, with dinner.",
    createdBy: MEMBER.email,
  }));
  const media = [];
  for (let i = 0; i < 30; i++) {
    // A photo-like picture: a gradient with noise compresses as a photo does, not as a flat colour.
    const width = 2400;
    const height = 1800;
    const noise = await sharp({
      create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();
    const file = `photo-${i}.jpg`;
    await sharp({
      create: { width, height, channels: 3, background: { r: 120 + i * 4, g: 80 + i * 3, b: 140 - i * 2 } },
    })
      .composite([{ input: noise, blend: "overlay" }])
      .jpeg({ quality: 85 })
      .toFile(join(dir, file));
    media.push({ file, name: `Evening ${i + 1}`, author: MEMBER.email, tags: ["salon"] });
  }
  // Nine members' homes (Travel), open for the next half year, hosted by one Travel Host.
  const places = [
    ["Lisbon", "Portugal"],
    ["Montepulciano", "Italy"],
    ["Banff", "Canada"],
    ["Kyoto", "Japan"],
    ["Cape Town", "South Africa"],
    ["Bergen", "Norway"],
  ] as const;
  const homes = Array.from({ length: 9 }, (_, i) => {
    const [city, country] = places[i % places.length] ?? places[0];
    return {
      title: `${city} house ${i + 1}`,
      host: HOST,
      kind: ["Villa", "Flat", "Cabin"][i % 3],
      city,
      country,
      address: `${i + 1} Garden Row`,
      sleeps: 2 + (i % 5),
      bedrooms: 1 + (i % 3),
      nightly_rate: 150 + i * 25,
      time_zone: "UTC",
      description: "A quiet home with a garden, a long table and room to read.",
      windows: [{ from: day(1), to: day(181) }],
    };
  });
  const seed = {
    users: [
      { ...MEMBER, name: "Fiona Bench", type: "Founding", admin: true },
      { email: HOST, name: "Helena Bench", password: MEMBER.password, type: "Travel Host" },
    ],
    events,
    media,
    homes,
  };
  const path = join(dir, "seed.json");
  writeFileSync(path, JSON.stringify(seed));
  return path;
}

function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("listening on")) resolve(server);
    });
    server.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
}

interface Round {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const seedDir = mkdtempSync(join(tmpdir(), "club-lighthouse-seed-"));
// The server migrates the new database at its first start; the seed runs after, through the CLI.
const first = await startServer();
first.kill("SIGTERM");
await new Promise((r) => first.once("exit", r));
execFileSync(process.execPath, [join(root, "packages/cli/dist/club.js"), "seed", "--file", await writeSeed(seedDir)], {
  env,
  stdio: ["ignore", "ignore", "inherit"],
});
const server = await startServer();

const login = await fetch(`${origin}/login`, {
  method: "POST",
  headers: { origin, "content-type": "application/json" },
  body: JSON.stringify(MEMBER),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
// The cookies the sign-in set (her session's, the device's), put in the browser's own jar below: a
// Cookie header given to Lighthouse as an extra header was not sent by this Chromium, and every
// member's page was the sign-in page it redirects to.
const cookies = login.headers.getSetCookie().map((c) => {
  const [pair = ""] = c.split(";");
  const at = pair.indexOf("=");
  return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: "127.0.0.1", path: "/" };
});
if (!cookies.some((c) => c.name === "club_session")) throw new Error("sign-in set no session cookie");

// Each home's cover, through the upload a host (here the admin, on her behalf) makes: the seed file
// has no home photos. A photo-like picture of a phone's size, as the gallery's.
if (pages.includes("/travel")) {
  const session = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const listed = (await (await fetch(`${origin}/api/homes`, { headers: { cookie: session } })).json()) as {
    id: string;
  }[];
  for (const [i, home] of listed.entries()) {
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 90 + i * 12, g: 120, b: 100 + i * 8 } },
    })
      .composite([
        {
          input: await sharp({
            create: {
              width: 2400,
              height: 1600,
              channels: 3,
              background: "#808080",
              noise: { type: "gaussian", mean: 128, sigma: 40 },
            },
          })
            .png()
            .toBuffer(),
          blend: "overlay",
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = new FormData();
    form.append("home_id", home.id);
    form.append("media", new Blob([photo], { type: "image/jpeg" }), `home-${i}.jpg`);
    const res = await fetch(`${origin}/upload-media`, {
      method: "POST",
      headers: { origin, cookie: session },
      body: form,
    });
    if (!res.ok) throw new Error(`a home's photo was refused: ${res.status} ${await res.text()}`);
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

/** The pages a visitor opens: audited signed out. */
const PUBLIC_PAGES = new Set(["/", "/membership", "/login"]);

const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

async function audit(page: string): Promise<Round | string> {
  // A fresh tab each round. The public pages as a visitor sees them (signed in, /login is her home
  // page instead); the others with her session in the jar. Lighthouse still empties the cache and
  // the origin's storage first: a first visit.
  const tab = await browser.newPage();
  if (PUBLIC_PAGES.has(page)) await browser.deleteMatchingCookies(...cookies.map(({ name }) => ({ name })));
  else await browser.setCookie(...cookies);
  const result = await lighthouse(
    `${origin}${page}`,
    {
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
    },
    undefined,
    tab,
  ).finally(() => tab.close());
  const lhr = result?.lhr;
  if (!lhr) return "no report";
  if (process.env.LIGHTHOUSE_OUT) {
    mkdirSync(process.env.LIGHTHOUSE_OUT, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_OUT, `${page.replace(/\W+/g, "_") || "_"}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) return `${lhr.runtimeError.code}`;
  // A page that sent the browser elsewhere (a member's page to the sign-in) is not the page audited.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(page, origin).pathname)
    return `redirected to ${new URL(lhr.finalDisplayedUrl).pathname}`;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    bytes: value("total-byte-weight"),
  };
}

console.log(
  `Lighthouse, mobile (simulated throttling), median of ${rounds} rounds; Postgres, 60 events, 30 photos; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | bytes | failed rounds |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
try {
  for (const page of pages) {
    const done: Round[] = [];
    const failed: string[] = [];
    for (let round = 0; round < rounds; round++) {
      // Lighthouse sometimes cannot record a load (NO_NAVSTART under load): counted, not a zero.
      const result = await audit(page);
      if (typeof result === "string") failed.push(result);
      else done.push(result);
    }
    if (!done.length) {
      console.log(`| ${page} | failed: ${failed.join(", ")} |`);
      continue;
    }
    const m = (key: keyof Round) => median(done.map((r) => r[key]));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| ${page} | ${m("performance")} | ${m("accessibility")} | ${m("bestPractices")} | ${s(m("fcp"))} | ${s(m("lcp"))} | ${Math.round(m("tbt"))} ms | ${m("cls").toFixed(3)} | ${(m("bytes") / 1024).toFixed(0)} KB | ${failed.length ? failed.join(", ") : 0} |`,
    );
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await admin.unsafe("drop database if exists club_lighthouse with (force)");
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(seedDir, { recursive: true, force: true });
}
