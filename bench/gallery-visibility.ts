// What the gallery's visibility condition reads: seeds users, events (a quarter invite-only, with
// participants and invitations) and media (one in ten in an event), runs the media procedures that
// use `visibleMedia` as a Standard member, and prints each query's plan (EXPLAIN ANALYZE, BUFFERS)
// with the rows read from `events` and the time taken.
//   pnpm --filter @club/bench exec tsx gallery-visibility.ts [--events 2000] [--media 50000] [--pglite] [--reuse] [--plans]
// On Postgres (BENCH_DATABASE_URL, else the local one) in a database of its own, club_gallery_explain.
import { parseArgs } from "node:util";
import { createDb } from "@club/db";
import postgres from "postgres";
import { type BenchUser, benchCaller } from "./caller";

const { values: args } = parseArgs({
  options: {
    events: { type: "string", default: "2000" },
    media: { type: "string", default: "50000" },
    pglite: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    plans: { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
  },
});
const sizes = { users: 10_000, events: Number(args.events), media: Number(args.media), perEvent: 20 };
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(ADMIN_URL);
url.pathname = "/club_gallery_explain";

if (!args.pglite && !args.reuse) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists club_gallery_explain with (force)");
  await admin.unsafe("create database club_gallery_explain");
  await admin.end();
}

let recording: { query: string; params: unknown[] }[] | undefined;
const handle = await createDb(
  args.pglite ? {} : { databaseUrl: url.toString(), onQuery: (query, params) => recording?.push({ query, params }) },
);
await handle.migrate();

/** One statement with its parameters, on the benchmark's own connection. */
let run: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let end = async () => {};
if (handle.raw.kind === "pglite") {
  const client = handle.raw.client;
  // Drizzle's PGlite driver sends every statement through `query`: record them there.
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) => {
    recording?.push({ query: text, params: params ?? [] });
    return query(text, params, options as never);
  }) as typeof client.query;
  run = async (text, params) => (await query<Record<string, unknown>>(text, params)).rows;
} else {
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { jit: "off" } });
  run = (text, params) => sql.unsafe(text, (params ?? []) as never[]) as never;
  end = () => sql.end();
}

if (!args.reuse || args.pglite) await seed();

