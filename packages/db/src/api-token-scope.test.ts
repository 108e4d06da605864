import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "./client";

const dir = mkdtempSync(join(tmpdir(), "club-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it was before the one named `tag` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const folder = join(dir, "before");
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe("the API token scope migration", () => {
  it("makes tokens that existed before scopes `admin`, and leaves new tokens without a default scope", async () => {
    const client = await openPglite({});
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0013_api_token_scope") });
    await db.execute(sql`insert into users (name, email, password_hash) values ('Ada', 'ada@example.com', 'x')`);
    await db.execute(
      sql`insert into api_tokens (user_id, name, token_hash) select id, 'old script', 'hash-1' from users`,
    );

    await migrate(db, { migrationsFolder: migrationsFolder() });
    const rows = await db.execute(sql`select name, scope from api_tokens`);
    expect(rows.rows).toEqual([{ name: "old script", scope: "admin" }]);
    await expect(
      db.execute(sql`insert into api_tokens (user_id, name, token_hash) select id, 'new', 'hash-2' from users`),
    ).rejects.toThrow();
    await client.close();
  });
});
