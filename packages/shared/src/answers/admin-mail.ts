import { z } from "zod";
import { memberTypes } from "../enums";
import { recipientGroupValues } from "../schemas/membership";

/** adminMail.members */
export const adminMailMembersAnswer = z.array(
  z.object({ user_id: z.string(), name: z.string(), email: z.string(), type: z.enum(memberTypes) }),
);

/** adminMail.recipientCount */
export const adminMailRecipientCountAnswer = z.object({ recipients: z.number(), optedOut: z.number() });

/** adminMail.send */
export const adminMailSendAnswer = z.object({ message: z.string(), queued: z.number() });

/** adminMail.sendTest */
export const adminMailSendTestAnswer = z.object({ message: z.string() });

/** adminMail.schedule */
export const adminMailScheduleAnswer = z.object({ message: z.string(), id: z.string(), sendAt: z.date() });

/** adminMail.scheduled */
export const adminMailScheduledAnswer = z.object({
  timeZone: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      body: z.string(),
      recipientGroup: z.enum(recipientGroupValues),
      selectedMemberIds: z.array(z.string()),
      sendAt: z.date(),
      sendAtLocal: z.string(),
      scheduledBy: z.string().nullable(),
    }),
  ),
});

/** adminMail.updateScheduled */
export const adminMailUpdateScheduledAnswer = z.object({ message: z.string(), sendAt: z.date() });

/** adminMail.cancelScheduled */
export const adminMailCancelScheduledAnswer = z.object({ message: z.string() });

/** adminMail.photos */
export const adminMailPhotosAnswer = z.array(
  z.object({ id: z.string(), title: z.string(), thumbnail_url: z.string().nullable(), src: z.string() }),
);

/** adminMail.sent */
export const adminMailSentAnswer = z.array(
  z.object({
    id: z.string(),
    subject: z.string(),
    recipientGroup: z.string(),
    recipients: z.number(),
    sentAt: z.date(),
    sentBy: z.string().nullable(),
  }),
);

/** adminMail.sentMessage */
export const adminMailSentMessageAnswer = z.object({
  recipientGroup: z.enum(recipientGroupValues),
  subject: z.string(),
  body: z.string(),
});
