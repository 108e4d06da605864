import { useQuery } from "@tanstack/react-query";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Dialog } from "../../ui/Dialog";
import { outboxStatusLabel } from "./outbox-status";

/**
 * One message of the outbox: its envelope, its links (to pass on by hand when mail is not sent),
 * and its HTML as the recipient would see it, in a frame that runs no script and opens nothing.
 */
export function OutboxMessage({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useQuery(trpc.mailOutbox.get.queryOptions({ id }));
  const m = message.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={m?.subject ?? "Message"} size="xl">
      {message.isPending ? <p className="text-ink-soft">Loading…</p> : null}
      {message.isError ? <Alert>{errorMessage(message.error, "The message could not be loaded.")}</Alert> : null}
      {m ? (
        <div className="space-y-5 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-ink-soft">To</dt>
            <dd className="break-all">{m.to}</dd>
            <dt className="text-ink-soft">Status</dt>
            <dd>
              {outboxStatusLabel[m.status]}
              {m.attempts ? ` after ${m.attempts} attempt(s)` : ""}
              {m.lastError ? ` — ${m.lastError}` : ""}
            </dd>
            <dt className="text-ink-soft">Queued</dt>
            <dd>{formatMoment(m.createdAt, "MMM d, yyyy h:mm:ss a")}</dd>
            {m.sentAt ? (
              <>
                <dt className="text-ink-soft">{m.status === "captured" ? "Kept" : "Sent"}</dt>
                <dd>{formatMoment(m.sentAt, "MMM d, yyyy h:mm:ss a")}</dd>
              </>
            ) : null}
            {m.attachments.length ? (
              <>
                <dt className="text-ink-soft">Attachments</dt>
                <dd>{m.attachments.map((a) => a.filename).join(", ")}</dd>
              </>
            ) : null}
          </dl>
          {m.bodyPurgedAt ? (
            <Alert tone="info">
              The body of this message was removed on {formatMoment(m.bodyPurgedAt, "MMM d, yyyy")}: delivered mail is
              kept for a few days only (MAIL_KEEP_DAYS), so that links in it do not stay readable.
            </Alert>
          ) : (
            <>
              {m.links.length ? (
                <section>
                  <h2 className="text-lg text-plum">Links in this message</h2>
                  <ul className="mt-1 space-y-1">
                    {m.links.map((href) => (
                      <li key={href}>
                        <a
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="break-all text-plum underline"
                        >
                          {href}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <iframe
                title="The message as the recipient sees it"
                sandbox=""
                srcDoc={m.html}
                className="h-[28rem] w-full rounded-lg border border-line bg-white"
              />
            </>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
