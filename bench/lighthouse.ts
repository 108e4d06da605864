// Lighthouse (mobile, the default throttling) on the public and members' pages of the built
// product, on a fresh embedded database with the demo data; prints the scores and the figures
// behind them.   pnpm --filter @club/bench lighthouse      (after `pnpm start` built it once)
// Chromium: CHROME_PATH, else /usr/bin/chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = fileURLToPath(new URL("..", import.meta.url));
// Pages to audit: the arguments, else the five of the performance goal.
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/membership", "/login", "/calendar", "/gallery"];
const shifts: string[] = [];

/** A port free now (the server is told which one, so APP_ORIGIN can name it). */
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "club-lighthouse-"));
const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_ORIGIN: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("listening on")) resolve();
  });
  server.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
});

const login = await fetch(`${origin}/login`, {
  method: "POST",
  headers: { origin, "content-type": "application/json" },
  body: JSON.stringify({ email: "founding@club.local", password: "club-demo-2026" }),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;

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
console.log("| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | bytes |");
console.log("|---|---|---|---|---|---|---|---|---|");
try {
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      // The members' pages need her session; the public ones ignore it.
      extraHeaders: { Cookie: cookie },
    });
    const lhr = result!.lhr;
    if (lhr.runtimeError) {
      // Lighthouse could not load the page this time (it happens under load): say so, not a 0.
      console.log(`| ${page} | failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message} |`);
      continue;
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? "";
    const bytes = lhr.audits["total-byte-weight"]?.numericValue ?? 0;
    // What moved, where the page shifts: the element and its share of the shift.
    const moved =
      (lhr.audits["layout-shifts"]?.details as { items?: { node?: { snippet?: string }; score?: number }[] })?.items ??
      [];
    for (const m of moved) shifts.push(`${page}: ${m.score?.toFixed(3)} ${m.node?.snippet ?? "(unknown element)"}`);
    console.log(
      `| ${page} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${audit("first-contentful-paint")} | ${audit("largest-contentful-paint")} | ${audit("total-blocking-time")} | ${audit("cumulative-layout-shift")} | ${(bytes / 1024).toFixed(0)} KB |`,
    );
  }
  if (shifts.length) console.log(`\nlayout shifts:\n${shifts.join("\n")}`);
} finally {
  chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
