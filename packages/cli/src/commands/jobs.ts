import { type JobKind, jobKindNames } from "@club/jobs/kinds";
import { isRowId } from "@club/shared";
import { Argument, type Command } from "commander";
import { CommandFailed, print, withOperatorApi } from "../context";

/**
 * The background job queue: on the database when it is free, through the running server when it
 * holds the embedded database, or on a remote server with --url and --token.
 */
export function registerJobCommands(program: Command): void {
  const jobs = program
    .command("jobs")
    .description("the background job queue: counts, failures, running a failed job again; works while the server runs");
  jobs
    .command("list")
    .description("jobs of each kind by state, then the recent failures with their errors")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      await withOperatorApi(command, async (api) => {
        const summary = await api.jobs.summary.query();
        const failures = await api.jobs.failures.query({ limit: 20 });
        if (opts.json) return print(JSON.stringify({ summary, failures }, null, 2));
        for (const row of summary) {
          const states = Object.entries(row.states)
            .map(([state, n]) => `${state} ${n}`)
            .join(", ");
          print(`${row.kind.padEnd(22)} ${states || "no jobs"}`);
        }
        print(failures.length ? "\nRecent failures:" : "\nNo job has failed.");
        for (const f of failures) {
          print(
            `${f.id}  ${f.kind.padEnd(20)} ${f.attempts} attempt(s)  ${f.failedAt?.toISOString() ?? ""}  ${f.error}`,
          );
        }
      });
    });
  jobs
    .command("retry")
    .description("run a failed job again (see club jobs list)")
    .addArgument(new Argument("<kind>", "the job's kind").choices(jobKindNames))
    .argument("<id>", "the job's id")
    .action(async (kind: JobKind, id: string, _opts, command: Command) => {
      if (!isRowId(id)) throw new CommandFailed(`"${id}" is not a job id; see club jobs list.`);
      await withOperatorApi(command, async (api) => print((await api.jobs.retry.mutate({ kind, id })).message));
    });
}
