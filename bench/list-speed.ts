// Times the gallery's first page and the events list with many rows.
//   pnpm --filter @club/bench list-speed [media rows, default 20000]

import { createUser } from "@club/api";
import { createDb, events, media } from "@club/db";
import { benchCaller } from "./caller";

const rows = Number(process.argv[2] ?? 20_000);
const db = await createDb({});
await db.migrate();
const user = await createUser(db.db, {
  email: "bench@club.local",
  name: "Bench",
  password: "bench-pass",
  type: "Founding",
});
for (let i = 0; i < rows; i += 1000) {
  await db.db.insert(media).values(
    Array.from({ length: Math.min(1000, rows - i) }, (_, j) => ({
      objectPrefix: `media/b${i + j}`,
      storageKey: `media/b${i + j}/display.webp`,
      mediaType: "image" as const,
      contentType: "image/webp",
      sizeBytes: 1000,
      tags: [(i + j) % 7 === 0 ? "lake" : "city"],
      uploadedBy: user.id,
      uploadDate: new Date(Date.now() - (i + j) * 60_000),
    })),
  );
}
await db.db.insert(events).values(
  Array.from({ length: 2000 }, (_, i) => ({
    slug: `e-${i}`,
    title: `Event ${i}`,
    description: "d",
    eventDate: "2027-01-01",
    createdBy: user.id,
  })),
);
const caller = benchCaller(db.db, user);

async function time(label: string, fn: () => Promise<unknown>, runs = 20) {
  await fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  console.log(`${label}: ${((performance.now() - started) / runs).toFixed(1)} ms per call (${runs} runs)`);
}
console.log(`${rows} media rows, 2000 events (embedded PGlite)`);
await time("media.list first page (60)", () => caller.media.list({}));
await time("media.list by tag", () => caller.media.list({ tag: "lake" }));
const page = await caller.media.list({});
await time("media.list next page", () => caller.media.list({ cursor: page.nextCursor! }));
await time("events.list (all 2000)", () => caller.events.list({}), 5);
await db.close();
