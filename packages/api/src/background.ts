import { type Db, mailOutbox } from "@club/db";
import { eq } from "@club/db/orm";
import type { JobHandler, JobKind, JobSender, jobKinds } from "@club/jobs";
import { ffmpegAvailable, type MediaStore } from "@club/storage";
import type { z } from "zod";
import type { ApiConfig, Logger } from "./context";
import { mailWaitingMessages } from "./domain/conversations/mail";
import { buildDataExport } from "./domain/data-export";
import { sendEventReminder } from "./domain/events/reminders";
import { sendScheduledGroupMail } from "./domain/group-mail/scheduled-mail";
import { deleteStoredObjects } from "./domain/media/delete";
import { queueUnplayableVideos, transcodeMedia } from "./domain/media/transcode";
import { sendDigests } from "./domain/notifications/digest";
import { sendPasswordResetLink } from "./domain/ways-in/password-reset";
import { deliverWebhooks, queueWaitingWebhooks } from "./domain/webhooks/deliver";

/*
 * What background work may call in the api (`@club/api/background`), and nothing else: the
 * handler of each job kind the api does the work of, what is queued again after a start, and the
 * housekeeping steps that are the api's. A job has no caller and so no role to check: it does what
 * the act that queued it was allowed to cause. The package's index answers to callers with a role
 * and is not for the workers (a dependency-cruiser rule keeps them to this file). See
 * docs/decisions/background-work-has-its-own-door.md.
 */

/**
 * The kinds whose work is the api's: every kind but `mail.send` (the mail package delivers an
 * outbox message) and `housekeeping` (the server's, which calls the api's steps below).
 */
export type ApiJobKind = Exclude<JobKind, "mail.send" | "housekeeping">;

/** A kind's handler, given the payload as its schema reads it (what `JobQueue.work` hands a worker). */
export type ApiJobHandler<K extends ApiJobKind> = JobHandler<z.output<(typeof jobKinds)[K]["payload"]>>;

/** The handler of each of the api's job kinds, by the kind's name. */
export type ApiJobHandlers = { [K in ApiJobKind]: ApiJobHandler<K> };

export interface BackgroundDeps {
  db: Db;
  jobs: JobSender;
  config: Pick<ApiConfig, "appOrigin" | "timeZone" | "reminderHours" | "unsubscribeSecrets" | "webhookAllowPrivate">;
  store: MediaStore;
  /** Where a video's conversion and a data export's zip are written while their job runs. */
  tmpDir: string;
  log: Logger;
  /** Whether a video's file as uploaded is kept beside its playable version (KEEP_VIDEO_ORIGINALS). */
  keepVideoOriginals: boolean;
  /** The clock digests, message mails and webhook tries are due by (a test walks it a day ahead); absent: the real one. */
  now?: () => Date;
}

/** The api's job kinds' handlers, each calling the domain with what its job needs of `deps`. */
export function backgroundJobs(deps: BackgroundDeps): ApiJobHandlers {
  const { db, jobs, config } = deps;
  const transcoding = { ...deps, keepOriginals: deps.keepVideoOriginals };
  return {
    "mail.scheduled": async (payload) => {
      await sendScheduledGroupMail({ db, jobs, config }, payload.scheduledId);
    },
    "password-reset.send": (payload) => sendPasswordResetLink(db, jobs, config.appOrigin, payload.email),
    "event.reminder": async (payload) => {
      await sendEventReminder({ db, jobs, config }, payload);
    },
    "media.transcode": (payload, job) => transcodeMedia(transcoding, payload.mediaId, job),
    "data-export.build": (payload, job) => buildDataExport(deps, payload.exportId, job),
    "media.delete-objects": (payload) => deleteStoredObjects(deps.store, payload.prefixes),
    "webhook.deliver": (payload) =>
      deliverWebhooks(
        {
          db,
          jobs,
          allowPrivate: config.webhookAllowPrivate,
          appOrigin: config.appOrigin,
          timeZone: config.timeZone,
          now: deps.now,
        },
        payload.endpointId,
      ),
    "notifications.digest": async () => {
      await sendDigests({ db, jobs, config }, deps.now?.());
    },
    "messages.mail": async () => {
      await mailWaitingMessages({ db, jobs, config }, deps.now?.());
    },
  };
}

/**
 * What a server queues once its workers run: work whose job is missing. Messages queued before the
 * job queue existed wait without a job: each gets one (with the row's id, so a message that has its
 * job already is not sent a second one). Webhook messages whose delivery stopped with a server (its
 * job done, its lease not given back) get theirs. Videos not yet playable everywhere (older ones,
 * the CLI seed's) get their conversion, when this machine has ffmpeg.
 */
export async function queueMissingWork(deps: { db: Db; jobs: JobSender }): Promise<void> {
  const { db, jobs } = deps;
  const waiting = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
  for (const { id } of waiting) await jobs.send("mail.send", { outboxId: id }, { id });
  await queueWaitingWebhooks(db, jobs);
  if (await ffmpegAvailable()) await queueUnplayableVideos(db, jobs);
}

// The api's steps of the server's `housekeeping` job. Each is one call; the server runs them one
// by one, each in its own try, beside its own steps (sessions, spools, resumable uploads).
export { deleteExpiredRecords } from "./domain/admin/retention";
export { removeExpiredDataExports } from "./domain/data-export";
export { sweepPendingMedia } from "./domain/media/create";
export { findUnreferencedObjects } from "./domain/media/unreferenced";
export { expireRequests, THE_CLUB } from "./domain/travel/acts";
