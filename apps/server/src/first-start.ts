import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DemoSeedResult, isDatabaseEmpty, seedDemo } from "@club/api";
import { buildApp } from "./app";
import type { AppConfig } from "./config";

/**
 * The embedded database's first start: the migrations and the demo data are made by a process of
 * its own, which then ends. What that work takes stays with the process that did it: PGlite's
 * WebAssembly memory, grown by the migrations' index builds (it never shrinks), and malloc's arenas
 * left by the demo photos' image work. The server then opens the database as after any restart,
 * about 25 MB lighter for its whole life (docs/decisions/README.md, "The embedded database's memory").
 */

/** Set in the environment of the process that makes the demo data. */
const SEEDER = "CLUB_FIRST_START_SEEDER";

/** A data directory whose embedded database was never made (Postgres writes PG_VERSION first). */
export function isNewEmbeddedDatabase(config: AppConfig): boolean {
  return !config.databaseUrl && !existsSync(join(config.dataDir, "pglite", "PG_VERSION"));
}

/** The seeder's one log line (its pid says which process did the work). */
export const FIRST_START_LOG = "first start: the database was made by a process of its own";

export const isFirstStartSeeder = (): boolean => process.env[SEEDER] === "1";

/**
 * Runs the server's own entry module (`main`, its `import.meta.url`: the bundle, or the source under
 * tsx, whose loader comes with the Node flags) as the seeder and waits for what it made. Not
 * `process.argv[1]`: a script that imports the server (the browser tests' start) would run itself.
 * Its log lines go where the server's go.
 */
export function seedInProcessOfItsOwn(
  main: URL,
  log: { write(line: string): unknown },
): Promise<DemoSeedResult | null> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(main), [], {
      // A debugger's flags stay with the server (the seeder would ask for the same port).
      execArgv: process.execArgv.filter((flag) => !flag.startsWith("--inspect")),
      env: { ...process.env, [SEEDER]: "1" },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let made: DemoSeedResult | null | undefined;
    child.stdout?.setEncoding("utf8").on("data", (lines: string) => log.write(lines));
    child.once("message", (message) => {
      made = (message as { seeded: DemoSeedResult | null }).seeded;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0 && made !== undefined) resolve(made);
      else
        reject(new Error(`the first start's database and demo data could not be made (the seeder ended with ${code})`));
    });
  });
}

/**
 * The seeder's work: migrate, make the demo data if the database is still empty, close, and tell
 * the parent what was made (null: nothing, the database held members already).
 */
export async function seedAndTell(config: AppConfig): Promise<void> {
  // V8's default for WebAssembly (no compileWebAssemblyOnce): this process runs for seconds, and
  // the quick compiler opens the database in 0.5 s where optimising everything takes 2.9.
  const app = await buildApp(config, { workers: false, operatorSocket: false });
  try {
    const db = app.dbHandle.db;
    const seeded = (await isDatabaseEmpty(db)) ? await seedDemo(db, app.mediaStore, app.jobs) : null;
    app.log.info({ demoData: seeded !== null }, FIRST_START_LOG);
    await app.close();
    const send = process.send?.bind(process);
    if (!send) throw new Error(`${SEEDER} is set, but no server started this process`);
    await new Promise<void>((resolve, reject) =>
      send({ seeded }, (err: Error | null) => (err ? reject(err) : resolve())),
    );
  } catch (err) {
    // The seeding failed: that error is the one to report; this process ends with it either way.
    await app.close().catch(() => {});
    throw err;
  }
}
