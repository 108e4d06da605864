import { media, type Queryable } from "@club/db";
import { inArray } from "@club/db/orm";
import type { MediaStore } from "@club/storage";

const BATCH = 500;

/**
 * The item prefixes in the store (`media/<uuid>`) that no media row refers to: what a failed delete
 * or a restored database backup left behind. Found, not deleted: an operator decides (the store may
 * be shared, or the rows may be coming back from a backup). Rows are looked up a batch at a time,
 * so a million objects never sit in memory; `limit` caps what is returned.
 */
export async function findUnreferencedObjects(
  db: Queryable,
  store: MediaStore,
  limit = 1000,
): Promise<{ count: number; prefixes: string[] }> {
  let count = 0;
  const prefixes: string[] = [];
  const check = async (batch: string[]) => {
    const known = await db.select({ prefix: media.objectPrefix }).from(media).where(inArray(media.objectPrefix, batch));
    const referenced = new Set(known.map((r) => r.prefix));
    for (const prefix of batch) {
      if (referenced.has(prefix)) continue;
      count++;
      if (prefixes.length < limit) prefixes.push(prefix);
    }
  };
  let batch: string[] = [];
  for await (const prefix of store.listPrefixes("media")) {
    batch.push(prefix);
    if (batch.length === BATCH) {
      await check(batch);
      batch = [];
    }
  }
  if (batch.length) await check(batch);
  return { count, prefixes };
}
