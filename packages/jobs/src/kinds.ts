import { z } from "zod";

/**
 * Every kind of background work, with its payload's schema and how it is retried. A kind is sent by
 * the code that causes it (in the same transaction) and worked by the server.
 */
export const jobKinds = {
  /** One message of the mail outbox to deliver (the outbox row is the message and its log). */
  "mail.send": {
    payload: z.object({ outboxId: z.uuid() }),
    // 30 s, 1 min, 2 min… with jitter; a message is given up after nine tries (about 2 hours).
    options: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
    workers: 2,
  },
  /**
   * An admin's scheduled group e-mail, due: keyed by its row, so moving the time moves the one
   * waiting job and cancelling cancels it. The job sends what the row says when it runs, or nothing
   * when the row is gone.
   */
  "mail.scheduled": {
    payload: z.object({ scheduledId: z.uuid() }),
    options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
    workers: 1,
    keyed: true,
  },
  /** A password-reset link for an e-mail, made after the request was answered (equal timing for any address). */
  "password-reset.send": {
    payload: z.object({ email: z.string().max(254) }),
    options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
    workers: 1,
  },
  /** A participant's reminder before an event; keyed `{eventId}:{userId}`, moved when the event moves. */
  "event.reminder": {
    payload: z.object({ eventId: z.uuid(), userId: z.uuid() }),
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 5 * 60 },
    workers: 1,
    keyed: true,
  },
  /**
   * A video made playable everywhere (H.264/AAC in MP4, index first). Minutes of work for a long
   * clip: one at a time per server; a try that fails is retried after 1, then 2 minutes.
   */
  "media.transcode": {
    payload: z.object({ mediaId: z.uuid() }),
    options: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 3600 },
    workers: 1,
  },
  /**
   * A member's "Download my data": her rows and files written into one zip in the media store,
   * then mailed to her. A try that fails is retried after 1, then 2 minutes; the last marks it failed.
   */
  "data-export.build": {
    payload: z.object({ exportId: z.uuid() }),
    options: { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 2 * 3600 },
    workers: 1,
  },
  /**
   * A deleted member's stored files (her media items' objects, by their key prefixes): removed
   * after the transaction that deleted their rows, retried if the store is unreachable.
   */
  "media.delete-objects": {
    payload: z.object({ prefixes: z.array(z.string().min(1).max(200)).min(1).max(10_000) }),
    options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
    workers: 1,
  },
  /**
   * The messages waiting for one webhook endpoint, posted in order (keyed by the endpoint: one job
   * waits per endpoint, moved to the next try's time). A try that fails is the delivery's to retry
   * (its log keeps each); the job is retried only when the database failed it.
   */
  "webhook.deliver": {
    payload: z.object({ endpointId: z.uuid() }),
    options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
    workers: 2,
    keyed: true,
  },
  /** Members' daily and weekly digests of unread notifications, each when due. */
  "notifications.digest": {
    payload: z.object({}),
    options: { retryLimit: 2, retryDelay: 300, retryBackoff: false, expireInSeconds: 30 * 60 },
    workers: 1,
    /** Every hour, at 7 minutes past. */
    cron: "7 * * * *",
  },
  /** Messages unread for 15 minutes, one mail per member and conversation (domain/conversations/mail.ts). */
  "messages.mail": {
    payload: z.object({}),
    options: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 10 * 60 },
    workers: 1,
    /** Every minute: a message is mailed between 15 and 16 minutes after it was written. */
    cron: "* * * * *",
  },
  /** Expired sessions and tokens, old mail bodies, unfinished uploads, stale spools, unreferenced objects. */
  housekeeping: {
    payload: z.object({}),
    options: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 30 * 60 },
    workers: 1,
    /** Every hour, at 17 minutes past (not on the hour, when everyone else's jobs run). */
    cron: "17 * * * *",
  },
} as const satisfies Record<string, JobKindSpec>;

export interface JobKindSpec {
  /** An object: pg-boss stores a job's data as a JSON object. */
  payload: z.ZodType<object>;
  options: { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
  /** Jobs of this kind run at once in one server instance (transcoding: 1). */
  workers: number;
  cron?: string;
  /**
   * Jobs of this kind carry a key (a reminder: its event and participant), and at most one job per
   * key waits to run: the database refuses a second, on every instance. See `JobQueue.sendKeyed`.
   */
  keyed?: boolean;
}

export type JobKind = keyof typeof jobKinds;
export type JobPayload<K extends JobKind> = z.input<(typeof jobKinds)[K]["payload"]>;
const isJobKind = (name: string): name is JobKind => Object.hasOwn(jobKinds, name);
export const jobKindNames = Object.keys(jobKinds).filter(isJobKind);
