import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, clubUrl } from "./club";
import { writeClip } from "./files";

/**
 * The docs still work: every relative link in the repository's Markdown leads to a file (and its
 * anchor to a heading of that file), every decision is listed in the decisions' index, and the
 * code blocks marked runnable (```sh runnable) run, as written, against the server this suite
 * started as `pnpm start` starts it. Two things are read for what they stand for: the address
 * `http://localhost:3000` is that server's, and the token `club_…` an administrator's. A seed file
 * shown as an example (```yaml seed) passes `club seed --check`, with the media files it names.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

/** Runs a program from the repository's root to its end: its exit code and what it printed. */
function exec(file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return run(file, args, {
    cwd: root,
    timeout: 60_000,
    // What a shell of one's own has, and nothing of this test's environment.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  }).then(
    (out) => ({ code: 0 as number | null, ...out }),
    (err: { code: number | null; stdout: string; stderr: string }) => err,
  );
}

/** The fenced blocks of every Markdown file whose info string matches. */
function blocksWith(info: RegExp): Block[] {
  return markdownFiles.flatMap((file) =>
    parse(readFileSync(join(root, file), "utf8"))
      .blocks.filter((b) => info.test(b.info))
      .map((b) => ({ file, ...b })),
  );
}

/** The Markdown files of the repository, as git sees them (committed or not, not ignored). */
const markdownFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && existsSync(join(root, f)));

interface Block {
  file: string;
  line: number;
  info: string;
  code: string;
}

/** A file's fenced code blocks with their info strings, and its text outside them. */
function parse(text: string): { blocks: Omit<Block, "file">[]; prose: { line: number; text: string }[] } {
  const blocks: Omit<Block, "file">[] = [];
  const prose: { line: number; text: string }[] = [];
  let open: { fence: string; info: string; line: number; lines: string[] } | null = null;
  text.split("\n").forEach((line, i) => {
    const fence = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(line);
    if (open) {
      if (fence?.[1]?.startsWith(open.fence) && !fence[2]) {
        blocks.push({ line: open.line, info: open.info, code: open.lines.join("\n") });
        open = null;
      } else open.lines.push(line);
    } else if (fence) open = { fence: fence[1] ?? "", info: (fence[2] ?? "").trim(), line: i + 1, lines: [] };
    else prose.push({ line: i + 1, text: line });
  });
  return { blocks, prose };
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
/** Every anchor the headings of a Markdown file give (a repeated heading gets -1, -2…). */
function anchorsOf(file: string): Set<string> {
  const known = anchorCache.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of parse(readFileSync(file, "utf8")).prose) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = anchorOf(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** The link targets of a line of prose: inline links and images, and reference definitions. */
function targetsOf(line: string): string[] {
  const text = line.replace(/`[^`]*`/g, "");
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? "");
  const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text)?.[1];
  return reference ? [...inline, reference] : inline;
}

/** What is wrong with a link from `file` to `target`, or null when it leads somewhere. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: and the like
  const [path = "", anchor] = target.split("#");
  const to = path ? resolve(dirname(join(root, file)), decodeURI(path)) : join(root, file);
  if (!existsSync(to)) return `no file ${relative(root, to)}`;
  if (anchor === undefined || !to.endsWith(".md") || statSync(to).isDirectory()) return null;
  return anchorsOf(to).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor} in ${relative(root, to)}`;
}

describe("the Markdown files", () => {
  it("are found", () => {
    expect(markdownFiles).toContain("README.md");
    expect(markdownFiles).toContain("docs/operating.md");
  });

  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const { line, text } of parse(readFileSync(join(root, file), "utf8")).prose) {
        for (const target of targetsOf(text)) {
          const why = brokenLink(file, target);
          if (why) broken.push(`${file}:${line}: (${target}) ${why}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("list every decision in the decisions' index, each file with its title", () => {
    const dir = join(root, "docs/decisions");
    const index = readFileSync(join(dir, "README.md"), "utf8");
    const listed = new Set([...index.matchAll(/\]\(([^)#]+\.md)\)/g)].map((m) => m[1]));
    const files = readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md");
    expect(files.filter((f) => !listed.has(f))).toEqual([]);
    expect(files.filter((f) => !/^# \S/.test(readFileSync(join(dir, f), "utf8")))).toEqual([]);
  });
});

describe("the runnable code blocks", () => {
  const runnable = blocksWith(/^(sh|bash)\s+runnable\b/);
  let token: string;
  beforeAll(async () => {
    token = await adminToken("admin");
  });

  it("are there: the README's and the guides'", () => {
    const files = new Set(runnable.map((b) => b.file));
    for (const file of ["README.md", "docs/operating.md", "docs/integrating.md"]) expect(files).toContain(file);
  });

  it.each(runnable.map((b) => [`${b.file}:${b.line}`, b] as const))("%s runs", async (_, block) => {
    const script = block.code.replaceAll("http://localhost:3000", clubUrl()).replaceAll("club_…", token);
    // DATA_DIR where the server keeps the club's data, as `.data` is beside `pnpm start`'s.
    const result = await exec("sh", ["-e", "-c", script], { DATA_DIR: inject("clubDataDir") });
    expect(
      result.code,
      `${block.file}:${block.line} failed:\n${block.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    ).toBe(0);
    expect(result.stdout.trim(), `${block.file}:${block.line} printed nothing`).not.toBe("");
  });
});

describe("the seed files shown as examples", () => {
  const seeds = blocksWith(/^ya?ml\s+seed\b/);

  it("are there", () => {
    expect(seeds.map((b) => b.file)).toContain("docs/integrating.md");
  });

  it.each(seeds.map((b) => [`${b.file}:${b.line}`, b] as const))("%s passes club seed --check", async (_, block) => {
    const dir = mkdtempSync(join(tmpdir(), "club-docs-seed-"));
    try {
      writeFileSync(join(dir, "seed.yaml"), block.code);
      // The media files it names, beside it: a short video serves for any of them.
      for (const m of block.code.matchAll(/\bfile:\s*([\w./-]+)/g)) writeClip(join(dir, m[1] ?? ""));
      const result = await exec("node", [
        "packages/cli/dist/club.js",
        "seed",
        "--check",
        "--file",
        join(dir, "seed.yaml"),
      ]);
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
