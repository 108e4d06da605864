import { notificationPrefs, notifications, type Queryable, users } from "@club/db";
import { and, asc, eq, gt, isNull, lte, ne, notInArray, or } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, notificationDigestMail } from "@club/mail";
import type { ApiConfig } from "../../context";
import { unsubscribeLinks } from "../group-mail/kinds";
import { selectRows, toItem } from "./list";

const HOUR = 3_600_000;
/** A digest is due a little before its full period (the hourly job must not slip it by an hour a day). */
const PERIOD_MS = { daily: 24 * HOUR - 30 * 60_000, weekly: 7 * 24 * HOUR - 30 * 60_000 } as const;
/** The most lines one digest tells (the rest: "Open your notifications"). */
const DIGEST_LINES = 30;

type Deps = {
  db: Queryable;
  jobs: JobSender;
  config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets" | "timeZone">;
};

/**
 * The `notifications.digest` job (hourly): each member whose daily or weekly digest is due gets one
 * e-mail of what she has not read since her last, through the same reading rules as the bell (what
 * she may see now), of the kinds she keeps in it. Nothing new: no mail, and the clock waits. The
 * mail and the time it went are written together.
 */
export async function sendDigests(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      admin: users.admin,
      digest: notificationPrefs.digest,
      emailOff: notificationPrefs.emailOff,
      sentAt: notificationPrefs.digestSentAt,
    })
    .from(notificationPrefs)
    .innerJoin(users, eq(users.id, notificationPrefs.userId))
    .where(
      and(
        ne(notificationPrefs.digest, "off"),
        eq(users.mailDigest, true),
        or(
          isNull(notificationPrefs.digestSentAt),
          and(
            eq(notificationPrefs.digest, "daily"),
            lte(notificationPrefs.digestSentAt, new Date(now.getTime() - PERIOD_MS.daily)),
          ),
          lte(notificationPrefs.digestSentAt, new Date(now.getTime() - PERIOD_MS.weekly)),
        ),
      ),
    )
    .orderBy(asc(users.id));
  if (due.length === 0) return 0;
  const unsubscribe = await unsubscribeLinks(deps.db, deps.config, "digest");
  let sent = 0;
  for (const member of due) {
    const period = member.digest === "weekly" ? "weekly" : "daily";
    const since = member.sentAt ?? new Date(now.getTime() - PERIOD_MS[period]);
    const rows = await selectRows(
      deps.db,
      { id: member.id, admin: member.admin },
      and(
        isNull(notifications.readAt),
        gt(notifications.updatedAt, since),
        member.emailOff.length > 0 ? notInArray(notifications.kind, member.emailOff) : undefined,
      ),
      DIGEST_LINES,
    );
    if (rows.length === 0) continue;
    const lines = rows
      .map((row) => toItem(row, deps.config.timeZone))
      .map((n) => ({ text: n.text, url: `${deps.config.appOrigin}${n.link}` }));
    await deps.db.transaction(async (tx) => {
      await enqueueMail(tx, deps.jobs, [
        {
          to: member.email,
          ...notificationDigestMail(
            member.name,
            period,
            lines,
            `${deps.config.appOrigin}/settings/email`,
            unsubscribe(member.id),
          ),
        },
      ]);
      await tx.update(notificationPrefs).set({ digestSentAt: now }).where(eq(notificationPrefs.userId, member.id));
    });
    sent++;
  }
  return sent;
}
