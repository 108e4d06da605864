import type { Event } from "@club/db";
import { ANNOUNCEMENTS_PER_EVENT, ANNOUNCEMENTS_PER_MEMBER, type Throttle } from "../../throttle";
import { mailsWithoutLimit, type Viewer } from "../access";
import type { AuditActor } from "../audit/record";
import { type GroupMessage, queueGroupMail } from "../group-mail/recipients";
import { type RsvpContext, refuseIfEnded } from "./rsvp";

/**
 * An event's announcement ('Draft Announcement Email'), by its manager: a group mail naming the
 * event, while it has not ended, within the announcement limits (ANNOUNCEMENTS_PER_EVENT, and
 * ANNOUNCEMENTS_PER_MEMBER for a member who is not an admin), taken before anything is queued and
 * given back when queueing fails. Answers how many messages were queued.
 */
export async function announceEvent(
  ctx: RsvpContext & { throttle: Throttle; config: { unsubscribeSecrets?: string[] | undefined } },
  event: Event,
  sender: Viewer,
  message: GroupMessage,
  actor: AuditActor,
): Promise<number> {
  refuseIfEnded(event, ctx.config.timeZone, "announcements are for events still to come");
  const attempt = mailsWithoutLimit(sender)
    ? await ctx.throttle.take([ANNOUNCEMENTS_PER_EVENT, event.id])
    : await ctx.throttle.take([ANNOUNCEMENTS_PER_EVENT, event.id], [ANNOUNCEMENTS_PER_MEMBER, sender.id]);
  try {
    return await queueGroupMail(ctx, message, { actor, eventId: event.id });
  } catch (err) {
    await attempt.succeeded();
    throw err;
  }
}
