import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { emailKey, memberTypes } from "@club/shared";
import { type Command, Option } from "commander";
import { remoteApi } from "../api";
import { CommandFailed, localOnly, print, remoteOf, withDb } from "../context";

type Opts = {
  email: string;
  password: string;
  name: string;
  type: (typeof memberTypes)[number];
  admin: boolean;
  json?: boolean;
};

export function registerUserCommands(program: Command): void {
  const user = program.command("user").description("manage member accounts");
  user
    .command("create")
    .description("create a member account")
    .requiredOption("--email <email>", "e-mail address (sign-in name)")
    .requiredOption("--password <password>", "password, 6 to 30 characters")
    .requiredOption("--name <name>", "full name")
    .addOption(new Option("--type <type>", "member type").choices(memberTypes).default("Standard"))
    .option("--admin", "make the member an administrator", false)
    .option("--json", "print the account as JSON")
    .addHelpText(
      "after",
      '\nExample:\n  club user create --email ada@example.com --password "s3cret!" --name "Ada Lovelace" --type Founding --admin',
    )
    .action(async ({ json, ...input }: Opts, command: Command) => {
      const remote = remoteOf(command);
      const created = remote
        ? await remoteApi(remote.url, remote.token).users.create.mutate(input)
        : await withDb(
            async (h, _env, jobs) => {
              const { createMemberAsAdmin, operatorActor } = await import("@club/api");
              return createMemberAsAdmin({ db: h.db, jobs }, input, operatorActor);
            },
            // Her webhook message's delivery job, sent with her account.
            { jobs: true },
          );
      if (json) return print(JSON.stringify(created));
      print(`Created ${created.email} (${created.type}${created.admin ? ", admin" : ""}), id ${created.id}`);
    });

  user
    .command("export")
    .description(
      "write a member's data (profile, events, comments, uploads…) to a zip, as Settings → Your data makes it",
    )
    .requiredOption("--email <email>", "the member whose data to export")
    .requiredOption("--out <file>", "the zip file to write, e.g. ada.zip")
    .option("--force", "replace the file if it exists", false)
    .addHelpText("after", "\nExample:\n  club user export --email ada@example.com --out ada-data.zip")
    .action(async (opts: { email: string; out: string; force: boolean }, command: Command) => {
      localOnly(command, "club user export");
      const out = resolve(opts.out);
      const written = await withDb(async (h, env) => {
        const { dataExportZip, exportedMember, findUserByEmail, operatorActor, recordCommandLineExport } = await import(
          "@club/api"
        );
        const { mediaStoreFor } = await import("../local/api");
        const found = await findUserByEmail(h.db, opts.email);
        const member = found ? await exportedMember(h.db, found.id) : undefined;
        if (!member) throw new CommandFailed(`No member with the e-mail ${opts.email}.`);
        const store = await mediaStoreFor(env);
        const log = {
          info() {},
          warn: (o: unknown, msg?: string) => process.stderr.write(`${msg ?? ""} ${JSON.stringify(o)}\n`),
          error() {},
        };
        // `wx`: an existing file is refused by the same call that would create it (no race).
        const file = createWriteStream(out, { flags: opts.force ? "w" : "wx" });
        try {
          await pipeline(await dataExportZip({ db: h.db, store, log }, member), file);
        } catch (err) {
          if (err instanceof Error && "code" in err && err.code === "EEXIST") {
            throw new CommandFailed(`${opts.out} exists already; choose another file or add --force to replace it.`);
          }
          await rm(out, { force: true });
          throw err;
        }
        // On record once the file is whole: the member's data left the club (docs/decisions/audit-log-data-exports.md).
        await recordCommandLineExport(h.db, operatorActor, member, file.bytesWritten);
        return { member, bytes: file.bytesWritten };
      });
      print(`Wrote the data of ${written.member.email} to ${opts.out} (${written.bytes} bytes).`);
    });

  user
    .command("delete")
    .description("delete a member's account, her sessions, seats and personal data (no undo)")
    .requiredOption("--email <email>", "the member's e-mail address")
    .option("--yes", "really delete: without it the command only explains and stops")
    .option("--json", "print what was done as JSON")
    .addHelpText(
      "after",
      "\nHer comments and uploads are kept as a former member's or removed, as DELETED_MEMBER_CONTENT says;\nthe events she created pass to the longest-standing administrator.\n\nExample:\n  club user delete --email ada@example.com --yes",
    )
    .action(async (opts: { email: string; yes?: boolean; json?: boolean }, command: Command) => {
      const email = emailKey(opts.email) ?? opts.email.trim();
      if (!opts.yes) {
        throw new CommandFailed(
          `This deletes the account of ${email} for good: her sign-ins, seats, invitations and personal data. Run it again with --yes to go ahead.`,
        );
      }
      const remote = remoteOf(command);
      const summary = remote
        ? await deleteRemotely(remote, email)
        : await withDb(
            async (h, env, jobs) => {
              const { apiConfigFromEnv, deleteAccount, findUserByEmail, operatorActor } = await import("@club/api");
              const member = await findUserByEmail(h.db, email);
              if (!member) throw new CommandFailed(`No member has the e-mail ${email}.`);
              const config = apiConfigFromEnv(env);
              return deleteAccount({ db: h.db, jobs, config }, member.id, { kind: "command line" }, operatorActor);
            },
            { jobs: true },
          );
      if (opts.json) return print(JSON.stringify(summary));
      print(
        `Deleted ${email}: ${summary.comments} comments and ${summary.media} media items ${summary.content === "remove" ? "removed" : "kept as a former member's"}` +
          (summary.eventsPassed ? `, ${summary.eventsPassed} events passed to ${summary.eventsPassedTo}` : "") +
          (summary.promoted ? `, ${summary.promoted} waiting members seated` : "") +
          ".",
      );
    });
}

/** With --url and --token: the member found by her e-mail among the admin's list, then deleted. */
async function deleteRemotely(remote: { url: string; token: string }, email: string) {
  const api = remoteApi(remote.url, remote.token);
  const found = (await api.users.list.query({ search: email })).find((u) => u.email === email);
  if (!found) throw new CommandFailed(`No member has the e-mail ${email}.`);
  return api.users.delete.mutate({ userId: found.user_id });
}
