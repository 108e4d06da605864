// The plans of the list and look-up queries at scale: seeds Postgres with generate_series
// (100k users, 2k events, 200k participations, 1M media, 10M comments at --scale 1), runs the
// procedures as a member and as an admin, records each query they send, and prints the plan's
// node types, whether a large table is read whole, and the time Postgres took.
//   pnpm --filter @club/bench explain [--scale 0.1] [--reuse]   (BENCH_DATABASE_URL, else the local Postgres)
// --reuse keeps the database the previous run seeded (seeding at scale 1 takes about 6 minutes).
import { parseArgs } from "node:util";
import { createDb } from "@club/db";
import postgres from "postgres";
import { type BenchUser, benchCaller } from "./caller";

const { values: args } = parseArgs({
  options: { scale: { type: "string", default: "1" }, reuse: { type: "boolean", default: false } },
});
const scale = Number(args.scale);
const n = (x: number) => Math.max(1, Math.round(x * scale));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const url = new URL(ADMIN_URL);
url.pathname = "/club_explain";

if (!args.reuse) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe("drop database if exists club_explain with (force)");
  await admin.unsafe("create database club_explain");
  await admin.end();
}

let recording: { query: string; params: unknown[] }[] | undefined;
const handle = await createDb({
  databaseUrl: url.toString(),
  onQuery: (query, params) => recording?.push({ query, params }),
});
await handle.migrate();
// The plans are read as the server's own sessions run them (JIT off: see packages/db's client).
const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { jit: "off" } });

const sizes = {
  users: n(100_000),
  events: n(2_000),
  participants: n(200_000),
  media: n(1_000_000),
  comments: n(10_000_000),
};
if (!args.reuse) await seed();

