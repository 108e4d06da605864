import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { TypePrinter } from "./type-printer";

/**
 * Writes the server's router as types alone (build/generated/api.d.ts): every procedure with its
 * input and output written out in full, and the error shape. The published client's declarations
 * take `@club/api` from this file (see tsup.config.ts), so they carry no reference to the server's
 * packages. In the workspace, src/router.ts takes the real router from @club/api.
 */
const packageDir = join(import.meta.dirname, "..");
export const GENERATED = join(packageDir, "build/generated/api.d.ts");
const CHECK = join(packageDir, "build/generated/check.ts");
const ROUTER_MODULE = join(packageDir, "src/router.ts");
const TRPC_IMPORTS = [
  "inferRouterInputs",
  "inferRouterOutputs",
  "TRPCBuiltRouter",
  "TRPCMutationProcedure",
  "TRPCQueryProcedure",
  "TRPCSubscriptionProcedure",
];
const PROCEDURE_TYPES: Record<string, string> = {
  query: "TRPCQueryProcedure",
  mutation: "TRPCMutationProcedure",
  subscription: "TRPCSubscriptionProcedure",
};

function loadProgram() {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(packageDir, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read.");
  const program = ts.createProgram([ROUTER_MODULE], config.options);
  // The server's own files are checked by its typecheck; here only what the router's types need.
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(ROUTER_MODULE));
  if (errors.length) throw new Error(formatErrors(errors));
  return program;
}

function formatErrors(errors: readonly ts.Diagnostic[]): string {
  const host = {
    getCanonicalFileName: (f: string) => f,
    getCurrentDirectory: () => packageDir,
    getNewLine: () => "\n",
  };
  return ts.formatDiagnosticsWithColorAndContext(errors, host);
}

export function writeRouterTypes(): void {
  const program = loadProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ROUTER_MODULE);
  const module = source && checker.getSymbolAtLocation(source);
  const exported = module && checker.getExportsOfModule(module).find((s) => s.name === "AppRouter");
  if (!exported) throw new Error("src/router.ts does not export AppRouter.");
  const router = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(exported));

  const member = (type: ts.Type, name: string, path: string): ts.Type => {
    const symbol = type.getProperty(name);
    if (!symbol) throw new Error(`${path} has no ${name}.`);
    return checker.getTypeOfSymbol(symbol);
  };
  const printer = new TypePrinter(checker, program, [...TRPC_IMPORTS, "AppRouter", "RouterInputs", "RouterOutputs"]);
  const docs = (symbol: ts.Symbol, indent: string) => {
    const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
    return text ? `${indent}/** ${text.split("\n").join(`\n${indent} * `)} */\n` : "";
  };

  const paths: string[] = [];
  const record = (type: ts.Type, path: string, indent: string): string => {
    const inner = `${indent}  `;
    const lines = checker.getPropertiesOfType(type).map((entry) => {
      const value = checker.getTypeOfSymbol(entry);
      const at = path ? `${path}.${entry.name}` : entry.name;
      const def = value.getProperty("_def") && member(value, "_def", at);
      const kind = def?.getProperty("procedure") ? member(def, "type", at) : undefined;
      if (!def || !kind) return `${docs(entry, inner)}${inner}${entry.name}: ${record(value, at, inner)};`;
      const procedureType = kind.isStringLiteral() ? PROCEDURE_TYPES[kind.value] : undefined;
      if (!procedureType) throw new Error(`${at}: only queries, mutations and live streams are written out.`);
      paths.push(at);
      const types = member(def, "$types", at);
      const input = printer.print(member(types, "input", at), `${at} input`, `${inner}  `);
      const output =
        procedureType === "TRPCSubscriptionProcedure"
          ? liveOutput(member(types, "output", at), at, `${inner}  `)
          : printer.print(member(types, "output", at), `${at} output`, `${inner}  `);
      return `${docs(entry, inner)}${inner}${entry.name}: ${procedureType}<{\n${inner}  input: ${input};\n${inner}  output: ${output};\n${inner}  meta: object;\n${inner}}>;`;
    });
    return `{\n${lines.filter((l) => l !== undefined).join("\n")}\n${indent}}`;
  };

  /** A live stream's output: an async iterable of its messages, each written out in full. */
  const liveOutput = (output: ts.Type, at: string, indent: string) => {
    const [message] = checker.getTypeArguments(output as ts.TypeReference);
    if (!message || output.getSymbol()?.name !== "AsyncIterable")
      throw new Error(`${at}: a live stream's output that is not an AsyncIterable.`);
    return `AsyncIterable<${printer.print(message, `${at} message`, indent)}, void, unknown>`;
  };

  const def = member(router, "_def", "AppRouter");
  const root = member(member(def, "_config", "AppRouter"), "$types", "AppRouter");
  const procedures = record(member(def, "record", "AppRouter"), "", "");
  const errorShape = printer.print(member(root, "errorShape", "errorShape"), "errorShape", "    ");
  const transformer = printer.print(member(root, "transformer", "transformer"), "transformer");

  const text = `// Written by build/router-types.ts from the server's router: each procedure's input and output,
// and the error shape. Nothing of the server itself.
import type { ${TRPC_IMPORTS.join(", ")} } from "@trpc/server";

${printer.namedTypes()}
export type AppRouter = TRPCBuiltRouter<
  {
    ctx: object;
    meta: object;
    errorShape: ${errorShape};
    transformer: ${transformer};
  },
  ${procedures.split("\n").join("\n  ")}
>;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
`;
  mkdirSync(dirname(GENERATED), { recursive: true });
  writeFileSync(GENERATED, text);
  checkAgainstServer(program, paths);
}

/**
 * Each procedure's input and output as written must accept what the server's do, and the other way
 * round: a type the printer got wrong stops the build here, not in a user's script.
 */
function checkAgainstServer(serverProgram: ts.Program, paths: string[]): void {
  const index = (path: string) =>
    path
      .split(".")
      .map((key) => `[${JSON.stringify(key)}]`)
      .join("");
  const lines = paths.flatMap((path) => [
    `true satisfies Same<ServerInputs${index(path)}, RouterInputs${index(path)}>;`,
    `true satisfies Same<ServerOutputs${index(path)}, RouterOutputs${index(path)}>;`,
  ]);
  writeFileSync(
    CHECK,
    `import type { inferRouterError } from "@trpc/server";
import type { AppRouter as Server, RouterInputs as ServerInputs, RouterOutputs as ServerOutputs } from "../../src/router";
import type { AppRouter, RouterInputs, RouterOutputs } from "./api";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<inferRouterError<Server>, inferRouterError<AppRouter>>;
${lines.join("\n")}
`,
  );
  // The written file is checked as a declaration file of its own: a name it uses and does not
  // declare would otherwise be `any`, and pass for anything.
  const options = { ...serverProgram.getCompilerOptions(), skipLibCheck: false };
  const program = ts.createProgram([CHECK], options, undefined, serverProgram);
  const errors = [CHECK, GENERATED].flatMap((file) => [
    ...program.getSyntacticDiagnostics(program.getSourceFile(file)),
    ...program.getSemanticDiagnostics(program.getSourceFile(file)),
  ]);
  if (errors.length) throw new Error(formatErrors(errors));
}

if (process.argv[1] === import.meta.filename) writeRouterTypes();
