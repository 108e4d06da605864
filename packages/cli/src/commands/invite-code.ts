import { futureMoment } from "@club/shared";
import { type Command, InvalidArgumentError } from "commander";
import { remoteApi } from "../api";
import { print, remoteOf, withDb } from "../context";

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("must be a whole number of at least 1");
  return n;
}

/** The same check as the server's: a real day (not February 30), still ahead. */
function futureDate(value: string): Date {
  const parsed = futureMoment("The date").safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? "must be a future date");
  return parsed.data;
}

export function registerInviteCodeCommands(program: Command): void {
  const codes = program.command("invite-code").description("invitation codes for membership applications");
  codes
    .command("create")
    .description("create an invitation code and print it (it is shown only once)")
    .option("--uses <n>", "how many applications it admits (default: unlimited)", positiveInt)
    .option("--expires <date>", "last moment it is valid, e.g. 2027-01-31", futureDate)
    .addHelpText("after", "\nExample:\n  club invite-code create --uses 5 --expires 2027-06-30")
    .action(async (opts: { uses?: number; expires?: Date }, command: Command) => {
      const remote = remoteOf(command);
      const { code } = remote
        ? await remoteApi(remote.url, remote.token).invitationCodes.create.mutate({
            maxUses: opts.uses,
            expiresAt: opts.expires,
          })
        : await withDb(async (h) => {
            const { issueInvitationCode, operatorActor } = await import("@club/api");
            return issueInvitationCode(h.db, { maxUses: opts.uses, expiresAt: opts.expires }, operatorActor);
          });
      print(code);
    });
  codes
    .command("list")
    .description("list invitation codes with their uses left")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      const remote = remoteOf(command);
      const rows = remote
        ? await remoteApi(remote.url, remote.token).invitationCodes.list.query()
        : await withDb(async (h) => (await import("@club/api")).listInvitationCodes(h.db));
      if (opts.json) return print(JSON.stringify(rows, null, 2));
      if (rows.length === 0) return print("No invitation codes.");
      for (const r of rows) {
        const left = r.usesLeft === null ? "unlimited" : `${r.usesLeft} of ${r.maxUses} left`;
        const expires = r.expiresAt ? `expires ${r.expiresAt.toISOString()}` : "no expiry";
        print(`…${r.hint}  ${r.status.padEnd(8)}  ${left}, ${expires}  (id ${r.id})`);
      }
    });
}
