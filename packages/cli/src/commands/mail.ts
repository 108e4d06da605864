import { isRowId, mailStatuses } from "@club/shared";
import { type Command, Option } from "commander";
import { CommandFailed, print, withOperatorApi } from "../context";

const messageId = (id: string) => {
  if (!isRowId(id)) throw new CommandFailed(`"${id}" is not a message id; see club mail list.`);
  return id;
};

/**
 * The mail outbox: on the database when it is free, through the running server when it holds the
 * embedded database, or on a remote server with --url and --token.
 */
export function registerMailCommands(program: Command): void {
  const mail = program
    .command("mail")
    .description(
      "read the mail outbox (where mail waits, or is kept when no SMTP is set); works while the server runs",
    );
  mail
    .command("list")
    .description("list messages, newest first")
    .addOption(new Option("--status <status>", "only messages in this state").choices(mailStatuses))
    .option("--search <text>", "only messages whose recipient or subject contains this")
    .option("--json", "print JSON")
    .option("--limit <n>", "how many", (v) => Number.parseInt(v, 10), 50)
    .action(
      async (
        opts: { status?: (typeof mailStatuses)[number]; search?: string; json?: boolean; limit: number },
        command: Command,
      ) => {
        await withOperatorApi(command, async (api) => {
          const rows = [];
          let cursor: string | undefined;
          do {
            const page = await api.mailOutbox.list.query({
              ...(opts.status ? { status: opts.status } : {}),
              ...(opts.search ? { search: opts.search } : {}),
              ...(cursor ? { cursor } : {}),
            });
            rows.push(...page.items);
            cursor = page.nextCursor ?? undefined;
          } while (cursor && rows.length < opts.limit);
          const shown = rows.slice(0, opts.limit);
          if (opts.json) return print(JSON.stringify(shown, null, 2));
          if (shown.length === 0) return print("The outbox is empty.");
          for (const m of shown)
            print(`${m.id}  ${m.createdAt.toISOString()}  ${m.status.padEnd(8)}  ${m.to}  ${m.subject}`);
        });
      },
    );
  mail
    .command("show <id>")
    .description("print one message: its envelope, links and text")
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) => {
        const m = await api.mailOutbox.get.query({ id: messageId(id) });
        print(`To: ${m.to}\nSubject: ${m.subject}\nStatus: ${m.status} (attempts ${m.attempts})`);
        print(`Created: ${m.createdAt.toISOString()}`);
        if (m.lastError) print(`Last error: ${m.lastError}`);
        if (m.attachments.length) print(`Attachments: ${m.attachments.map((a) => a.filename).join(", ")}`);
        if (m.bodyPurgedAt) {
          print(
            `\n(The body was removed on ${m.bodyPurgedAt.toISOString()}: delivered mail is kept for MAIL_KEEP_DAYS.)`,
          );
          return;
        }
        if (m.links.length) print(`Links:\n${m.links.map((l) => `  ${l}`).join("\n")}`);
        print(`\n${m.text}`);
      });
    });
  mail
    .command("retry <id>")
    .description("send a failed message again")
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) =>
        print((await api.mailOutbox.retry.mutate({ id: messageId(id) })).message),
      );
    });
}
