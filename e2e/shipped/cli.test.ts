import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { npm, outsideFolder, type Packed, packWorkspacePackage } from "@club/client/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, clubUrl, signIn } from "./club";
import { writeClip, writePhoto } from "./files";

/**
 * @club/cli as a CI job gets it: packed as it would be published, installed with a plain
 * `npm install <tarball>` into an empty project (no flags that loosen npm's checks, no global
 * install), and run from there against the server as `pnpm start` runs it, with an API token.
 * The install has none of the database's packages, so every remote command that works here works
 * without them.
 */
const run = promisify(execFile);
const cliDir = join(import.meta.dirname, "../../packages/cli");
let packed: Packed;
let packDir: string;
let project: string;
let installed: { stdout: string; stderr: string };
let token: string;

beforeAll(async () => {
  packDir = outsideFolder();
  packed = await packWorkspacePackage(cliDir, packDir);
  project = outsideFolder();
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "ci-job", private: true, type: "module" }));
  installed = await npm("npm", ["install", "--no-audit", "--no-fund", packed.tarball], project);
  token = await adminToken("seed");
});
afterAll(() => {
  for (const dir of [packDir, project]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The installed `club` in the project: its exit code and what it printed. */
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

// Members, a repeating event with a guest and a comment, a photo and a video: what a CI job seeds.
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
    repeat: FREQ=MONTHLY;BYDAY=3FR;COUNT=3
    participants: [ada@seed.test]
    comments:
      - { content: Seeded from CI. }
media:
  - { file: photo.jpg, name: CI photo, event: ci-salon }
  - { file: clip.mp4, name: CI clip }
`;

describe("@club/cli installed in a project by npm", () => {
  it("installs alone, with no warning, into a lockfile that npm ci installs again", async () => {
    // npm once refused it (ERESOLVE): the database's packages were optional peers, which npm
    // resolves all the same, against whatever the registry served that day.
    expect(installed.stderr).toBe("");
    expect(readdirSync(join(project, "node_modules")).filter((name) => !name.startsWith("."))).toEqual(["@club"]);
    expect(readdirSync(join(project, "node_modules/@club"))).toEqual(["cli"]);
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8"));
    expect(Object.keys(lock.packages).sort()).toEqual(["", "node_modules/@club/cli"]);
    rmSync(join(project, "node_modules"), { recursive: true });
    const again = await npm("npm", ["ci", "--no-audit", "--no-fund"], project);
    expect(again.stderr).toBe("");
    expect(existsSync(join(project, "node_modules/.bin/club"))).toBe(true);
  });

  it("is packed with its bundle and documents only, and its manifest installs nothing", () => {
    const extra = packed.files.filter((f) => !f.startsWith("dist/"));
    expect(extra.sort()).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "package.json"]);
    expect(packed.files).toContain("dist/club.js");
    expect(packed.files).toContain("dist/migrations/meta/_journal.json");
    // drizzle-kit's schema snapshots are for writing migrations, not running them.
    expect(packed.files.filter((f) => /_snapshot\.json$|\.test\.|\.log$|(^|\/)src\//.test(f))).toEqual([]);

    const installedDir = join(project, "node_modules/@club/cli");
    const manifestText = readFileSync(join(installedDir, "package.json"), "utf8");
    expect(manifestText).not.toMatch(/workspace:|catalog:|@club\/(?!cli")/);
    const manifest = JSON.parse(manifestText);
    expect(manifest).toMatchObject({ name: "@club/cli", version: "0.1.0", license: "MIT" });
    for (const field of ["private", "dependencies", "peerDependencies", "devDependencies", "scripts"]) {
      expect(manifest[field], field).toBeUndefined();
    }
    const database = Object.keys(manifest.databasePackages).sort();
    expect(database).toEqual(expect.arrayContaining(["@electric-sql/pglite", "@node-rs/argon2", "pg-boss", "sharp"]));

    // The bundle's own imports are exactly the database's packages; the rest is inside it.
    const dist = join(installedDir, "dist");
    const bundle = readdirSync(dist).filter((f) => f.endsWith(".js"));
    const imported = new Set(bundle.flatMap((f) => packagesImportedBy(readFileSync(join(dist, f), "utf8"))));
    expect([...imported].sort()).toEqual(database);
    // Starting `club` loads files that import none of them: the database's code comes by `import()`.
    const atStart = [...loadedAtStart(dist, "club.js")];
    expect(atStart.flatMap((f) => packagesImportedBy(readFileSync(join(dist, f), "utf8")))).toEqual([]);
  });

  it("prints its version, from the project and through npx", async () => {
    const version = JSON.parse(readFileSync(join(cliDir, "package.json"), "utf8")).version;
    expect(await club("--version")).toMatchObject({ code: 0, stdout: `${version}\n` });
    const elsewhere = outsideFolder();
    try {
      const npx = await npm("npx", ["--yes", "--package", packed.tarball, "club", "--version"], elsewhere);
      expect(npx.stdout).toBe(`${version}\n`);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("checks a seed file with a repeating event, then seeds it; a second run changes nothing and says so", async () => {
    writeFileSync(join(project, "seed.yaml"), seedFile);
    writePhoto(join(project, "photo.jpg"));
    writeClip(join(project, "clip.mp4"));
    const remote = ["--url", clubUrl(), "--token", token];

    // Reading a repeating event's rule once loaded the server's database code, which a remote
    // install does not have: every seed with `repeat:` failed.
    const alone = await club("seed", "--check", "--file", "seed.yaml");
    expect(alone.stderr).toBe("");
    expect(alone.code).toBe(0);
    const checked = await club(...remote, "seed", "--check", "--file", "seed.yaml");
    expect(checked.stderr).toBe("");
    expect(checked.code).toBe(0);

    const first = await club(...remote, "seed", "--json", "--file", "seed.yaml");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      created: { users: 2, invitationCodes: 1, events: 1, participants: 1, comments: 1, media: 2 },
    });

    // What it made, as a member reads it: the series' three dates, and her among the first's guests.
    const cookie = await signIn("ada@seed.test", "seed-pass-1");
    const res = await fetch(
      `${clubUrl()}/trpc/events.get?input=${encodeURIComponent(JSON.stringify({ json: { id: "ci-salon" } }))}`,
      {
        headers: { cookie },
      },
    );
    const salon = (await res.json()).result.data.json;
    expect(salon).toMatchObject({ title: "CI Salon", city: "Boston", event_date: "2031-04-18" });
    expect(salon.series.dates.map((d: { event_date: string }) => d.event_date)).toEqual([
      "2031-04-18",
      "2031-05-16",
      "2031-06-20",
    ]);

    const second = await club(...remote, "seed", "--file", "seed.yaml");
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      "Seeded: 0 users, 0 invitationCodes, 0 events, 0 participants, 0 comments, 0 media, 0 homes, 0 stays; 7 already present.\n",
    );
  });

  it("reads the server's outbox remotely, and names what to install for a database command", async () => {
    const mail = await club("--url", clubUrl(), "--token", await adminToken("admin"), "mail", "list", "--json");
    expect(mail.code).toBe(0);
    expect(Array.isArray(JSON.parse(mail.stdout))).toBe(true);

    // Every command that works on the database says what to install, before it loads any of it.
    for (const command of [
      ["migrate"],
      ["token", "list", "--email", "ada@club.test"],
      ["user", "create", "--email", "ada@club.test", "--password", "secret1", "--name", "Ada"],
      ["invite-code", "list"],
      ["seed", "--demo"],
    ]) {
      const local = await club(...command);
      expect([command.join(" "), local.code]).toEqual([command.join(" "), 2]);
      expect(local.stderr).toContain("This command works on the database, and the packages it needs are not installed");
      expect(local.stderr).toMatch(/in its project: npm install .*"@electric-sql\/pglite@0\.3\.16"/);
      expect(local.stderr).toContain("Or work against a running server with --url and --token.");
    }
  });
});
