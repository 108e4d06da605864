// The events page of a club with history: 2,000 events over five years (four and a half behind,
// half a year ahead) on Postgres, with 300 members, their participations and invitations. Prints
// the plans of the list's queries (first upcoming page, a page of the past, a month, a search), the
// time of the page's first data (the procedure call its loader makes, median of 30), and, in
// Chromium at 1280×900, the time from navigation to the first cards on screen (median of 5, each
// in a fresh browser context). Target: under 1 s. Needs the web app built
// (`pnpm --filter @club/web build`).
//   pnpm --filter @club/bench events-page      (BENCH_DATABASE_URL, else the local Postgres)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createUser } from "@club/api";
import { createDb } from "@club/db";
import { buildApp } from "@club/server";
import { chromium } from "@playwright/test";
import postgres from "postgres";
import { benchConfig, benchSignIn } from "./bench-server";
import { benchCaller } from "./caller";

const EVENTS = 2000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(ADMIN_URL);
url.pathname = "/club_events_page";
{
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists club_events_page with (force)");
  await admin.unsafe("create database club_events_page");
  await admin.end();
}

let recording: { query: string; params: unknown[] }[] | undefined;
const db = await createDb({
  databaseUrl: url.toString(),
  onQuery: (query, params) => recording?.push({ query, params }),
});
await db.migrate();
const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { jit: "off" } });

const member = await createUser(db.db, {
  email: "member@bench.local",
  name: "Bench Member",
  password: "bench-pass",
  type: "Standard",
});
await sql.unsafe(`
  insert into users (name, email, password_hash, type)
  select 'Member ' || i, 'm' || i || '@bench.local', 'x', 'Standard'
  from generate_series(1, 300) i`);
// Two thousand events a day apart or so across five years, every fourth invite-only, at a few
// times of day, with a description as long as a real one.
await sql.unsafe(`
  insert into events (slug, title, description, exclusivity, event_date, start_time, created_by)
  select 'event-' || i, 'Club evening ' || i,
         repeat('An evening of talk, food and music with the members of the club. ', 4),
         (case when i % 4 = 0 then 'invite-only' else 'open' end)::event_exclusivity,
         current_date - 1643 + (i * 1826 / ${EVENTS}),
         (array['10:00','14:30','18:00','19:30'])[1 + i % 4],
         (select id from users where email = 'm1@bench.local')
  from generate_series(1, ${EVENTS}) i`);
// About twenty going to each event, and the member invited to one invite-only event in ten.
await sql.unsafe(`
  insert into event_participants (event_id, user_id)
  select e.id, u.id
  from (select id, row_number() over (order by slug) r from events) e
  join (select id, row_number() over (order by email) r from users) u on (u.r + e.r) % 15 = 0
  on conflict do nothing`);
await sql.unsafe(`
  insert into event_invitations (token_hash, event_id, invitee_id, expires_at, accepted_at)
  select 'h' || e.slug, e.id, '${member.id}', now() + interval '7 days', now()
  from events e where e.exclusivity = 'invite-only' and substr(e.slug, 7)::int % 40 = 0`);
await sql.unsafe("vacuum analyze");
const [counts] = await sql`select
  (select count(*) from events)::int events,
  (select count(*) from events where event_date >= current_date)::int upcoming,
  (select count(*) from event_participants)::int participants`;
console.log(
  `${counts!.events} events (${counts!.upcoming} from today), ${counts!.participants} participations, Postgres\n`,
);

