import {
  notificationPrefsUpdate,
  notificationsListAnswer,
  notificationsPrefsAnswer,
  notificationsReadAllAnswer,
  notificationsReadAnswer,
  notificationsSetPrefsAnswer,
  notificationsUnreadAnswer,
} from "@club/shared";
import { z } from "zod";
import { listNotifications, markRead, unreadCount } from "../domain/notifications/list";
import { notificationPrefsOf, setNotificationPrefs } from "../domain/notifications/prefs";
import { unreadStream } from "../domain/notifications/streams";
import { answer, memberProcedure, router } from "../trpc";

/** The bell: her news in the app, newest first; each leads to its place. */
export const notificationsRouter = router({
  list: memberProcedure
    .input(
      z
        .object({ cursor: z.string().max(200).optional(), limit: z.number().int().min(1).max(50).optional() })
        .optional(),
    )
    .output(answer(notificationsListAnswer))
    .query(({ ctx, input }) => listNotifications(ctx.db, ctx.user, input, ctx.config.timeZone)),

  /** How many she has not read (the bell's number). */
  unread: memberProcedure
    .output(answer(notificationsUnreadAnswer))
    .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.db, ctx.user) })),

  /** Marks these read (hers only; another's id changes nothing). */
  read: memberProcedure
    .input(z.object({ ids: z.array(z.uuid("Notification not found.")).min(1).max(100) }))
    .output(answer(notificationsReadAnswer))
    .mutation(async ({ ctx, input }) => ({ unread: await markRead(ctx.db, ctx.user, input.ids) })),

  readAll: memberProcedure
    .output(answer(notificationsReadAllAnswer))
    .mutation(async ({ ctx }) => ({ unread: await markRead(ctx.db, ctx.user) })),

  /** Settings → Notifications: per kind in the app and in the digest, and how often the digest comes. */
  prefs: memberProcedure
    .output(answer(notificationsPrefsAnswer))
    .query(({ ctx }) => notificationPrefsOf(ctx.db, ctx.user.id)),

  setPrefs: memberProcedure
    .input(notificationPrefsUpdate)
    .output(answer(notificationsSetPrefsAnswer))
    .mutation(({ ctx, input }) => setNotificationPrefs(ctx.db, ctx.user.id, input)),

  /** The count, live (server-sent events; `lastEventId` is what a reconnecting browser sends). */
  live: memberProcedure
    .input(z.object({ lastEventId: z.string().max(100).nullish() }).optional())
    .subscription(({ ctx, signal }) => unreadStream(ctx, signal)),
});