async function seed() {
  console.log(
    `seeding ${Object.entries(sizes)
      .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
      .join(", ")}…`,
  );
  const started = performance.now();
  await sql.unsafe(`
    insert into users (name, email, password_hash, type)
    select 'Member ' || i, 'm' || i || '@bench.local', 'x', (array['Founding','Standard','Travel Host'])[1 + i % 3]::member_type
    from generate_series(1, ${sizes.users}) i`);
  await sql.unsafe(`
    insert into events (slug, title, description, exclusivity, event_date, created_by)
    select 'event-' || i, 'Event ' || i, 'About event ' || i,
           (case when i % 4 = 0 then 'invite-only' else 'open' end)::event_exclusivity,
           date '2026-01-01' + (i % 700),
           (select id from users order by email limit 1)
    from generate_series(1, ${sizes.events}) i`);
  await sql.unsafe(`
    insert into event_participants (event_id, user_id)
    select e.id, u.id from
      (select id, row_number() over () as r from events) e
      join (select id, row_number() over () as r from users) u
        on u.r between (e.r * 97) % ${sizes.users} and (e.r * 97) % ${sizes.users} + ${Math.round(sizes.participants / sizes.events) - 1}
    on conflict do nothing`);
  await sql.unsafe(`
    insert into event_invitations (token_hash, event_id, invitee_id, expires_at, accepted_at)
    select 'h' || u.r, e.id, u.id, now() + interval '7 days', case when u.r % 2 = 0 then now() end
    from (select id, row_number() over () as r from users) u
    join (select id, row_number() over () as r from events where exclusivity = 'invite-only') e
      on e.r = 1 + u.r % ${Math.max(1, Math.floor(sizes.events / 4))}
    where u.r % 4 = 0`);
  await sql.unsafe(`
    insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, tags, uploaded_by, associated_event_id, upload_date)
    select 'media/b' || i, 'media/b' || i || '/display.webp', 'image', 'image/webp', 1000,
           array['tag-' || (i % 500)], (select id from users order by email limit 1),
           case when i % 10 = 0 then (select id from events order by slug limit 1 offset (i / 10) % ${sizes.events}) end,
           now() - (i || ' minutes')::interval
    from generate_series(1, ${sizes.media}) i`);
  await sql.unsafe(`
    insert into comments (commentable_id, user_id, content, created_at)
    select m.id, u.id, 'Comment', now() - (g.i || ' seconds')::interval
    from generate_series(1, ${sizes.comments}) g(i)
    join lateral (select id from media where object_prefix = 'media/b' || (1 + g.i % ${Math.min(sizes.media, 10_000)})) m on true
    join lateral (select id from users where email = 'm' || (1 + g.i % ${sizes.users}) || '@bench.local') u on true`);
  // As autovacuum leaves a live database: visibility maps set, so index-only scans are possible.
  await sql.unsafe("vacuum analyze");
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

const [member] = await sql`select id, name, email, type, admin from users where email = 'm4@bench.local'`;
const [root] =
  await sql`update users set admin = true where email = 'm1@bench.local' returning id, name, email, type, admin`;
const [event] = await sql`select id from events where slug = 'event-9'`;
const [item] = await sql`select id from media where object_prefix = 'media/b1'`;
const [deep] =
  await sql`select id, upload_date from media order by upload_date desc, id desc offset ${Math.floor(sizes.media / 2)} limit 1`;

const callerFor = (user: typeof member | undefined) => benchCaller(handle.db, user as never as BenchUser);
// One item with a tag of its own: a rare tag must be found on the GIN index, not by walking the gallery.
await sql`insert into media (object_prefix, storage_key, media_type, content_type, size_bytes, tags, upload_date)
  values ('media/rare', 'media/rare/display.webp', 'image', 'image/webp', 1, array['rare-find'], now() - interval '3 years')
  on conflict do nothing`;
const asMember = callerFor(member);
const asAdmin = callerFor(root);
const firstPage = await asMember.media.list({});
const deepCursor = Buffer.from(
  JSON.stringify([new Date(deep!.upload_date).toISOString().replace("Z", "000Z"), deep!.id]),
).toString("base64url");

const cases: [string, () => Promise<unknown>][] = [
  ["events.list (member)", () => asMember.events.list({})],
  ["events.list (admin)", () => asAdmin.events.list({})],
  ["events.list search", () => asMember.events.list({ search: "Event 12" })],
  ["events.get", () => asMember.events.get({ id: event!.id })],
  ["events.choices withMedia", () => asMember.events.choices({ withMedia: true })],
  ["media.list first page", () => asMember.media.list({})],
  ["media.list next page", () => asMember.media.list({ cursor: firstPage.nextCursor! })],
  ["media.list 500k rows back", () => asMember.media.list({ cursor: deepCursor })],
  ["media.list unused tag", () => asMember.media.list({ tag: "nobody-uses-this" })],
  ["media.list rare tag (1 item)", () => asMember.media.list({ tag: "rare-find" })],
  ["media.list common tag (2,000 items)", () => asMember.media.list({ tag: "tag-7" })],
  ["media.list tag prefix (111 tags)", () => asMember.media.list({ tag: "tag-1" })],
  ["media.tags suggestions", () => asMember.media.tags({ prefix: "tag-1" })],
  ["media.list by event", () => asMember.media.list({ eventId: event!.id })],
  ["media.get", () => asMember.media.get({ id: item!.id })],
  ["comments.list (1,000 newest)", () => asMember.comments.list({ commentableId: item!.id })],
  ["users.list page", () => asAdmin.users.list({ limit: 50 })],
  ["users.list search", () => asAdmin.users.list({ search: "member 4242", limit: 50 })],
];

const BIG = new Set(["users", "media", "comments", "event_participants", "event_invitations", "comment_likes"]);
type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[]; "Actual Rows"?: number };
function walk(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
}

console.log("| procedure | query | plan nodes | whole-table reads | time |");
console.log("|---|---|---|---|---|");
for (const [name, run] of cases) {
  recording = [];
  await run();
  const queries = recording.filter((q) => /^\s*select/i.test(q.query));
  recording = undefined;
  for (const [i, q] of queries.entries()) {
    const [{ "QUERY PLAN": plan }] = (await sql.unsafe(
      `explain (analyze, format json) ${q.query}`,
      q.params as never[],
    )) as never as [{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }];
    const nodes = walk(plan[0]!.Plan);
    const types = [...new Set(nodes.map((x) => x["Node Type"]))].join(", ");
    const seq = nodes
      .filter((x) => x["Node Type"] === "Seq Scan" && BIG.has(x["Relation Name"] ?? ""))
      .map((x) => x["Relation Name"]);
    console.log(
      `| ${name} | ${i + 1} of ${queries.length} | ${types} | ${seq.join(", ") || "none"} | ${plan[0]!["Execution Time"].toFixed(2)} ms |`,
    );
  }
}
await sql.end();
await handle.close();
