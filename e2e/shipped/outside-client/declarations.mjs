// The client's declaration file, checked as a file of its own: a project's usual `skipLibCheck`
// would take a name it uses and does not declare for `any`. (tRPC's own declarations are left out:
// they refer to the `ws` package's types, which a client has no need of.)
import ts from "typescript";

const config = ts.getParsedCommandLineOfConfigFile(
  "tsconfig.json",
  { skipLibCheck: false },
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  },
);
const program = ts.createProgram(config.fileNames, config.options);
const declarations = program.getSourceFiles().find((f) => f.fileName.endsWith("/@club/client/dist/index.d.ts"));
if (!declarations) throw new Error("The script does not use @club/client's declarations.");
const errors = [...program.getSyntacticDiagnostics(declarations), ...program.getSemanticDiagnostics(declarations)];
const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => "\n" };
process.stdout.write(ts.formatDiagnostics(errors, host));
process.exitCode = errors.length ? 1 : 0;