const caller = benchCaller(db.db, member);
// The page's first data: what its loader asks for (events.list answered a whole array before).
const firstPage = { upcoming: true, limit: 24 };
const count = (r: unknown) => (Array.isArray(r) ? r.length : (r as { items: unknown[] }).items.length);
const first = (await caller.events.list(firstPage)) as { previousCursor?: string | null };
const past = (await caller.events.list({ ...firstPage, cursor: first.previousCursor ?? undefined } as never)) as {
  previousCursor?: string | null;
};
const month = new Date();
const monthFrom = `${month.toISOString().slice(0, 7)}-01`;
const monthTo = `${month.toISOString().slice(0, 7)}-28`;

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Parent Relationship"?: string;
  Plans?: PlanNode[];
};
/** The plan's nodes without the per-event count subqueries (the same index look-ups every time). */
const walk = (node: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(node);
  for (const child of node.Plans ?? []) if (child["Parent Relationship"] !== "SubPlan") walk(child, out);
  return out;
};
console.log(
  "| query | events | plan of the list's query (without the count subqueries) | index condition | Postgres time |",
);
console.log("|---|---|---|---|---|");
const cases: [string, Record<string, unknown>][] = [
  ["first page, upcoming (24)", firstPage],
  ["a page of the past (24)", { ...firstPage, cursor: first.previousCursor ?? undefined }],
  ["the page before that (24)", { ...firstPage, cursor: past.previousCursor ?? undefined }],
  ["latest first (24)", { sort: "desc", limit: 24 }],
  ["this month", { from: monthFrom, to: monthTo, limit: 200 }],
  ["search, upcoming", { search: "evening 19", upcoming: true, limit: 24 }],
  ["joined, upcoming", { mine: "joined", upcoming: true, limit: 24 }],
  ["GET /api/events page (200)", { limit: 200 }],
];
for (const [name, input] of cases) {
  recording = [];
  const answer = await caller.events.list(input as never);
  const queries = recording.filter((q) => /^\s*select/i.test(q.query) && /from "events"/.test(q.query));
  recording = undefined;
  for (const [i, q] of queries.entries()) {
    const [{ "QUERY PLAN": plan }] = (await sql.unsafe(
      `explain (analyze, format json) ${q.query}`,
      q.params as never[],
    )) as never as [{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }];
    const nodes = walk(plan[0]!.Plan);
    const outer = nodes.map((n) => n["Node Type"] + (n["Index Name"] ? ` (${n["Index Name"]})` : "")).join(" → ");
    const cond = nodes.find((n) => n["Index Name"] === "events_date_idx")?.["Index Cond"] ?? "";
    const label = queries.length > 1 ? `${name}, ${i ? "is there a past?" : "the page"}` : name;
    console.log(
      `| ${label} | ${i ? "" : count(answer)} | ${outer} | ${cond.replaceAll("|", "\\|")} | ${plan[0]!["Execution Time"].toFixed(2)} ms |`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const callTimes: number[] = [];
for (let i = 0; i < 35; i++) {
  const started = performance.now();
  await caller.events.list(firstPage);
  if (i >= 5) callTimes.push(performance.now() - started);
}
const answer = await caller.events.list(firstPage);
console.log(
  `\nfirst data (events.list, upcoming page of 24, as a member): median ${median(callTimes).toFixed(1)} ms of 30 calls; ${count(answer)} events, ${(JSON.stringify(answer).length / 1024).toFixed(0)} KB of JSON`,
);

const dataDir = mkdtempSync(join(tmpdir(), "club-bench-events-"));
const app = await buildApp(
  benchConfig(dataDir, { webDist: fileURLToPath(new URL("../apps/web/dist", import.meta.url)) }),
  { db, logger: false, workers: false },
);
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const cookie = await benchSignIn(base, "member@bench.local", "bench-pass");
const [name, value] = cookie.split("=") as [string, string];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const shell = { cold: [] as number[], warm: [] as number[] };
const shown = { cold: [] as number[], warm: [] as number[] };
let cards = 0;
/** From navigation to the page's heading (the app has started) and to its first event card. */
async function visit(page: import("@playwright/test").Page, into: "cold" | "warm", counted: boolean) {
  const started = performance.now();
  await page.goto(`${base}/calendar`, { waitUntil: "commit" });
  await page.getByRole("heading", { name: "Events" }).waitFor({ state: "visible", timeout: 30_000 });
  const heading = performance.now() - started;
  await page.locator('main a[href^="/events/"]').first().waitFor({ state: "visible", timeout: 30_000 });
  const card = performance.now() - started;
  cards = await page.locator('main a[href^="/events/"]').count();
  if (counted) {
    shell[into].push(heading);
    shown[into].push(card);
  }
}
for (let run = 0; run < 6; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  // The first run warms the server and the disk cache; it is not counted.
  await visit(page, "cold", run > 0);
  // A member coming back: the app's files are in the browser's cache.
  await page.goto("about:blank");
  await visit(page, "warm", run > 0);
  await context.close();
}
// The same browser's time to a page without data (the sign-in page, no cookie): what starting
// the app costs on this machine, whatever the page.
const bare: number[] = [];
for (let run = 0; run < 6; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${base}/login`, { waitUntil: "commit" });
  await page
    .getByRole("button", { name: /log ?in|sign ?in/i })
    .first()
    .waitFor({ state: "visible", timeout: 30_000 });
  if (run > 0) bare.push(performance.now() - started);
  await context.close();
}
const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms (${xs.map((t) => t.toFixed(0)).join(", ")})`;
console.log(
  `\nevents page in Chromium at 1280×900, median of ${shown.cold.length} runs, ${cards} cards on the first page:`,
);
console.log(`  first visit (empty cache): heading ${ms(shell.cold)}; first cards ${ms(shown.cold)}`);
console.log(`  next visit (app cached):   heading ${ms(shell.warm)}; first cards ${ms(shown.warm)}`);
console.log(`  for comparison, /login (no data), first visit: its button ${ms(bare)}`);

await browser.close();
await app.close();
await sql.end();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
