import { readFileSync } from "node:fs";
import { type Document, isMap, isNode, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { z } from "zod";
import { type Path, pathText, type SeedFile, seedFileSchema } from "./schema";

/** Line and column of a problem `file:line:column: …`, to list them in the file's order. */
function placeOf(file: string, problem: string): [number, number] {
  const [, line, col] = /^:(\d+):(\d+):/.exec(problem.slice(file.length)) ?? [];
  return [Number(line ?? 0), Number(col ?? 0)];
}

/** A seed file that cannot be used: every problem found, each `file:line:column: path: message`, in the file's order. */
export class SeedFileError extends Error {
  constructor(
    file: string,
    readonly problems: string[],
  ) {
    const sorted = problems
      .map((p) => ({ p, at: placeOf(file, p) }))
      .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1])
      .map(({ p }) => p);
    const count = problems.length === 1 ? "1 error" : `${problems.length} errors`;
    super(`${file} has ${count}; nothing was written.\n${sorted.join("\n")}`);
  }
}

/**
 * Where each value of a seed file was written, so that every later complaint about an entry (a
 * member that does not exist, a file not on disk) names its line like the schema's own. JSON is
 * read by the YAML parser too (JSON is YAML), which gives both the same positions.
 */
export class SeedPlaces {
  constructor(
    readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /** `seed.yaml:12:5`: where the value at `path` is written, or the nearest enclosing one that is. */
  where(path: Path): string {
    const { line, col } = this.lines.linePos(this.offsetOf(path));
    return `${this.file}:${line}:${col}`;
  }

  /** `seed.yaml:12:5: events[0].titel: Unknown key "titel".` */
  problem(path: Path, message: string): string {
    return `${this.where(path)}: ${pathText(path) || "(file)"}: ${message}`;
  }

  /** The keys an entry of the file states (what it leaves out takes a default, and is never compared). */
  stated(path: Path): Set<string> {
    const node = this.doc.getIn(path, true);
    if (!isMap(node)) return new Set();
    return new Set(node.items.flatMap((p) => (isScalar(p.key) ? [String(p.key.value)] : [])));
  }

  private offsetOf(path: Path): number {
    let node: unknown = this.doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (const step of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === step);
        if (!pair) break;
        // A value's place is its own; a key without a usable value (`titel:`) is placed at the key.
        node = pair.value;
        offset = rangeStart(node) ?? rangeStart(pair.key) ?? offset;
      } else if (isSeq(node) && typeof step === "number") {
        node = node.items[step];
        const start = rangeStart(node);
        if (start === undefined) break;
        offset = start;
      } else break;
    }
    return offset;
  }

  /** Where the key `key` of the map at `path` is written. */
  keyOffset(path: Path, key: string): string {
    const node = this.doc.getIn(path, true);
    const pair = isMap(node) ? node.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
    const start = pair ? rangeStart(pair.key) : undefined;
    if (start === undefined) return this.where(path);
    const { line, col } = this.lines.linePos(start);
    return `${this.file}:${line}:${col}`;
  }
}

const rangeStart = (node: unknown): number | undefined => (isNode(node) ? (node as Node).range?.[0] : undefined);

const isYaml = (path: string) => /\.ya?ml$/i.test(path);

/** The first line of the YAML parser's message, without the place it repeats (given in front). */
const firstLine = (message: string) => (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?$/, "");

/** Each schema issue as one problem with its place; an unknown key once per key, at the key. */
function problemsOf(source: SeedPlaces, error: z.ZodError): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => {
        const path = [...issue.path, key];
        return `${source.keyOffset(issue.path, key)}: ${pathText(path)}: Unknown key "${key}".`;
      });
    }
    return [source.problem(issue.path, issue.message)];
  });
}

/** A validated seed file, and where its values are written. */
export interface SeedSource {
  seed: SeedFile;
  places: SeedPlaces;
}

/** Reads a JSON or YAML seed file and validates it with the API's own schemas. */
export function loadSeedFile(file: string): SeedSource {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new SeedFileError(file, [`${file}: Cannot read the seed file.`]);
  }
  const format = isYaml(file) ? "YAML" : "JSON";
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const [syntax] = doc.errors;
  if (syntax)
    throw new SeedFileError(file, [`${at(syntax.pos[0])}: Not valid ${format}: ${firstLine(syntax.message)}`]);
  if (format === "JSON") {
    // The YAML parser is lenient with what JSON forbids (comments, bare words): JSON.parse decides.
    try {
      JSON.parse(text);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const position = Number(/at position (\d+)/.exec(message)?.[1] ?? 0);
      throw new SeedFileError(file, [`${at(position)}: Not valid JSON: ${message.replace(/ in JSON at .*$/, "")}.`]);
    }
  }
  const places = new SeedPlaces(file, doc, lines);
  const result = seedFileSchema.safeParse(doc.toJS() ?? {});
  if (!result.success) throw new SeedFileError(file, problemsOf(places, result.error));
  return { seed: result.data, places };
}
