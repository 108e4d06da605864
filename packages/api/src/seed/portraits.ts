import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, profiles, users } from "@club/db";
import { and, eq, inArray, isNull } from "@club/db/orm";
import { type MediaStore, storePortrait } from "@club/storage";
import sharp from "sharp";

/** Each demo member's colours: a background and a lighter figure in the club's palette. */
const LOOKS: [[background: string, light: string, figure: string], ...[string, string, string][]] = [
  ["#3d2b45", "#c9a96e", "#f1e6d2"],
  ["#2f4a3a", "#9fb8ad", "#eef2ea"],
  ["#5a3a52", "#e0a9a9", "#f8ece8"],
  ["#22364a", "#a7c4d6", "#edf2f6"],
];

/** A painted-looking portrait made here (no outside files): a figure against a soft gradient. */
function portraitArt(i: number): string {
  const [background, light, figure] = LOOKS[i % LOOKS.length] ?? LOOKS[0];
  const tilt = (i % 3) * 14 - 14;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
<defs><radialGradient id="g" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
<g transform="rotate(${tilt} 300 420)" fill="${figure}" opacity="0.92">
<ellipse cx="300" cy="250" rx="105" ry="125"/>
<path d="M300 130c-90 0-150 70-140 170 5 50-20 90-40 120 60-10 90-40 100-80l160 0c10 40 40 70 100 80-20-30-45-70-40-120 10-100-50-170-140-170z" fill="${background}" opacity="0.55"/>
<path d="M90 600c10-130 100-200 210-200s200 70 210 200z"/>
</g></svg>`;
}

/**
 * Portraits for the demo members named (those the seed has just made), so the directory, the
 * guest lists and "Hosted by" look like a club's rather than a row of initials.
 */
export async function seedPortraits(db: Db, store: MediaStore, emails: readonly string[]): Promise<void> {
  const without = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(inArray(users.email, [...emails]), isNull(profiles.portraitPrefix)));
  if (without.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), "club-portraits-"));
  try {
    for (const member of without) {
      const path = join(dir, `${member.id}.jpg`);
      writeFileSync(
        path,
        await sharp(Buffer.from(portraitArt(emails.indexOf(member.email))))
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      const stored = await storePortrait(store, path);
      await db
        .update(profiles)
        .set({ portraitPrefix: stored.prefix, portraitPlaceholder: stored.placeholder })
        .where(eq(profiles.userId, member.id));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
