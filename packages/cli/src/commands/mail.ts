import { mailOutbox } from "@club/db";
import type { Command } from "commander";
import { desc, eq } from "drizzle-orm";
import { CommandFailed, localOnly, print, withDb } from "../context";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerMailCommands(program: Command): void {
  const mail = program
    .command("mail")
    .description("read the mail outbox (where mail waits, or is kept when no SMTP is set)");
  mail
    .command("list")
    .description("list messages, newest first")
    .option("--json", "print JSON (with the message bodies)")
    .option("--limit <n>", "how many", (v) => Number.parseInt(v, 10), 50)
    .action(async (opts: { json?: boolean; limit: number }, command: Command) => {
      localOnly(command, "mail list");
      await withDb(async (h) => {
        const rows = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(opts.limit);
        if (opts.json) return print(JSON.stringify(rows, null, 2));
        if (rows.length === 0) return print("The outbox is empty.");
        for (const m of rows)
          print(`${m.id}  ${m.createdAt.toISOString()}  ${m.status.padEnd(8)}  ${m.to}  ${m.subject}`);
      });
    });
  mail
    .command("show <id>")
    .description("print one message")
    .action(async (id: string, _opts, command: Command) => {
      localOnly(command, "mail show");
      if (!UUID.test(id)) throw new CommandFailed(`"${id}" is not a message id; see club mail list.`);
      await withDb(async (h) => {
        const [m] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        if (!m) throw new CommandFailed(`No message with id ${id}.`);
        print(
          `To: ${m.to}\nSubject: ${m.subject}\nStatus: ${m.status} (attempts ${m.attempts})\nCreated: ${m.createdAt.toISOString()}`,
        );
        if (m.attachments.length) print(`Attachments: ${m.attachments.map((a) => a.filename).join(", ")}`);
        print(
          m.bodyPurgedAt
            ? `\n(The body was removed on ${m.bodyPurgedAt.toISOString()}: delivered mail is kept for MAIL_KEEP_DAYS.)`
            : `\n${m.text}`,
        );
      });
    });
}
