import {
  type ApiConfig,
  buildDataExport,
  deleteStoredObjects,
  deliverWebhooks,
  queueUnplayableVideos,
  queueWaitingWebhooks,
  sendDigests,
  sendEventReminder,
  sendPasswordResetLink,
  sendScheduledGroupMail,
  transcodeMedia,
} from "@club/api";
import { mailOutbox } from "@club/db";
import { eq } from "@club/db/orm";
import type { JobQueue } from "@club/jobs";
import { deliverOutboxMessage, type MailTransport } from "@club/mail";
import { ffmpegAvailable } from "@club/storage";
import { type HousekeepingOptions, runHousekeeping } from "./housekeeping";

/**
 * What this server instance works on: every kind of background job. Each instance registers the
 * same workers; the queue gives each job to one of them.
 */
export async function startWorkers(
  jobs: JobQueue,
  deps: HousekeepingOptions & { transport: MailTransport; config: ApiConfig; keepVideoOriginals: boolean },
): Promise<void> {
  const { db, config } = deps;
  const transcoding = { ...deps, keepOriginals: deps.keepVideoOriginals };
  await jobs.work("mail.send", (payload, job) => deliverOutboxMessage(db, deps.transport, payload.outboxId, job));
  await jobs.work("mail.scheduled", async (payload) => {
    await sendScheduledGroupMail({ db, jobs, config }, payload.scheduledId);
  });
  await jobs.work("password-reset.send", (payload) => sendPasswordResetLink(db, jobs, config.appOrigin, payload.email));
  await jobs.work("event.reminder", async (payload) => {
    await sendEventReminder({ db, jobs, config }, payload);
  });
  await jobs.work("media.transcode", (payload, job) => transcodeMedia(transcoding, payload.mediaId, job));
  await jobs.work("data-export.build", (payload, job) => buildDataExport({ ...deps, jobs }, payload.exportId, job));
  await jobs.work("media.delete-objects", (payload) => deleteStoredObjects(deps.store, payload.prefixes));
  await jobs.work("webhook.deliver", (payload) =>
    deliverWebhooks({ db, jobs, allowPrivate: config.webhookAllowPrivate }, payload.endpointId),
  );
  await jobs.work("housekeeping", () => runHousekeeping(deps));
  await jobs.work("notifications.digest", async () => {
    await sendDigests({ db, jobs, config });
  });
  await jobs.scheduleRecurring();
  await jobs.send("housekeeping", {});
  // Messages queued before the job queue existed wait without a job: each gets one (with the
  // row's id, so a message that has its job already is not sent a second one).
  const waiting = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
  for (const { id } of waiting) await jobs.send("mail.send", { outboxId: id }, { id });
  // Webhook messages whose delivery stopped with a server (its job done, its lease not given back).
  await queueWaitingWebhooks(db, jobs);
  // Videos not yet playable everywhere (older ones, the CLI seed's) get their conversion.
  if (await ffmpegAvailable()) await queueUnplayableVideos(db, jobs);
}
