import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "./rows";
import { createTestDb } from "./testing";

/** A GIN index's name and its storage settings as Postgres keeps them (`fastupdate=false`, …). */
const ginIndex = {
  parse(row: unknown): { name: string; options: string[] | null } {
    const { name, options } = row as { name: unknown; options: unknown };
    if (typeof name !== "string" || !(options === null || Array.isArray(options))) throw new Error("not an index row");
    return { name, options: options as string[] | null };
  },
};

describe("the GIN indexes", () => {
  // Every search of a GIN index reads all of its pending list, 4 MB by default: on a club of 50,000
  // media items a full list made the tag suggestions 22–111 ms instead of 4–8 (migration 0034).
  it("each take entries at once or keep a pending list of at most 256 kB, a new index too", async () => {
    const handle = await createTestDb();
    try {
      const indexes = rowsOf(
        await handle.db.execute(sql`
          select c.relname as name, c.reloptions as options
          from pg_class c
          join pg_am am on am.oid = c.relam
          join pg_namespace ns on ns.oid = c.relnamespace
          where am.amname = 'gin' and ns.nspname = 'public'
          order by c.relname`),
        ginIndex,
      );
      expect(indexes.map((i) => i.name)).toEqual([
        "mail_outbox_subject_trgm_idx",
        "mail_outbox_to_trgm_idx",
        "media_tags_idx",
        "profiles_talents_idx",
        "profiles_talents_trgm_idx",
        "users_email_trgm_idx",
        "users_name_trgm_idx",
      ]);
      for (const { name, options } of indexes) {
        const settings = new Map((options ?? []).map((o) => o.split("=") as [string, string]));
        const bounded =
          settings.get("fastupdate") === "false" || Number(settings.get("gin_pending_list_limit") ?? Infinity) <= 256;
        expect({ name, bounded }).toEqual({ name, bounded: true });
      }
      expect(new Map(indexes.map((i) => [i.name, i.options]))).toEqual(
        new Map([
          ["mail_outbox_subject_trgm_idx", ["gin_pending_list_limit=256"]],
          ["mail_outbox_to_trgm_idx", ["gin_pending_list_limit=256"]],
          ["media_tags_idx", ["fastupdate=false"]],
          ["profiles_talents_idx", ["fastupdate=false"]],
          ["profiles_talents_trgm_idx", ["fastupdate=false"]],
          ["users_email_trgm_idx", ["gin_pending_list_limit=256"]],
          ["users_name_trgm_idx", ["gin_pending_list_limit=256"]],
        ]),
      );
    } finally {
      await handle.close();
    }
  });
});
