import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { comments, type Db, events, media, users } from "@club/db";
import { count, eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import type { MediaStore } from "@club/storage";
import sharp from "sharp";
import { coverColumns } from "../domain/events/cover";
import { ingestMediaFile } from "../domain/media/ingest";

/** The `i`th of a list that starts again at its end. */
const cycle = <T>(items: readonly [T, ...T[]], i: number): T => items[i % items.length] ?? items[0];

type Palette = [deep: string, mid: string, light: string];

/** Generated art (no outside files): soft gradients and shapes in the club's palette. */
function artwork(seed: number): string {
  const palettes: [Palette, ...Palette[]] = [
    ["#3d2b45", "#c9a96e", "#f6f3ee"],
    ["#2f4a3a", "#e8d8a8", "#f2efe8"],
    ["#5a3a52", "#e0a9a9", "#faf5f0"],
    ["#22364a", "#a7c4d6", "#f4f1ea"],
    ["#4a3b2a", "#d9b38c", "#f7f2e9"],
    ["#3b3350", "#b7a1c9", "#f5f2f7"],
  ];
  const [deep, mid, light] = cycle(palettes, seed);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = (seed * 53 + i * 137) % 800;
    const r = 80 + ((seed + i * 31) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? mid : light}" opacity="${0.18 + (i % 3) * 0.1}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="1200" height="800" fill="url(#g)"/>${circles}</svg>`;
}

/** Each photo is its event's cover (`cover`: another event's, for a photo of none). */
const demoMedia: { title: string; tags: string[]; event: string | null; author: string; cover?: string }[] = [
  {
    title: "Tea in the Orangery",
    tags: ["tea", "gathering"],
    event: "tea-culture-afternoon",
    author: "founding@club.local",
  },
  {
    title: "Watercolour florals",
    tags: ["painting", "workshop"],
    event: "watercolour-workshop",
    author: "standard@club.local",
  },
  { title: "Lavender fields", tags: ["travel", "provence"], event: "provence-retreat", author: "host@club.local" },
  {
    title: "Gallery Nine opening",
    tags: ["showcase", "photography"],
    event: "members-photography-showcase",
    author: "host@club.local",
  },
  {
    title: "Harbour at dawn",
    tags: ["yoga", "morning"],
    event: null,
    author: "founding@club.local",
    cover: "sunrise-yoga-by-the-harbour",
  },
  { title: "Spring menu", tags: ["cooking"], event: "cooking-class-spring-menus", author: "admin@club.local" },
];

const demoComments: [string, ...string[]] = [
  "What a beautiful afternoon.",
  "I would love to join the next one!",
  "The colours are wonderful.",
];

/** Images made here, a short video and a few comments: added once, when the gallery is empty. */
export async function seedMedia(db: Db, store: MediaStore, jobs?: JobSender): Promise<void> {
  const [row] = await db.select({ n: count() }).from(media);
  if ((row?.n ?? 0) > 0) return;
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const eventIdOf = async (slug: string | null) =>
    slug ? ((await db.select({ id: events.id }).from(events).where(eq(events.slug, slug)))[0]?.id ?? null) : null;
  const dir = mkdtempSync(join(tmpdir(), "club-seed-"));
  try {
    for (const [i, m] of demoMedia.entries()) {
      const path = join(dir, `${i}.jpg`);
      writeFileSync(
        path,
        await sharp(Buffer.from(artwork(i + 3)))
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      const uploadedBy = idOf(m.author);
      if (!uploadedBy) continue;
      const id = await ingestMediaFile(
        db,
        store,
        { path, size: statSync(path).size, filename: `${m.title}.jpg` },
        {
          uploadedBy,
          associatedEventId: await eventIdOf(m.event),
        },
      );
      await db
        .update(media)
        .set({ name: m.title, title: m.title, tags: m.tags, description: `${m.title}, from the club's gallery.` })
        .where(eq(media.id, id));
      const coverOf = await eventIdOf(m.cover ?? m.event);
      if (coverOf)
        await db
          .update(events)
          .set(await coverColumns(db, id, coverOf))
          .where(eq(events.id, coverOf));
      const commenter = people[(i + 1) % people.length]?.id;
      if (commenter)
        await db.insert(comments).values({ commentableId: id, userId: commenter, content: cycle(demoComments, i) });
    }
    const video = fileURLToPath(new URL("./assets/teaser.mp4", import.meta.url));
    const admin = idOf("admin@club.local");
    if (admin) {
      const id = await ingestMediaFile(
        db,
        store,
        { path: video, size: statSync(video).size, filename: "Club teaser.mp4" },
        {
          uploadedBy: admin,
          associatedEventId: null,
        },
        jobs,
      );
      await db
        .update(media)
        .set({ name: "Club teaser", title: "Club teaser", tags: ["video", "club"] })
        .where(eq(media.id, id));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
