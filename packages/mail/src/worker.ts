import type { Db } from "@club/db";
import { claimDueMail, markDelivered, markFailed } from "./outbox";
import type { MailTransport } from "./transport";

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  intervalMs?: number;
  batchSize?: number;
  log?: { error: (obj: unknown, msg: string) => void; info?: (obj: unknown, msg: string) => void };
}

export interface MailWorker {
  /** Sends what is due now; resolves when the batch is done. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, intervalMs = 2000, batchSize = 20, log } = options;
  let stopped = false;
  let inFlight: Promise<number> = Promise.resolve(0);
  let timer: NodeJS.Timeout | undefined;

  async function runBatch(): Promise<number> {
    const batch = await claimDueMail(db, batchSize);
    for (const message of batch) {
      try {
        await transport.send(message);
        await markDelivered(db, message.id, transport.kind === "smtp" ? "sent" : "captured");
      } catch (err) {
        log?.error({ err, mailId: message.id }, "sending mail failed; will retry");
        await markFailed(db, message, err instanceof Error ? err.message : String(err));
      }
    }
    return batch.length;
  }

  function runOnce(): Promise<number> {
    inFlight = inFlight.then(runBatch, runBatch).catch((err: unknown) => {
      log?.error({ err }, "mail worker batch failed");
      return 0;
    });
    return inFlight;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
