import type { Command } from "commander";
import { localOnly, print, remoteOf, withDb } from "../context";
import { loadSeedFile, SeedFileError } from "../seed/load";
import { remoteTarget } from "../seed/remote-target";
import { checkSeed, describeReport, runSeed, SeedStopped } from "../seed/run";

interface SeedOptions {
  demo?: boolean;
  file?: string;
  check?: boolean;
  update?: boolean;
  json?: boolean;
}

export function registerDbCommands(program: Command): void {
  program
    .command("migrate")
    .description("apply the database migrations (idempotent)")
    .action(async (_opts, command: Command) => {
      localOnly(command, "migrate");
      await withDb(async (h) => print(`Migrations applied (${h.kind}).`));
    });

  program
    .command("seed")
    .description("add data: the demo set, or the users, codes, events, comments and media of a file (idempotent)")
    .option("--demo", "the demo data: an admin, members of each type, applications, events and an invitation code")
    .option("--file <path>", 'a JSON or YAML seed file (docs/integrating.md, "Seed files", gives its format)')
    .option("--check", "check the file (and, with --url, what it names on the server) without writing anything")
    .option("--update", "change entries that exist but differ from the file (otherwise they are only reported)")
    .option("--json", "print what was done as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  club seed --demo\n  club seed --file seed.yaml\n  club seed --check --file seed.yaml\n  club --url https://staging.example.com --token club_… seed --file seed.json --update",
    )
    .action(async (opts: SeedOptions, command: Command) => {
      const chooseOne = "error: choose one of --demo or --file <path>";
      if (Boolean(opts.demo) === Boolean(opts.file)) command.error(chooseOne);
      if (opts.demo && (opts.check || opts.update)) command.error("error: --check and --update go with --file");
      if (opts.check && opts.update) command.error("error: choose one of --check or --update");
      if (opts.demo) {
        localOnly(command, "seed --demo");
        await withDb(async (h, env) => {
          const [{ seedDemo }, { mediaStoreFor }] = await Promise.all([import("@club/api"), import("../local/api")]);
          const result = await seedDemo(h.db, await mediaStoreFor(env));
          if (opts.json) return print(JSON.stringify(result));
          print(
            result.created.length
              ? `Created: ${result.created.join(", ")}`
              : "Demo accounts already exist; nothing changed.",
          );
          print(`Admin sign-in: ${result.adminEmail} / ${result.password}`);
          print(
            result.invitationCode
              ? `Invitation code: ${result.invitationCode}`
              : "An invitation code exists already (codes are stored hashed); make another with: club invite-code create",
          );
        });
        return;
      }
      const file = opts.file ?? command.error(chooseOne);
      const options = { update: Boolean(opts.update), check: Boolean(opts.check) };
      try {
        await seedFile(file, remoteOf(command), options, Boolean(opts.json));
      } catch (err) {
        // With --json a failure is JSON on stdout too (and still the words on stderr, exit 2).
        if (opts.json) print(JSON.stringify(failureJson(err)));
        throw err;
      }
    });
}

/** `seed --file`: checked, or written (on the database, or on a server with --url and --token). */
async function seedFile(
  file: string,
  remote: { url: string; token: string } | undefined,
  options: { update: boolean; check: boolean },
  json: boolean,
): Promise<void> {
  const source = loadSeedFile(file);
  const target = remote ? remoteTarget(remote.url, remote.token) : undefined;
  if (options.check) {
    const { problems, warnings } = await checkSeed(source, target);
    if (problems.length) throw new SeedFileError(file, problems);
    const { users, invitationCodes, events, media, homes, stays } = source.seed;
    if (json) {
      const counts = { users: users.length, invitationCodes: invitationCodes.length, events: events.length };
      const travel = { homes: homes.length, stays: stays.length };
      return print(JSON.stringify({ valid: true, ...counts, media: media.length, ...travel, warnings }));
    }
    warn(warnings);
    const looked = target
      ? `every member, event and file it names, and the token, checked against ${target.name}`
      : "its media files found; members and events not in the file are looked up with --url and --token";
    return print(
      `${file} is valid: ${users.length} users, ${invitationCodes.length} invitation codes, ${events.length} events, ${media.length} media, ${homes.length} homes, ${stays.length} stays (${looked}).`,
    );
  }
  const report = target
    ? await runSeed(source, target, options)
    : await withDb(
        async (h, env, jobs) => {
          // Loaded only when seeding the database: the remote path never loads the server's packages.
          const { seedDatabase } = await import("../seed/local-target");
          return seedDatabase(h, env, jobs, source, options);
        },
        { jobs: true },
      );
  if (json) return print(JSON.stringify(report));
  warn(report.warnings);
  for (const line of describeReport(report)) print(line);
}

/** Warnings go to stderr, each `warning: seed.yaml:12:5: events[0].createdBy: …`. */
function warn(warnings: string[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
}

/** A failed seed as JSON: the problems of a file that cannot be used, or where a run stopped and what it had written. */
function failureJson(err: unknown) {
  if (err instanceof SeedFileError) return { error: err.message.split("\n")[0], problems: err.problems, written: null };
  if (err instanceof SeedStopped) {
    return { error: err.reason, at: err.where, written: err.written?.created ?? null };
  }
  return { error: err instanceof Error ? err.message : String(err), written: null };
}
