import type { RouterOutputs } from "@club/api";
import { type RecipientGroup, recipientGroups } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { useState } from "react";
import { formatMoment } from "../../lib/moments";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

type Scheduled = RouterOutputs["adminMail"]["scheduled"]["messages"][number];
type Sent = RouterOutputs["adminMail"]["sent"][number];

const groupLabel = (group: string) =>
  recipientGroups.find((g) => g.value === (group as RecipientGroup))?.label ?? group;

const th = "px-3 py-2 text-xs font-medium uppercase tracking-wider text-ink-soft";

/** A table's headings, then one for the row's actions (named for screen readers only). */
function Headings({ columns }: { columns: (string | { label: string; numeric: boolean })[] }) {
  return (
    <thead className="border-b border-line">
      <tr>
        {columns.map((c) =>
          typeof c === "string" ? (
            <th key={c} scope="col" className={`${th} text-left`}>
              {c}
            </th>
          ) : (
            <th key={c.label} scope="col" className={`${th} text-right`}>
              {c.label}
            </th>
          ),
        )}
        <th scope="col" className={th}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
const td = "px-3 py-3 align-top";

/** The messages waiting for their time: when each leaves (club time), to whom; change or cancel it. */
export function ScheduledMailTable({
  messages,
  timeZone,
  onEdit,
  onCancel,
}: {
  messages: Scheduled[];
  timeZone: string;
  onEdit: (message: Scheduled) => void;
  onCancel: (message: Scheduled) => Promise<unknown>;
}) {
  const [cancelling, setCancelling] = useState<Scheduled | null>(null);
  const [busy, setBusy] = useState(false);
  if (messages.length === 0) return <p className="text-ink-soft">No messages are waiting to be sent.</p>;
  return (
    <div className="-mx-3 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Scheduled group e-mails, soonest first</caption>
        <Headings columns={["Subject", "To", "Leaves (club time)", "Scheduled by"]} />
        <tbody className="divide-y divide-line">
          {messages.map((m) => (
            <tr key={m.id}>
              <td className={`${td} font-medium text-ink`}>{m.subject}</td>
              <td className={td}>{groupLabel(m.recipientGroup)}</td>
              <td className={`${td} whitespace-nowrap`}>
                {format(new TZDate(m.sendAt, timeZone), "EEE d MMM yyyy, HH:mm")}
              </td>
              <td className={td}>{m.scheduledBy ?? "A former admin"}</td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <Button
                  variant="ghost"
                  className="min-h-8 px-3"
                  onClick={() => onEdit(m)}
                  aria-label={`Edit “${m.subject}”`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-8 px-3 text-danger"
                  onClick={() => setCancelling(m)}
                  aria-label={`Cancel “${m.subject}”`}
                >
                  Cancel
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? null : setCancelling(null))}
        title={`Cancel '${cancelling?.subject ?? ""}'?`}
        description="It will not be sent. The audit log keeps a record that it was scheduled and cancelled."
        confirmLabel={busy ? "Cancelling…" : "Yes, Cancel It"}
        keepLabel="No, Keep It"
        busy={busy}
        onConfirm={async () => {
          if (!cancelling) return;
          setBusy(true);
          try {
            await onCancel(cancelling);
          } finally {
            setBusy(false);
            setCancelling(null);
          }
        }}
      />
    </div>
  );
}

/** The group e-mails sent, newest first, each with its group, count and time; any can start a new draft. */
export function SentMailTable({ messages, onOpen }: { messages: Sent[]; onOpen: (id: string) => void }) {
  if (messages.length === 0) return <p className="text-ink-soft">No group e-mails have been sent yet.</p>;
  return (
    <div className="-mx-3 overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Group e-mails sent, newest first</caption>
        <Headings columns={["Subject", "To", { label: "Recipients", numeric: true }, "Sent"]} />
        <tbody className="divide-y divide-line">
          {messages.map((m) => (
            <tr key={m.id}>
              <td className={`${td} font-medium text-ink`}>{m.subject}</td>
              <td className={td}>{groupLabel(m.recipientGroup)}</td>
              <td className={`${td} text-right tabular-nums`}>{m.recipients}</td>
              <td className={`${td} whitespace-nowrap`}>
                {formatMoment(m.sentAt, "d MMM yyyy, HH:mm")}
                {m.sentBy ? <span className="block text-xs text-ink-soft">by {m.sentBy}</span> : null}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <Button
                  variant="ghost"
                  className="min-h-8 px-3"
                  onClick={() => onOpen(m.id)}
                  aria-label={`Open “${m.subject}” as a new draft`}
                >
                  Open as new draft
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
