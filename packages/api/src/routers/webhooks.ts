import {
  webhookInput,
  webhooksAddAnswer,
  webhooksDeliveriesAnswer,
  webhooksListAnswer,
  webhooksPingAnswer,
  webhooksRedeliverAnswer,
  webhooksRemoveAnswer,
  webhooksRetryNowAnswer,
  webhooksRotateSecretAnswer,
  webhooksUpdateAnswer,
} from "@club/shared";
import { z } from "zod";
import { auditActor } from "../domain/audit/record";
import {
  addWebhook,
  DELIVERY_NOT_FOUND,
  DELIVERY_PAGE_MAX,
  listWebhooks,
  pauseWebhook,
  pingWebhook,
  redeliverWebhook,
  removeWebhook,
  retryWebhookNow,
  rotateWebhookSecret,
  updateWebhook,
  WEBHOOK_NOT_FOUND,
  webhookDeliveryLog,
} from "../domain/webhooks/endpoints";
import { WEBHOOK_PINGS } from "../throttle";
import { adminProcedure, answer, router } from "../trpc";

/**
 * The club's other systems told of what happens (Admin Panel → Webhooks, `club webhook`): endpoints,
 * their delivery log, and a message posted again.
 */
export const webhooksRouter = router({
  list: adminProcedure.output(answer(webhooksListAnswer)).query(({ ctx }) => listWebhooks(ctx.db)),

  /** The secret is returned this once: the endpoint checks each message's signature with it. */
  add: adminProcedure
    .input(webhookInput)
    .output(answer(webhooksAddAnswer))
    .mutation(({ ctx, input }) => {
      const actor = auditActor(ctx);
      // The command line on the server's machine is no member: its webhooks are nobody's.
      return addWebhook(ctx.db, input, {
        allowPrivate: ctx.config.webhookAllowPrivate,
        createdBy: actor.id,
        actor,
      });
    }),

  /** Its name, address or events, in place: the secret, waiting messages and log stay. */
  update: adminProcedure
    .input(webhookInput.extend({ id: z.guid(WEBHOOK_NOT_FOUND) }))
    .output(answer(webhooksUpdateAnswer))
    .mutation(({ ctx, input: { id, ...fields } }) =>
      updateWebhook(ctx.db, id, fields, { allowPrivate: ctx.config.webhookAllowPrivate, actor: auditActor(ctx) }),
    ),

  /** Paused, its messages wait in order; resumed, they go at once. */
  pause: adminProcedure
    .input(z.object({ id: z.guid(WEBHOOK_NOT_FOUND), paused: z.boolean() }))
    .output(answer(webhooksUpdateAnswer))
    .mutation(({ ctx, input }) => pauseWebhook(ctx.db, ctx.jobs, input.id, input.paused, auditActor(ctx))),

  /** Its waiting messages posted now (its receiver mended), each with a new round of tries. */
  retryNow: adminProcedure
    .input(z.object({ id: z.guid(WEBHOOK_NOT_FOUND) }))
    .output(answer(webhooksRetryNowAnswer))
    .mutation(async ({ ctx, input }) => {
      const waiting = await retryWebhookNow(ctx.db, ctx.jobs, input.id);
      const message =
        waiting === 0
          ? "Nothing is waiting for this webhook."
          : `${waiting} waiting ${waiting === 1 ? "message is" : "messages are"} being posted now.`;
      return { waiting, message };
    }),

  /** A test message (`webhook.ping`), queued behind its waiting ones and signed as they are. */
  ping: adminProcedure
    .input(z.object({ id: z.guid(WEBHOOK_NOT_FOUND) }))
    .output(answer(webhooksPingAnswer))
    .mutation(async ({ ctx, input }) => {
      await ctx.throttle.take([WEBHOOK_PINGS, input.id]);
      await pingWebhook(ctx.db, ctx.jobs, input.id);
      return { message: "A test message is on its way: its answer shows in the log." };
    }),

  /** A new secret, returned this once; the old one signs beside it for a day. */
  rotateSecret: adminProcedure
    .input(z.object({ id: z.guid(WEBHOOK_NOT_FOUND) }))
    .output(answer(webhooksRotateSecretAnswer))
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.db, input.id, auditActor(ctx))),

  remove: adminProcedure
    .input(z.object({ id: z.guid(WEBHOOK_NOT_FOUND) }))
    .output(answer(webhooksRemoveAnswer))
    .mutation(async ({ ctx, input }) => {
      await removeWebhook(ctx.db, input.id, auditActor(ctx));
      return { message: "The webhook was removed." };
    }),

  /** An endpoint's messages, newest first, with each one's state, tries and last answer. */
  deliveries: adminProcedure
    .input(
      z.object({
        id: z.guid(WEBHOOK_NOT_FOUND),
        /** The last page's `nextCursor`: tRPC's infinite queries page with it. */
        cursor: z.number().int().positive().optional(),
        limit: z.number().int().min(1).max(DELIVERY_PAGE_MAX).default(50),
      }),
    )
    .output(answer(webhooksDeliveriesAnswer))
    .query(({ ctx, input }) => webhookDeliveryLog(ctx.db, input.id, input)),

  redeliver: adminProcedure
    .input(z.object({ id: z.guid(DELIVERY_NOT_FOUND) }))
    .output(answer(webhooksRedeliverAnswer))
    .mutation(async ({ ctx, input }) => {
      await redeliverWebhook(ctx.db, ctx.jobs, input.id);
      return { message: "The message will be posted again shortly." };
    }),
});
