import { z } from "./zod";

/**
 * The kinds of bulk mail a member may stop (Settings → E-mail, and each mail's unsubscribe link).
 * Account mail — registration, password resets, sign-in and security notices, an application's
 * answer, her own event confirmations and invitations — has no switch: it always goes.
 */
export const mailKinds = ["group", "announcements", "reminders", "changes", "digest", "messages"] as const;
export type MailKind = (typeof mailKinds)[number];
export const mailKindSchema = z.enum(mailKinds);

/** How Settings and the unsubscribe page name each kind. */
export const mailKindLabels: Record<MailKind, { title: string; what: string; description: string }> = {
  group: {
    title: "Group e-mails",
    what: "group e-mails from the club's admins",
    description: "Messages the club's admins send to all members or to a group of them.",
  },
  announcements: {
    title: "Event announcements",
    what: "event announcements",
    description: "An event's organiser telling members about it.",
  },
  reminders: {
    title: "Event reminders",
    what: "event reminders",
    description: "A reminder before each event you joined, with the place and a calendar file.",
  },
  changes: {
    title: "Event changes",
    what: "notices of event changes",
    description: "When an event you joined or wait for changes its date, time or place, or is cancelled.",
  },
  digest: {
    title: "Notification digests",
    what: "notification digests",
    description: "A daily or weekly e-mail of your notifications you have not read (Settings → Notifications).",
  },
  messages: {
    title: "Messages from members",
    what: "e-mails of messages waiting for you",
    description: "A message from a member you have not read after 15 minutes, once per conversation.",
  },
};

/** Her choice for each kind: true receives it. */
export const mailPreferencesSchema = z.object({
  group: z.boolean(),
  announcements: z.boolean(),
  reminders: z.boolean(),
  changes: z.boolean(),
  digest: z.boolean(),
  messages: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** Settings saves one switch or several; at least one. */
export const mailPreferencesUpdate = mailPreferencesSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Choose at least one kind of e-mail.");

/** An unsubscribe link's token: `{kind}-{member id}-{signature}`, at most a few hundred characters. */
export const unsubscribeTokenSchema = z.string().min(1).max(200);
