import { ConfigError, isDatabaseEmpty, loadEnv, seedDemo } from "@club/api";
import { compileWebAssemblyOnce, DatabaseLockedError } from "@club/db";
import { ffmpegAvailable } from "@club/storage";
import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { isFirstStartSeeder, isNewEmbeddedDatabase, seedAndTell, seedInProcessOfItsOwn } from "./first-start";
import { heldLogStream } from "./held-log";
import { gracefulShutdown } from "./shutdown";

const logs = heldLogStream();

/** The app once built: a start that fails after it closes it, so the embedded database's lock goes. */
let started: Awaited<ReturnType<typeof buildApp>> | undefined;

async function main() {
  const config = configFromEnv(loadEnv());
  if (isFirstStartSeeder()) {
    await seedAndTell(config);
    // Its work is done and told: whatever else holds the process open (a listener on its IPC
    // channel, a timer of a library) must not keep the server waiting.
    process.exit(0);
  }
  // First start of the embedded default: the database and its demo data are made by a process of
  // their own (first-start.ts). A production database (DATABASE_URL) never gets demo accounts with
  // a published password.
  const seededApart = isNewEmbeddedDatabase(config)
    ? await seedInProcessOfItsOwn(new URL(import.meta.url), logs.stream)
    : undefined;
  // A server runs for days: the embedded database's code compiled once, for less memory held.
  if (!config.databaseUrl) compileWebAssemblyOnce();
  // With the embedded database, `club` on this machine reaches it through the server while it runs.
  const app = await buildApp(config, { operatorSocket: !config.databaseUrl, logStream: logs.stream });
  started = app;
  const db = app.dbHandle.db;

  // An embedded database left empty (a first start stopped before its demo data): made here.
  const firstStart = !seededApart && !config.databaseUrl && (await isDatabaseEmpty(db));
  const seeded = seededApart ?? (firstStart ? await seedDemo(db, app.mediaStore, app.jobs) : undefined);

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ address }, "club is listening");
  const lines = [`\n  club is running at ${config.appOrigin}  (listening on ${address})`];
  if (seeded) {
    lines.push(
      "  First start: demo data was created.",
      `  Admin sign-in: ${seeded.adminEmail} / ${seeded.password}`,
      `  Other members: founding@club.local, standard@club.local, host@club.local (same password)`,
      ...(seeded.invitationCode ? [`  Invitation code: ${seeded.invitationCode}`] : []),
    );
  }
  if (!(await ffmpegAvailable())) {
    lines.push(
      "  ffmpeg was not found: videos are stored as uploaded, with their metadata (location, device),",
      "  without a poster frame, and not converted to play everywhere (an iPhone's HEVC video shows",
      "  nothing in Chrome or Firefox). Install ffmpeg (e.g. apt-get install ffmpeg) and restart.",
    );
    app.log.warn("ffmpeg not found: videos are stored as uploaded, with their metadata, and not transcoded");
  }
  if (!config.databaseUrl) lines.push(`  Data: ${config.dataDir} (embedded database)`);
  if (!config.smtpUrl) {
    lines.push(
      `  Mail is not sent (no SMTP_URL): read it at ${config.appOrigin}/outbox (admins), or with pnpm club mail list`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n\n`);
  logs.release();

  const shutdown = gracefulShutdown(app, { graceMs: config.shutdownGraceMs });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Closes what a failed start opened (database, its lock, jobs, sockets), within a few seconds. */
async function closeAfterFailedStart(): Promise<void> {
  if (!started) return;
  const app = started;
  started = undefined;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    // The start failed, and that error is reported; the process exits after this either way.
    app.close().catch(() => {}),
    new Promise((resolve) => {
      timer = setTimeout(resolve, 10_000);
    }),
  ]);
  clearTimeout(timer);
}

main().catch(async (err: unknown) => {
  logs.release();
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    process.stderr.write(`club: ${err.message}\n`);
  } else {
    process.stderr.write(`club: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  await closeAfterFailedStart();
  process.exit(1);
});
