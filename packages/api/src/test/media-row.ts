import { randomUUID } from "node:crypto";
import { type Db, media } from "@club/db";

/** A ready media row (no files): what listing and permission tests need. */
export async function insertMediaRow(
  db: Db,
  values: Partial<typeof media.$inferInsert> & { uploadedBy: string },
): Promise<string> {
  const prefix = `media/${randomUUID()}`;
  const [row] = await db
    .insert(media)
    .values({
      objectPrefix: prefix,
      storageKey: `${prefix}/display.webp`,
      mediaType: "image",
      contentType: "image/webp",
      sizeBytes: 1,
      ...values,
    })
    .returning({ id: media.id });
  return row!.id;
}

/** Ready media rows (no files), in one statement: their ids, in the order given. */
export async function insertMediaRows(
  db: Db,
  values: (Partial<typeof media.$inferInsert> & { uploadedBy: string })[],
): Promise<string[]> {
  const prefixes = values.map(() => `media/${randomUUID()}`);
  const made = await db
    .insert(media)
    .values(
      values.map((v, i) => ({
        objectPrefix: prefixes[i]!,
        storageKey: `${prefixes[i]}/display.webp`,
        mediaType: "image" as const,
        contentType: "image/webp",
        sizeBytes: 1,
        ...v,
      })),
    )
    .returning({ id: media.id, prefix: media.objectPrefix });
  const idOf = new Map(made.map((m) => [m.prefix, m.id]));
  return prefixes.map((p) => idOf.get(p)!);
}
