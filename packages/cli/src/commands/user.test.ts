import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { comments, createDb, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, describe, expect, it } from "vitest";
import { clubHere, migratedDataDir } from "../test/cli";

const dataDir = await migratedDataDir("club-cli-user-");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const club = (...args: string[]) => clubHere(dataDir, ...args);

/** One entry of a zip, read with yauzl. */
async function entry(zip: Buffer, name: string): Promise<Buffer | undefined> {
  const yauzl = await import("yauzl");
  const file = await new Promise<import("yauzl").ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  return new Promise((resolve, reject) => {
    file.on("entry", (e: import("yauzl").Entry) => {
      if (e.fileName !== name) return file.readEntry();
      file.openReadStream(e, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => resolve(Buffer.concat(chunks)));
      });
    });
    file.on("end", () => resolve(undefined));
    file.on("error", reject);
    file.readEntry();
  });
}

describe("club user export", () => {
  it("writes a member's data to a zip, refuses to overwrite without --force, and names an unknown member", async () => {
    expect(
      (await club("user", "create", "--email", "ada@club.test", "--password", "secret1", "--name", "Ada")).code,
    ).toBe(0);
    const db = await createDb({ pgliteDir: join(dataDir, "pglite"), processName: "club test" });
    const [ada] = await db.db.select().from(users).where(eq(users.email, "ada@club.test"));
    await db.db.insert(comments).values({ commentableId: ada!.id, userId: ada!.id, content: "Hello from Ada" });
    await db.close();

    const out = join(dataDir, "ada.zip");
    const made = await club("user", "export", "--email", "Ada@club.test", "--out", out);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Wrote the data of ada@club\.test to .*ada\.zip \(\d+ bytes\)\.\n$/);
    const zip = readFileSync(out);
    const data = JSON.parse((await entry(zip, "data.json"))!.toString("utf8"));
    expect(data.profile).toMatchObject({ email: "ada@club.test", name: "Ada" });
    expect(data.comments).toEqual([expect.objectContaining({ content: "Hello from Ada" })]);
    expect(zip.toString("latin1")).not.toContain(ada!.passwordHash);

    writeFileSync(out, "keep me");
    const again = await club("user", "export", "--email", "ada@club.test", "--out", out);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("exists already; choose another file or add --force to replace it.");
    expect(readFileSync(out, "utf8")).toBe("keep me");
    expect((await club("user", "export", "--email", "ada@club.test", "--out", out, "--force")).code).toBe(0);
    expect(await entry(readFileSync(out), "data.json")).toBeDefined();

    const nobody = await club("user", "export", "--email", "nobody@club.test", "--out", join(dataDir, "n.zip"));
    expect(nobody.code).not.toBe(0);
    expect(nobody.stderr).toContain("No member with the e-mail nobody@club.test.");
    expect(existsSync(join(dataDir, "n.zip"))).toBe(false);

    // Each file written is on the audit log, as the operator's; the refused one is not.
    const records = (await club("audit", "--kind", "data_export.downloaded")).stdout.trim().split("\n");
    expect(records).toHaveLength(2);
    expect(records[0]).toMatch(
      / {2}data_export\.downloaded {2}The operator \(command line\) wrote Ada’s data to a file with club user export \(\d+ (bytes|KB)\)\.$/,
    );
  }, 180_000);
});
