import type { Command } from "commander";
import { localOnly, print, remoteOf, withDb } from "../context";
import { loadSeedFile } from "../seed/load";
import { remoteTarget } from "../seed/remote-target";
import { runSeed } from "../seed/run";

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
    .option("--file <path>", "a JSON or YAML seed file (see the README for its format)")
    .option("--json", "print what was done as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  club seed --demo\n  club seed --file seed.yaml\n  club --url https://staging.example.com --token club_… seed --file seed.json",
    )
    .action(async (opts: { demo?: boolean; file?: string; json?: boolean }, command: Command) => {
      const chooseOne = "error: choose one of --demo or --file <path>";
      if (Boolean(opts.demo) === Boolean(opts.file)) command.error(chooseOne);
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
      const seed = loadSeedFile(file);
      const remote = remoteOf(command);
      const report = remote
        ? await runSeed(seed, file, remoteTarget(remote.url, remote.token))
        : await withDb(
            async (h, env, jobs) => {
              // Loaded only when seeding the database: the remote path never loads the server's packages.
              const { localTarget } = await import("../seed/local-target");
              return runSeed(seed, file, await localTarget(h, env, jobs));
            },
            { jobs: true },
          );
      if (opts.json) return print(JSON.stringify(report));
      const parts = Object.entries(report.created).map(([k, n]) => `${n} ${k}`);
      print(`Seeded: ${parts.join(", ")}; ${report.skipped} already present.`);
    });
}
