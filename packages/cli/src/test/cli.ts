import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DbHandle } from "@club/db";
import { writeMigratedPglite } from "@club/db/testing";
import { buildApp, configWith } from "@club/server";
import { type Command, CommanderError } from "commander";
import { buildProgram } from "../club";
import { describeFailure } from "../failure";

const run = promisify(execFile);

/**
 * The CLI as users run it: the built bundle with plain node (turbo builds it before the tests;
 * alone: `pnpm --filter @club/cli build`), a separate process on the embedded database in `dataDir`.
 * From source through tsx each run took twice as long (5.8 s against 2.6 s). Most tests run it in
 * this process (`clubHere`); this is for what only a process of its own shows (another holding
 * the database).
 */
const bundle = join(import.meta.dirname, "../../dist/club.js");
if (!existsSync(bundle)) throw new Error("Build the CLI first: pnpm --filter @club/cli build");

/**
 * A data folder of its own, its embedded database already migrated (loaded from the migrated
 * template): a test's first command then costs what it does, not a migration on disk (about 4 s of
 * CPU each). That `club` migrates an empty folder itself is proven by club.test.ts's own folder,
 * by the packed CLI (e2e/shipped) and by the server's first start.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await writeMigratedPglite(join(dir, "pglite"));
  return dir;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `club …` on the embedded database in `dataDir`, with no remote or mail configured. */
export async function clubIn(dataDir: string, ...args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bundle, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", CLUB_URL: "", CLUB_TOKEN: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliRun;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The program and every command under it. */
const everyCommand = (command: Command): Command[] => [command, ...command.commands.flatMap(everyCommand)];

/** The environment a run of `club` sees: this data directory, and no database, mail or remote server. */
const RUN_ENV = ["DATA_DIR", "DATABASE_URL", "SMTP_URL", "CLUB_URL", "CLUB_TOKEN"] as const;

/**
 * `club …` run in this process, as main.ts runs it (its output, and exit code 0, 1 for a usage
 * mistake, 2 for a failure), on the embedded database in `dataDir`: a run costs what the command
 * does, not a Node start and PGlite's compilation each time (about a second of CPU a run; 90 runs
 * a suite). What users run, the built bundle, is tested packed and installed (e2e/shipped) and by
 * `clubIn`. Not while a server of this process holds that database: the database's lock is a
 * process's, so this process would not be told it is held (use `clubIn` there).
 */
export async function clubHere(dataDir: string, ...args: string[]): Promise<CliRun> {
  const saved = RUN_ENV.map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", CLUB_URL: "", CLUB_TOKEN: "" });
  let stdout = "";
  let stderr = "";
  const write = { out: process.stdout.write, err: process.stderr.write };
  // The commands print with process.stdout.write (context.ts's `print`); commander with its own output.
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  }) as typeof process.stderr.write;
  const program = buildProgram();
  for (const command of everyCommand(program)) {
    command.exitOverride().configureOutput({
      writeOut: (text) => {
        stdout += text;
      },
      writeErr: (text) => {
        stderr += text;
      },
    });
  }
  try {
    await program.parseAsync(args, { from: "user" });
    return { code: 0, stdout, stderr };
  } catch (err) {
    // Commander's own end: --version and --help (0), or a usage mistake (1), already printed.
    if (err instanceof CommanderError) return { code: err.exitCode, stdout, stderr };
    stderr += `club: ${describeFailure(err)}\n`;
    return { code: 2, stdout, stderr };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export type TestServer = Awaited<ReturnType<typeof buildApp>>;

/** A server on `db` (no workers, silent), listening on a free port of this machine. */
export async function startServer(
  db: DbHandle,
  dataDir: string,
  options: { maxUploadBytes?: number; operatorSocket?: boolean } = {},
): Promise<{ app: TestServer; url: string }> {
  const app = await buildApp(
    configWith({
      appOrigin: "http://club.test",
      tempPassword: "Temp-Pass-1",
      timeZone: "UTC",
      dataDir,
      mailFrom: "club@club.test",
      maxUploadBytes: options.maxUploadBytes ?? 1024 * 1024,
      shutdownGraceMs: 5000,
    }),
    { db, workers: false, logger: false, operatorSocket: options.operatorSocket ?? false },
  );
  return { app, url: await app.listen({ port: 0, host: "127.0.0.1" }) };
}
