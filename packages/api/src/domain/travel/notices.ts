import { notificationPrefs, type Queryable } from "@club/db";
import { eq } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { enqueueMail, stayNewsMail } from "@club/mail";
import { formatStayDates } from "@club/shared";
import { notify } from "../notifications/notify";
import { stayRow } from "./views";

/** What became of a stay, as its news names it. */
export type StayAct = "requested" | "accepted" | "declined" | "cancelled" | "expired";

/**
 * Tells a stay's guest or host what happened to it, in the transaction of the act: a row for her
 * bell (kind "stay", which the live bell picks up) and, unless she turned e-mail for stays off, a
 * mail through the outbox. The sentence never holds the home's address.
 */
export async function tellStay(
  db: Queryable,
  deps: { jobs: JobSender; appOrigin: string },
  stayId: string,
  act: StayAct,
  to: "guest" | "host",
  actorId: string | null,
  note?: string | null,
): Promise<void> {
  const row = await stayRow(db, stayId);
  const recipientId = to === "guest" ? row.stay.guestId : row.hostId;
  if (recipientId === actorId) return;
  await notify(db, { kind: "stay", recipients: [recipientId], actorId, subjectId: stayId });
  const [prefs] = await db
    .select({ emailOff: notificationPrefs.emailOff })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, recipientId));
  if (prefs?.emailOff.includes("stay")) return;
  const name = to === "guest" ? row.guestName : row.hostName;
  const email = to === "guest" ? row.guestEmail : row.hostEmail;
  const home = row.homeTitle;
  const actor =
    actorId === row.hostId ? row.hostName : actorId === row.stay.guestId ? row.guestName : "An administrator";
  const headline = staySentence(act, to, home, actor);
  const url = `${deps.appOrigin}${to === "host" ? "/travel/hosting" : "/travel/trips"}`;
  await enqueueMail(db, deps.jobs, [
    {
      to: email,
      ...stayNewsMail(name, {
        headline,
        when: `${formatStayDates(row.stay.arrive, row.stay.depart, row.stay.nights)} · ${row.stay.guests} guest${row.stay.guests === 1 ? "" : "s"}`,
        note,
        url,
        action: to === "host" ? "See your bookings" : "See your trips",
      }),
    },
  ]);
}

/** The one sentence of a stay's news, for the mail and the bell alike (`actor`: who did it). */
export function staySentence(act: StayAct, to: "guest" | "host", homeTitle: string, actor: string): string {
  const home = `“${homeTitle}”`;
  switch (act) {
    case "requested":
      return `${actor} asked to stay at ${home}`;
    case "accepted":
      return `${actor} accepted your stay at ${home}`;
    case "declined":
      return `Your request to stay at ${home} was declined`;
    case "expired":
      return `${to === "host" ? "A" : "Your"} request to stay at ${home} expired unanswered`;
    case "cancelled":
      return `${actor} cancelled the stay at ${home}`;
  }
}
