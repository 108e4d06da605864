import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrationsFolder, openPglite, pgliteHandle } from "../client";

/** A digest of the migrations' files: a template is made again when any of them changes. */
export function migrationsDigest(): string {
  const dir = migrationsFolder();
  const hash = createHash("sha256");
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".sql"))
    .sort())
    hash.update(readFileSync(join(dir, f)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The embedded database with every migration run, as a data dump to start from: made once per set
 * of migrations and kept in the temporary folder, so a test database costs a load, not a migration.
 */
export async function migratedTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `club-pglite-template-${migrationsDigest()}.tar`);
  if (!existsSync(path)) {
    const client = await openPglite({});
    try {
      await pgliteHandle(client, () => client.close()).migrate();
      const dump = await client.dumpDataDir("none");
      // Written under a unique name and renamed, so test workers starting together never read half a file.
      const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    } finally {
      await client.close();
    }
  }
  return new Blob([readFileSync(path)]);
}
