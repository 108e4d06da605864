// What each procedure the members ask for most costs in the server's process, against what its
// data costs: the procedure called in process (as a Standard member, sequentially) beside the very
// SQL it sent, sent again as it was (same text, same values, prepared) on a connection of the same
// driver, with nothing built around it. The ratio is what the issue's target reads ("in-process
// time of a list procedure ≤ 2× its Postgres time"). On the realistic mix's club (mix-seed.ts),
// large by default: 10,000 members, 2,000 events, 50,000 media, 200,000 comments.
//   pnpm --filter @club/bench procedure-cost [--scale small|large] [--runs 200] [--only TEXT] [--reuse]
// Postgres at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), database
// club_bench_cost (seeded once; --reuse keeps it).
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createDb } from "@club/db";
import postgres from "postgres";
import { benchCaller } from "./caller";
import { type MixFixture, type Scale, seedMix } from "./http/mix-seed";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "large" },
    runs: { type: "string", default: "200" },
    only: { type: "string" },
    reuse: { type: "boolean", default: false },
  },
});
const scale = args.scale as Scale;
if (scale !== "small" && scale !== "large") throw new Error("--scale is small or large");
const runs = Number(args.runs);
const WARM_UP = 50;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(ADMIN_URL);
url.pathname = "/club_bench_cost";

if (!args.reuse) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists club_bench_cost with (force)");
  await admin.unsafe("create database club_bench_cost");
  await admin.end();
}

let recording: { query: string; params: unknown[] }[] | undefined;
const handle = await createDb({
  databaseUrl: url.toString(),
  maxConnections: 1,
  onQuery: (query, params) => recording?.push({ query, params }),
});
await handle.migrate();
// The same driver, one connection, the server's session settings (JIT off: packages/db's client).
const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { jit: "off" } });

const FIXTURE_KEY = "bench_cost_fixture";
let fixture: MixFixture;
if (args.reuse) {
  const [row] = await sql<{ value: MixFixture }[]>`select value from club_settings where key = ${FIXTURE_KEY}`.catch(
    () => [],
  );
  if (!row) throw new Error("--reuse: no seeded club here; run once without it");
  fixture = row.value;
} else {
  const started = performance.now();
  fixture = await seedMix(handle.db, scale, (line) => console.error(`  seed: ${line}`));
  await sql`insert into club_settings (key, value) values (${FIXTURE_KEY}, ${sql.json(fixture as never)})`;
  await sql`analyze`;
  console.error(`  seeded the ${scale} club in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// A Standard member among the benchmark's (invited to the invite-only events the fixture lists).
const member = fixture.members.find((m) => m.type === "Standard" && !m.admin)!;
const caller = benchCaller(handle.db, { id: member.id, type: member.type, admin: false, name: "Bench", email: "" });

const event = fixture.busyEvents[0]!;
const item = fixture.media[0]!;
const cases: [string, () => Promise<unknown>][] = [
  ["events.list upcoming (24)", () => caller.events.list({ upcoming: true, limit: 24 })],
  ["events.list (200)", () => caller.events.list({ limit: 200 })],
  ["events.list search", () => caller.events.list({ upcoming: true, limit: 24, search: "jazz" })],
  ["events.list mine: joined", () => caller.events.list({ upcoming: true, limit: 24, mine: "joined" })],
  ["events.get", () => caller.events.get({ id: event })],
  ["comments.page (busiest event, 20)", () => caller.comments.page({ commentableId: event, limit: 20 })],
  ["comments.page (busiest item, 20)", () => caller.comments.page({ commentableId: item, limit: 20 })],
  ["comments.list (busiest event, all)", () => caller.comments.list({ commentableId: event })],
  ["images.byEvent", () => caller.images.byEvent({ eventId: event })],
  ["media.list (60)", () => caller.media.list({ limit: 60 })],
  ["media.list by tag", () => caller.media.list({ limit: 60, tag: "jazz" })],
  ["media.get", () => caller.media.get({ id: item })],
  ["media.tags prefix", () => caller.media.tags({ prefix: "s" })],
  ["members.list (24)", () => caller.members.list({ limit: 24 })],
  ["members.list search: a name", () => caller.members.list({ limit: 24, search: "grace member 99" })],
  ["members.list search: a talent", () => caller.members.list({ limit: 24, search: "craft 123" })],
  ["members.list search: a sixth of the club", () => caller.members.list({ limit: 24, search: "grace" })],
  ["home.get", () => caller.home.get()],
  ["notifications.list", () => caller.notifications.list({ limit: 20 })],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Warmed up first as a running server is (its code optimised, Postgres's plans and pages cached):
 * three calls measured code V8 had not yet optimised, which no busy server runs.
 */
async function timeEach(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

console.log(
  `Procedures in process against their own SQL sent bare (${scale} club: ${fixture.counts.members.toLocaleString("en")} members, ` +
    `${fixture.counts.events.toLocaleString("en")} events, ${fixture.counts.media.toLocaleString("en")} media, ` +
    `${fixture.counts.comments.toLocaleString("en")} comments; median of ${runs} after ${WARM_UP} to warm up; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
);
console.log("| procedure | queries | in process | its SQL bare | ratio | answer |");
console.log("|---|---|---|---|---|---|");
for (const [name, fn] of cases) {
  if (args.only && !name.includes(args.only)) continue;
  recording = [];
  const answer = await fn();
  const sent = recording;
  recording = undefined;
  const own = await timeEach(fn);
  const bare = await timeEach(async () => {
    for (const q of sent) await sql.unsafe(q.query, q.params as never[], { prepare: true });
  });
  const bytes = JSON.stringify(answer).length;
  console.log(
    `| ${name} | ${sent.length} | ${own.toFixed(2)} ms | ${bare.toFixed(2)} ms | ${(own / bare).toFixed(1)}× | ${(bytes / 1024).toFixed(1)} KB |`,
  );
}
await sql.end();
await handle.close();
