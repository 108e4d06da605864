import { type AuditKind, auditKinds, auditSentence, isCalendarDay, moment } from "@club/shared";
import { type Command, InvalidArgumentError, Option } from "commander";
import { countUpTo, localOnly, print, withDb } from "../context";

const UNITS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * `--since`: a time ago (`30m`, `12h`, `7d`), a day (`2026-11-01`, from its start in the club's time
 * zone, as the Admin Panel's filter), or a moment (`2026-11-01T18:00:00Z`).
 */
export function auditSince(value: string, now = Date.now()): { since: Date } | { from: string } {
  const ago = /^(\d{1,6})([mhd])$/.exec(value.trim());
  if (ago) return { since: new Date(now - Number(ago[1]) * UNITS[ago[2] as keyof typeof UNITS]) };
  if (isCalendarDay(value.trim())) return { from: value.trim() };
  const parsed = moment("--since").safeParse(value);
  if (!parsed.success) {
    throw new InvalidArgumentError(
      "give a time ago (30m, 12h, 7d), a day (2026-11-01) or a moment (2026-11-01T18:00:00Z)",
    );
  }
  return { since: parsed.data };
}

const limitOf = countUpTo(1000);

export function registerAuditCommand(program: Command): void {
  program
    .command("audit")
    .description(
      "the latest records of the audit log, newest first (on the database: run it where the server's data is)",
    )
    .addOption(new Option("--kind <kind>", "only records of this kind").choices(auditKinds))
    .option("--since <when>", "7d, 12h or 30m ago, a day (2026-11-01, the club's time zone) or a moment", (v: string) =>
      auditSince(v),
    )
    .option("--limit <n>", "how many records, 1 to 1000", limitOf, 50)
    .option("--json", "print a JSON array of the records")
    .addHelpText("after", "\nExamples:\n  club audit --since 7d\n  club audit --kind sign_in.throttled --json")
    .action(
      async (
        opts: { kind?: AuditKind; since?: ReturnType<typeof auditSince>; limit: number; json?: boolean },
        command: Command,
      ) => {
        localOnly(command, "club audit");
        const page = await withDb(async (h, env) =>
          (await import("@club/api")).listAudit(h.db, env.CLUB_TIME_ZONE, {
            kind: opts.kind,
            ...opts.since,
            limit: opts.limit,
          }),
        );
        if (opts.json) return print(JSON.stringify(page.items, null, 2));
        if (page.items.length === 0) return print("No audit records.");
        // The time and kind to sort and grep by, then the record in words (its moments in UTC too).
        for (const r of page.items) print(`${r.at.toISOString()}  ${r.kind}  ${auditSentence(r)}`);
      },
    );
}
