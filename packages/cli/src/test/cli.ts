import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DbHandle } from "@club/db";
import { buildApp, configWith } from "@club/server";

const run = promisify(execFile);

/**
 * The CLI as users run it: the built bundle with plain node (turbo builds it before the tests;
 * alone: `pnpm --filter @club/cli build`), a separate process on the embedded database in `dataDir`.
 * From source through tsx each run took twice as long (5.8 s against 2.6 s).
 */
const bundle = join(import.meta.dirname, "../../dist/club.js");
if (!existsSync(bundle)) throw new Error("Build the CLI first: pnpm --filter @club/cli build");

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