async function seed() {
  const started = performance.now();
  await run(`
    insert into users (name, email, password_hash, type)
    select 'Member ' || i, 'm' || i || '@bench.local', 'x', (array['Founding','Standard','Travel Host'])[1 + i % 3]::member_type
    from generate_series(1, ${sizes.users}) i`);
  await run(`
    insert into events (slug, title, description, exclusivity, event_date, created_by)
    select 'event-' || i, 'Event ' || i, 'About event ' || i,
           (case when i % 4 = 0 then 'invite-only' else 'open' end)::event_exclusivity,
           date '2026-01-01' + (i % 700),
           (select id from users where email = 'm1@bench.local')
    from generate_series(1, ${sizes.events}) i`);
  await run(`
    insert into event_participants (event_id, user_id)
    select e.id, u.id from
      (select id, row_number() over (order by slug) as r from events) e
      join (select id, row_number() over (order by email) as r from users) u
        on u.r between (e.r * 97) % ${sizes.users} and (e.r * 97) % ${sizes.users} + ${sizes.perEvent - 1}
    on conflict do nothing`);
  await run(`
    insert into event_invitations (token_hash, event_id, invitee_id, expires_at, accepted_at)
    select 'h' || u.r, e.id, u.id, now() + interval '7 days', case when u.r % 2 = 0 then now() end
    from (select id, row_number() over (order by email) as r from users) u
    join (select id, row_number() over (order by slug) as r from events where exclusivity = 'invite-only') e
      on e.r = 1 + u.r % ${Math.max(1, Math.floor(sizes.events / 4))}
    where u.r % 4 = 0`);
  await run(`
    insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, tags, uploaded_by, associated_event_id, upload_date)
    select 'media/b' || i, 'media/b' || i || '/display.webp', 'image', 'image/webp', 1000,
           array['tag-' || (i % 500)], (select id from users where email = 'm1@bench.local'), e.id,
           now() - (i || ' minutes')::interval
    from generate_series(1, ${sizes.media}) i
    left join (select id, row_number() over (order by slug) - 1 as r from events) e
      on i % 10 = 0 and e.r = (i / 10) % ${sizes.events}`);
  await run("vacuum analyze");
  console.log(
    `${handle.kind}: seeded ${sizes.users} users, ${sizes.events} events, ${sizes.media} media in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const [member] = await run(`select id, name, email, type, admin from users where email = 'm4@bench.local'`);
const [item] = await run(`select id from media where object_prefix = 'media/b10'`);
const [event] = await run(`select associated_event_id as id from media where object_prefix = 'media/b10'`);
const [uploader] = await run(`select id from users where email = 'm1@bench.local'`);
const asMember = benchCaller(handle.db, member as never as BenchUser);
const firstPage = await asMember.media.list({});

const cases: [string, () => Promise<unknown>][] = [
  ["media.list first page", () => asMember.media.list({})],
  ["media.list next page", () => asMember.media.list({ cursor: firstPage.nextCursor! })],
  ["media.list by event", () => asMember.media.list({ eventId: event!.id as string })],
  ["media.get", () => asMember.media.get({ id: item!.id as string })],
  ["media.tags suggestions", () => asMember.media.tags({ prefix: "tag-1" })],
  ["images.byEvent", () => asMember.images.byEvent({ eventId: event!.id as string })],
  // Counts every item of the one uploader (all of them here): the visibility of every item in an event.
  ["members.get (uploads count)", () => asMember.members.get({ id: uploader!.id as string })],
];

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Subplan Name"?: string;
  Filter?: string;
  Plans?: PlanNode[];
  "Actual Rows"?: number;
  "Actual Loops"?: number;
};
function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`| procedure | query | events nodes (rows × loops) | hashed SubPlan | time (median of ${args.runs}) |`);
console.log("|---|---|---|---|---|");
for (const [name, call] of cases) {
  recording = [];
  await call();
  const queries = recording.filter((q) => /^\s*select/i.test(q.query) && /"media"/.test(q.query));
  recording = undefined;
  for (const [i, q] of queries.entries()) {
    const times: number[] = [];
    let plan: { Plan: PlanNode; "Execution Time": number } | undefined;
    for (let r = 0; r < Number(args.runs); r++) {
      const [row] = await run(`explain (analyze, buffers, format json) ${q.query}`, q.params);
      const json = row!["QUERY PLAN"];
      plan = (typeof json === "string" ? JSON.parse(json) : json)[0];
      times.push(plan!["Execution Time"]);
    }
    const nodes = walk(plan!.Plan);
    const onEvents = nodes
      .filter((x) => x["Relation Name"] === "events")
      .map((x) => `${x["Node Type"]} ${x["Actual Rows"]}×${x["Actual Loops"]}`);
    // A SubPlan over `events` that a filter uses hashed: all the visible events read once.
    const hashed = nodes.some((x) =>
      (x.Plans ?? []).some(
        (sub) =>
          x.Filter?.includes(`hashed ${sub["Subplan Name"]})`) &&
          walk(sub).some((y) => y["Relation Name"] === "events"),
      ),
    );
    console.log(
      `| ${name} | ${i + 1} of ${queries.length} | ${onEvents.join(", ") || "none"} | ${hashed ? "yes" : "no"} | ${median(times).toFixed(2)} ms |`,
    );
    if (args.plans) {
      const [...text] = await run(
        `explain (analyze, buffers${process.env.COSTS ? "" : ", costs off"}) ${q.query}`,
        q.params,
      );
      console.log(`\n${text.map((t) => t["QUERY PLAN"]).join("\n")}\n`);
    }
  }
}
await end();
await handle.close();
