import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { TypePrinter } from "./type-printer";

/** The printed type of `value` exported by a small module. */
function printed(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), "type-printer-"));
  const file = join(dir, "module.ts");
  writeFileSync(file, source);
  const program = ts.createProgram([file], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const value = checker.getExportsOfModule(module).find((s) => s.name === "value")!;
  return new TypePrinter(checker, program, []).print(checker.getTypeOfSymbol(value), "value");
}

describe("the client's type printer", () => {
  it("writes true | false as boolean", () => {
    expect(printed("export const value = { a: Math.random() > 0.5 };")).toContain("a: boolean;");
  });

  it("keeps true | undefined (a draft's flag), which it once wrote as undefined alone", () => {
    expect(printed("export const value = { draft: Math.random() > 0.5 ? undefined : (true as const) };")).toContain(
      "draft: undefined | true;",
    );
  });
});
