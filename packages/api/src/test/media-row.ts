import { randomUUID } from "node:crypto";
import { type Db, media } from "@club/db";

/** A ready media row (no files): what listing and permission tests need. */
export async function insertMediaRow(
  db: Db,
  values: Partial<typeof media.$inferInsert> & { uploadedBy: string },
): Promise<string> {
  const [id] = await insertMediaRows(db, [values]);
  return id!;
}

/** Ready media rows (no files), in one statement: their ids, in the order given. */
export async function insertMediaRows(
  db: Db,
  values: (Partial<typeof media.$inferInsert> & { uploadedBy: string })[],
): Promise<string[]> {
  const rows = values.map((v) => {
    const prefix = `media/${randomUUID()}`;
    return {
      objectPrefix: prefix,
      storageKey: `${prefix}/display.webp`,
      mediaType: "image" as const,
      contentType: "image/webp",
      sizeBytes: 1,
      ...v,
    };
  });
  const made = await db.insert(media).values(rows).returning({ id: media.id, prefix: media.objectPrefix });
  const idOf = new Map(made.map((m) => [m.prefix, m.id]));
  return rows.map((r) => idOf.get(r.objectPrefix)!);
}
