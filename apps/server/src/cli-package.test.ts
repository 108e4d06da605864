import { execFile } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { createApiToken } from "@club/auth";
import { installOutside, npm, outsideFolder, type Packed, packWorkspacePackage } from "@club/client/testing";
import { comments, events, invitationCodes, media, users } from "@club/db";
import { eq } from "@club/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, startApp, testPhoto } from "./test/harness";

/**
 * @club/cli as a machine outside the workspace gets it (a CI job, say): packed as it would be
 * published, installed with npm alone in the system's temporary folder, and run against this server
 * with an API token. The install has none of the database's packages, so every remote command that
 * works here works without them. Turbo builds the CLI before this test (apps/server/turbo.json).
 */
const run = promisify(execFile);
const cliDir = join(import.meta.dirname, "../../../packages/cli");
let h: Harness;
let packed: Packed;
let packDir: string;
let project: string;
let url: string;
let token: string;

beforeAll(async () => {
  packDir = outsideFolder();
  packed = await packWorkspacePackage(cliDir, packDir);
  project = await installOutside([packed.tarball]);
  h = await startApp();
  url = await h.app.listen({ port: 0, host: "127.0.0.1" });
  const admin = await addUser(h, { email: "ci@club.test", name: "CI Admin", type: "Founding", admin: true });
  token = (await createApiToken(h.db.db, { userId: admin.id, name: "ci", scope: "seed" })).token;
}, 120_000);
afterAll(async () => {
  await h?.close();
  for (const dir of [packDir, project]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The installed `club` in the outside project: its exit code and what it printed. */
const club = (...args: string[]) =>
  run(join(project, "node_modules/.bin/club"), args, {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  }).then(
    (out) => ({ code: 0, ...out }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );

/** The bare imports (`import … from "x"`, `import("x")`) of a bundle file that are not Node's own. */
function packagesImportedBy(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/(?:^|[;\n])\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"|(?:^|[;\n])\s*import\s*"([^"]+)"/g),
    ...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1] ?? m[2] ?? "");
  return specifiers
    .filter((s) => !s.startsWith(".") && !isBuiltin(s))
    .map((s) =>
      s
        .split("/")
        .slice(0, s.startsWith("@") ? 2 : 1)
        .join("/"),
    );
}

/** The bundle files `entry` loads as it starts (its static imports, followed), before any `import()`. */
function loadedAtStart(dist: string, entry: string, seen = new Set<string>()): Set<string> {
  seen.add(entry);
  const source = readFileSync(join(dist, entry), "utf8");
  for (const m of source.matchAll(/(?:^|[;\n])\s*(?:import|export)\s[^;]*?from\s*"\.\/([^"]+)"/g)) {
    const file = m[1] ?? "";
    if (!seen.has(file)) loadedAtStart(dist, file, seen);
  }
  return seen;
}

const seedFile = `users:
  - { email: ada@seed.test, name: Ada Seeded, password: seed-pass-1, type: Founding }
  - { email: bea@seed.test, name: Bea Seeded, password: seed-pass-1, type: Standard }
invitationCodes:
  - { code: CI-SEED-CODE-01, uses: 3 }
events:
  - slug: ci-salon
    title: CI Salon
    type: art-gallery
    event_date: "2031-04-18"
    start_time: "18:00"
    end_time: "21:00"
    location: 9 Newbury Street
    city: Boston
    country: United States
    participants: [ada@seed.test]
    comments:
      - { content: Seeded from CI. }
media:
  - { file: photo.jpg, name: CI photo, event: ci-salon }
`;

describe("@club/cli installed outside the workspace", () => {
  it("is packed with its bundle and documents only, and its manifest names no workspace package and installs nothing", () => {
    const extra = packed.files.filter((f) => !f.startsWith("dist/"));
    expect(extra.sort()).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "package.json"]);
    expect(packed.files).toContain("dist/club.js");
    expect(packed.files.some((f) => f.startsWith("dist/migrations/"))).toBe(true);
    expect(packed.files.filter((f) => /\.test\.|\.log$|(^|\/)src\//.test(f))).toEqual([]);

    const installed = join(project, "node_modules/@club/cli");
    const manifestText = readFileSync(join(installed, "package.json"), "utf8");
    expect(manifestText).not.toMatch(/workspace:|catalog:|@club\/(?!cli")/);
    const manifest = JSON.parse(manifestText);
    expect(manifest).toMatchObject({ name: "@club/cli", version: "0.1.0", license: "MIT" });
    for (const field of ["private", "dependencies", "devDependencies", "scripts"]) {
      expect(manifest[field], field).toBeUndefined();
    }
    const peers = Object.keys(manifest.peerDependencies).sort();
    expect(peers).toEqual(expect.arrayContaining(["@electric-sql/pglite", "@node-rs/argon2", "pg-boss", "sharp"]));
    for (const name of peers) expect(manifest.peerDependenciesMeta[name], name).toEqual({ optional: true });

    // The bundle's own imports are exactly its optional peers; the rest is inside it.
    const dist = join(installed, "dist");
    const bundle = readdirSync(dist).filter((f) => f.endsWith(".js"));
    const imported = new Set(bundle.flatMap((f) => packagesImportedBy(readFileSync(join(dist, f), "utf8"))));
    expect([...imported].sort()).toEqual(peers);
    // Starting `club` loads files that import none of them: the database's code comes by `import()`.
    const atStart = [...loadedAtStart(dist, "club.js")];
    expect(atStart.flatMap((f) => packagesImportedBy(readFileSync(join(dist, f), "utf8")))).toEqual([]);
    // And npm installed none of them: the project holds the CLI alone.
    expect(readdirSync(join(project, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["@club"]);
    expect(readdirSync(join(project, "node_modules/@club"))).toEqual(["cli"]);
  });

  it("prints its version, installed in a project, globally and through npx", async () => {
    const version = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8")).version;
    expect(await club("--version")).toMatchObject({ code: 0, stdout: `${version}\n` });

    const prefix = outsideFolder();
    const elsewhere = outsideFolder();
    try {
      await npm(
        "npm",
        ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", packed.tarball],
        elsewhere,
      );
      expect((await run(join(prefix, "bin/club"), ["--version"])).stdout).toBe(`${version}\n`);
      const npx = await npm(
        "npx",
        ["--yes", "--prefer-offline", "--package", packed.tarball, "club", "--version"],
        elsewhere,
      );
      expect(npx.stdout).toBe(`${version}\n`);
    } finally {
      for (const dir of [prefix, elsewhere]) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("seeds a server with --url and --token, and a second run changes nothing and says so", async () => {
    writeFileSync(join(project, "seed.yaml"), seedFile);
    writeFileSync(join(project, "photo.jpg"), await testPhoto("jpeg"));
    const remote = ["--url", url, "--token", token];

    const first = await club(...remote, "seed", "--file", "seed.yaml");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Seeded: 2 users, 1 invitationCodes, 1 events, 1 participants, 1 comments, 1 media;/);

    const [ada] = await h.db.db.select().from(users).where(eq(users.email, "ada@seed.test"));
    expect(ada).toMatchObject({ name: "Ada Seeded", type: "Founding" });
    const [salon] = await h.db.db.select().from(events).where(eq(events.slug, "ci-salon"));
    expect(salon).toMatchObject({ title: "CI Salon", city: "Boston" });
    expect(await h.db.db.select().from(invitationCodes)).toHaveLength(1);
    const photos = await h.db.db.select().from(media).where(eq(media.name, "CI photo"));
    expect(photos).toHaveLength(1);
    const said = await h.db.db.select().from(comments).where(eq(comments.content, "Seeded from CI."));
    expect(said).toHaveLength(1);

    const second = await club(...remote, "seed", "--file", "seed.yaml");
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      "Seeded: 0 users, 0 invitationCodes, 0 events, 0 participants, 0 comments, 0 media; 6 already present.\n",
    );
    expect(await h.db.db.select().from(users)).toHaveLength(3);
  }, 60_000);

  it("reads the server's outbox remotely, and names what to install for a database command", async () => {
    const mail = await club("--url", url, "--token", token, "mail", "list", "--json");
    expect(mail.code).toBe(0);
    expect(Array.isArray(JSON.parse(mail.stdout))).toBe(true);

    // Every command that works on the database says what to install, before it loads any of it.
    for (const command of [
      ["migrate"],
      ["token", "list", "--email", "ada@club.test"],
      ["token", "create", "--email", "ada@club.test", "--name", "ci", "--scope", "seed"],
      ["token", "revoke", "--id", "00000000-0000-4000-8000-000000000000"],
      ["user", "create", "--email", "ada@club.test", "--password", "secret1", "--name", "Ada"],
      ["invite-code", "list"],
      ["seed", "--demo"],
    ]) {
      const local = await club(...command);
      expect([command.join(" "), local.code]).toEqual([command.join(" "), 2]);
      expect(local.stderr).toContain("This command works on the database, and the packages it needs are not installed");
      expect(local.stderr).toMatch(/npm install -g "@club\/cli@0\.1\.0" .*"@electric-sql\/pglite@0\.3\.16"/);
      expect(local.stderr).toContain("Or work against a running server with --url and --token.");
    }
    // Eight runs of the installed command, each a Node process of its own, like the tests above.
  }, 60_000);
});
