import { execFile } from "node:child_process";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { installOutside, outsideFolder, type Packed, packClient, workspaceVersion } from "@club/client/testing";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, clubUrl } from "./club";
import { writeClip, writePhoto } from "./files";

/**
 * @club/client as a project outside the workspace gets it: packed as it would be published,
 * installed with npm into an empty project in the system's temporary folder, used by a script that
 * `tsc --strict` checks and node runs against the server as `pnpm start` runs it. The script and
 * the file of mistakes are in outside-client/.
 */
const run = promisify(execFile);
const fixtures = join(import.meta.dirname, "outside-client");
let packed: Packed;
let packDir: string;
let project: string;

beforeAll(async () => {
  packDir = outsideFolder();
  packed = await packClient(packDir);
  project = await installOutside([
    packed.tarball,
    `typescript@${workspaceVersion("typescript")}`,
    `@types/node@${workspaceVersion("@types/node")}`,
    // What the script's receiver of webhooks checks signatures with (the version the server signs with).
    "standardwebhooks@1.1.1",
    // What it checks each message against the published document with (JSON Schema 2020-12).
    "ajv@8.20.0",
  ]);
  for (const file of ["script.ts", "mistakes.ts", "tsconfig.json", "tsconfig.mistakes.json", "declarations.mjs"]) {
    copyFileSync(join(fixtures, file), join(project, file));
  }
});
afterAll(() => {
  for (const dir of [packDir, project]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A command in the outside project: its exit code and what it printed. */
const inProject = (command: string, args: string[], env: Record<string, string> = {}) =>
  run(command, args, { cwd: project, env: { ...process.env, ...env } }).then(
    (out) => ({ code: 0, ...out }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
const tsc = (config: string) =>
  inProject(join(project, "node_modules/.bin/tsc"), ["--strict", "--noEmit", "-p", config]);

describe("@club/client installed outside the workspace", () => {
  it("is packed with its built code, one declaration file and its documents, naming no workspace package", () => {
    expect([...packed.files].sort()).toEqual([
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "dist/index.d.ts",
      "dist/index.js",
      "package.json",
    ]);
    const installed = join(project, "node_modules/@club/client");
    const manifestText = readFileSync(join(installed, "package.json"), "utf8");
    expect(manifestText).not.toMatch(/workspace:|catalog:|@club\/(?!client)/);
    const manifest = JSON.parse(manifestText);
    expect(manifest).toMatchObject({
      version: "0.1.0",
      exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
    });
    expect(manifest.private).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    const dependencies = Object.keys(manifest.dependencies);
    expect(dependencies.sort()).toEqual(["@trpc/client", "@trpc/server", "eventsource", "superjson"]);
    // Exact versions, the ones tested here: what npm installs does not change with what the registry serves.
    for (const [name, version] of Object.entries(manifest.dependencies))
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);

    const declarations = readFileSync(join(installed, "dist/index.d.ts"), "utf8");
    expect(declarations).not.toContain("@club/");
    const imported = [...declarations.matchAll(/from ['"]([^'"]+)['"]/g)].map((m) => m[1]);
    expect(imported.filter((name) => !dependencies.includes(name ?? ""))).toEqual([]);
  });

  it("type-checks a script with tsc --strict, and refuses calls that do not match the server's procedures", async () => {
    const script = await tsc("tsconfig.json");
    expect(script.stdout).toBe("");
    expect(script.code).toBe(0);
    const declarations = await inProject("node", ["declarations.mjs"]);
    expect(declarations.stdout).toBe("");

    const mistakes = await tsc("tsconfig.mistakes.json");
    const errors = mistakes.stdout.split("\n").filter((line) => line.includes("error TS"));
    expect(errors).toHaveLength(6);
    expect(errors[0]).toMatch(/^mistakes\.ts\(5,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    expect(errors[1]).toMatch(/^mistakes\.ts\(6,\d+\): error TS2339: Property 'doesNotExist' does not exist/);
    expect(errors[2]).toMatch(/^mistakes\.ts\(8,\d+\): error TS2339: Property 'organiser' does not exist/);
    // An enum field takes its values, not any string.
    expect(errors[3]).toMatch(/^mistakes\.ts\(9,\d+\): error TS2322: Type '"barbecue"' is not assignable/);
    expect(errors[4]).toMatch(/^mistakes\.ts\(10,\d+\): error TS2322: Type '"secret"' is not assignable/);
    expect(errors[5]).toMatch(/^mistakes\.ts\(11,\d+\): error TS2322: Type '"event\.exploded"' is not assignable/);
    // Two runs of tsc over the client's declarations: a minute alone on a busy 2-core machine.
  }, 180_000);

  it("runs with plain node against the server: events, uploads, webhooks rotated and retried, idempotent retries, a sync of members and events, every kind of message checked", async () => {
    // An administrator's token: the script adds a webhook too.
    const token = await adminToken("admin");
    writePhoto(join(project, "photo.jpg"));
    writeClip(join(project, "clip.mp4"));
    const source = readFileSync(join(project, "script.ts"), "utf8");
    const compiled = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(project, "script.js"), compiled.outputText);

    const { code, stdout, stderr } = await inProject("node", ["script.js"], {
      CLUB_URL: clubUrl(),
      CLUB_TOKEN: token,
      PHOTO: join(project, "photo.jpg"),
      VIDEO: join(project, "clip.mp4"),
    });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toEqual([
      "webhook: event.created, media.uploaded",
      "events before: 0",
      "created: from-outside on 2031-05-01",
      "listed: From outside",
      "photo: image for the event, dated true",
      "video: video, 4178 of 4178 bytes sent",
      "heard, signed: event.created (it), media.uploaded, media.uploaded",
      "rotated: the test message signed by the new secret and the old",
      expect.stringMatching(/^retry now: 1 waiting message is being posted now\. Heard after [1-9]\d* refused\.$/),
      "idempotent: the same event, replayed true, 1 listed",
      "idempotent through the client: the same webhook and secret, 1 listed",
      'rate limit: "api-token";q=3000;w=60, left told',
      "live: told 2 times of the event's comments",
      "sync: Sync Newcomer changed at a Date, then told deleted",
      "event sync: Sync picnic, moved changed at a Date, then told deleted",
      "every kind: 19 of 19 heard, each as the document describes",
      "refused: NOT_FOUND Event not found",
    ]);
    // Its waits for the webhook messages are bounded inside (15 s each, 60 for every kind).
  }, 180_000);
});
