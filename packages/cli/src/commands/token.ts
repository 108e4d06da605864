import type { Queryable } from "@club/db";
import { type ApiTokenScope, apiTokenName, apiTokenScopes, futureMoment, isCalendarDay } from "@club/shared";
import { type Command, InvalidArgumentError, Option } from "commander";
import { z } from "zod";
import { CommandFailed, localOnly, print, withDb } from "../context";

const DAY_MS = 86_400_000;
/** Ten years: a longer life is no expiry, which is the default anyway. */
const MAX_DAYS = 3650;

/**
 * `--expires`: a number of days from now (`90d`), a last day (`2027-01-31`, to its end on this
 * machine's clock, as in Settings), or a moment (`2027-01-31T18:00:00Z`). It must lie ahead.
 */
export function tokenExpiry(value: string, now = Date.now()): Date {
  const days = /^(\d+)d$/.exec(value.trim());
  if (days) {
    const n = Number(days[1]);
    if (n < 1 || n > MAX_DAYS) throw new InvalidArgumentError(`the number of days must be 1 to ${MAX_DAYS}, like 90d`);
    return new Date(now + n * DAY_MS);
  }
  const day = value.trim();
  if (isCalendarDay(day)) {
    const end = new Date(`${day}T23:59:59`);
    if (end.getTime() <= now) throw new InvalidArgumentError("The expiry date must be in the future.");
    return end;
  }
  const parsed = futureMoment("The expiry date").safeParse(value);
  if (!parsed.success) {
    throw new InvalidArgumentError(
      `${parsed.error.issues[0]?.message ?? "The expiry date is not a date."} Or give a number of days, like 90d.`,
    );
  }
  return parsed.data;
}

function tokenName(value: string): string {
  const parsed = apiTokenName.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? "not a token name");
  return parsed.data;
}

function tokenId(value: string): string {
  if (!z.uuid().safeParse(value).success)
    throw new InvalidArgumentError("a token's id looks like 0b9c7e1a-…; see `club token list --email …`");
  return value;
}

/** The member a token is made for or listed of; a mistyped e-mail fails with what to do next. */
async function memberOf(db: Queryable, email: string) {
  const { findUserByEmail } = await import("@club/api");
  const user = await findUserByEmail(db, email);
  if (!user) throw new CommandFailed(`No member with the e-mail ${email}. Create one first with \`club user create\`.`);
  return user;
}

const when = (d: Date | null) => (d ? d.toISOString() : "never");

export function registerTokenCommands(program: Command): void {
  const token = program
    .command("token")
    .description("personal API tokens for scripts and CI (on the database: run it where the server's data is)");
  token
    .command("create")
    .description("make an API token for a member and print it (it is shown only this once)")
    .requiredOption("--email <email>", "the member the token acts as (it never has more rights than she has)")
    .requiredOption("--name <name>", "what the token is for, e.g. ci", tokenName)
    .addOption(
      new Option("--scope <scope>", "read: queries only; seed: what `club seed --url` needs; admin: all but tokens")
        .choices(apiTokenScopes)
        .makeOptionMandatory(),
    )
    .option(
      "--expires <when>",
      "90d (days from now), 2027-01-31 (that day's end) or a moment; default: no expiry",
      (value: string) => tokenExpiry(value),
    )
    .option("--json", "print {token, id, scope, expiresAt} and nothing else")
    .addHelpText(
      "after",
      "\nExamples:\n  club token create --email ci@club.example --name ci --scope seed --expires 90d\n  CLUB_TOKEN=$(club token create --email admin@club.example --name nightly --scope read)",
    )
    .action(
      async (
        opts: { email: string; name: string; scope: ApiTokenScope; expires?: Date; json?: boolean },
        command: Command,
      ) => {
        localOnly(command, "club token");
        const made = await withDb(async (h) => {
          // Loaded inside withDb, which first names any database package this install lacks.
          const { issueApiToken, operatorActor } = await import("@club/api");
          const owner = await memberOf(h.db, opts.email);
          const created = await issueApiToken(
            h.db,
            { userId: owner.id, name: opts.name, scope: opts.scope, expiresAt: opts.expires ?? null },
            operatorActor,
          );
          return { ...created, owner };
        });
        const expiresAt = opts.expires ?? null;
        if (opts.json) return print(JSON.stringify({ token: made.token, id: made.id, scope: opts.scope, expiresAt }));
        // Only the token on stdout, so that `$(club token create …)` is the token; the rest is for the person.
        print(made.token);
        process.stderr.write(
          `Created the ${opts.scope} token "${opts.name}" for ${made.owner.email} (id ${made.id}), ${expiresAt ? `expiring ${expiresAt.toISOString()}` : "with no expiry"}. It is shown only this once.\n`,
        );
        if (opts.scope !== "read" && !made.owner.admin) {
          process.stderr.write(
            `Note: ${made.owner.email} is not an administrator; the token can do no more than she can (seeding needs an administrator).\n`,
          );
        }
      },
    );
  token
    .command("list")
    .description("list a member's API tokens (never the tokens themselves)")
    .requiredOption("--email <email>", "the member whose tokens to list")
    .option("--json", "print JSON")
    .action(async (opts: { email: string; json?: boolean }, command: Command) => {
      localOnly(command, "club token");
      const rows = await withDb(async (h) =>
        (await import("@club/api")).listApiTokens(h.db, (await memberOf(h.db, opts.email)).id),
      );
      if (opts.json) return print(JSON.stringify(rows, null, 2));
      if (rows.length === 0) return print(`${opts.email} has no API tokens.`);
      for (const r of rows) {
        print(
          `${r.id}  ${r.scope.padEnd(5)}  ${r.name}  (created ${when(r.createdAt)}, last used ${when(r.lastUsedAt)}, expires ${when(r.expiresAt)})`,
        );
      }
    });
  token
    .command("revoke")
    .description("revoke an API token at once (scripts using it are refused from then on)")
    .requiredOption("--id <id>", "the token's id (club token list)", tokenId)
    .action(async (opts: { id: string }, command: Command) => {
      localOnly(command, "club token");
      const revoked = await withDb(async (h) => {
        const { revokeAnyApiToken, operatorActor } = await import("@club/api");
        return revokeAnyApiToken(h.db, opts.id, operatorActor);
      });
      if (!revoked) throw new CommandFailed(`No API token with the id ${opts.id} (it may be revoked already).`);
      print(`Revoked the token "${revoked.name}" of ${revoked.email ?? "a deleted member"}.`);
    });
}
