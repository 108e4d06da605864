import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Command, CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram } from "./club";
import { loadSeedFile } from "./seed/load";

/**
 * The GitHub Actions example runs `club` in a container this repository cannot start. Its command
 * lines are read here by the CLI's own parser (every action replaced by a no-op), so an option the
 * CLI does not know, or a required one left out, fails here and not in a user's CI.
 */
const example = join(import.meta.dirname, "../../../examples/github-actions");
const workflow = readFileSync(join(example, "seed.yml"), "utf8");

/** The words of each `club …` invocation in the workflow's shell steps (comments left out). */
function clubInvocations(text: string): string[][] {
  return (
    text
      .split("\n")
      .filter((line) => !line.trim().startsWith("#"))
      // `club` at the start of a command: a line's, a substitution's, or after the image's name.
      .flatMap((line) => [...line.matchAll(/(?:^\s*|\$\(|"\$IMAGE" )club (.*)/g)])
      .map((m) => words(m[1] ?? ""))
  );
}

/**
 * Shell words up to the command's end (`|`, `;` or the `)` closing the substitution it is in).
 * Quotes group, `$(…)` nests; a word holding a variable or a substitution stands in as "value".
 */
function words(command: string): string[] {
  const found: string[] = [];
  let word: string | undefined;
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] ?? "";
    if (depth === 0 && !quoted && (c === "|" || c === ";" || c === ")")) break;
    if (depth === 0 && !quoted && /\s/.test(c)) {
      if (word !== undefined) found.push(word);
      word = undefined;
      continue;
    }
    word ??= "";
    if (c === "$" && command[i + 1] === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
    else if (c === '"' && depth === 0) quoted = !quoted;
    if (c !== '"' || depth > 0) word += c;
  }
  if (word !== undefined) found.push(word);
  return found.map((w) => (w.includes("$") ? "value" : w));
}

function parsingOnly(command: Command): Command {
  command.exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  if (command.parent) command.action(() => {});
  for (const sub of command.commands) parsingOnly(sub);
  return command;
}

async function parse(args: string[]): Promise<string> {
  try {
    await parsingOnly(buildProgram()).parseAsync(args, { from: "user" });
    return "accepted";
  } catch (err) {
    if (err instanceof CommanderError) return err.message;
    throw err;
  }
}

describe("the GitHub Actions example", () => {
  const invocations = clubInvocations(workflow);

  it("calls club to make an administrator, a token and to seed", () => {
    expect(invocations.map((w) => w.slice(0, 2).join(" "))).toEqual(["user create", "token create", "seed --file"]);
  });

  it("gives each club command options the CLI accepts", async () => {
    for (const args of invocations) expect([args.join(" "), await parse(args)]).toEqual([args.join(" "), "accepted"]);
  });

  it("would notice a command the CLI refuses", async () => {
    expect(await parse(["token", "create", "--name", "ci", "--scope", "seed"])).toMatch(/--email/);
  });

  it("comes with a seed file the CLI reads without errors", () => {
    const seed = loadSeedFile(join(example, "seed.yaml"));
    expect(seed.seed.users.map((u) => u.email)).toEqual(["ada@example.com", "grace@example.com"]);
  });
});
