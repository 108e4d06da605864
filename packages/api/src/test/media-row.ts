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
