import { type BackgroundDeps, backgroundJobs, queueMissingWork } from "@club/api/background";
import type { JobQueue } from "@club/jobs";
import { deliverOutboxMessage, type MailTransport } from "@club/mail";
import { type HousekeepingOptions, runHousekeeping } from "./housekeeping";

/**
 * What this server instance works on: every kind of background job. Each instance registers the
 * same workers; the queue gives each job to one of them. The api's kinds are worked by the handlers
 * `@club/api/background` gives by name; the mail package's delivery and housekeeping are the server's.
 */
export async function startWorkers(
  jobs: JobQueue,
  deps: HousekeepingOptions & Pick<BackgroundDeps, "config" | "keepVideoOriginals"> & { transport: MailTransport },
): Promise<void> {
  const { db } = deps;
  const api = backgroundJobs({ ...deps, jobs });
  await jobs.work("mail.send", (payload, job) => deliverOutboxMessage(db, deps.transport, payload.outboxId, job));
  await jobs.work("mail.scheduled", api["mail.scheduled"]);
  await jobs.work("password-reset.send", api["password-reset.send"]);
  await jobs.work("event.reminder", api["event.reminder"]);
  await jobs.work("media.transcode", api["media.transcode"]);
  await jobs.work("data-export.build", api["data-export.build"]);
  await jobs.work("media.delete-objects", api["media.delete-objects"]);
  await jobs.work("webhook.deliver", api["webhook.deliver"]);
  await jobs.work("housekeeping", () => runHousekeeping(deps));
  await jobs.work("notifications.digest", api["notifications.digest"]);
  await jobs.work("messages.mail", api["messages.mail"]);
  await jobs.scheduleRecurring();
  await jobs.send("housekeeping", {});
  // Work whose job is missing: outbox messages from before the queue, webhook deliveries a stopped
  // server left, videos not yet playable everywhere.
  await queueMissingWork({ db, jobs });
}
