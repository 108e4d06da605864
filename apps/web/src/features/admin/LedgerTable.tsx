import type { RouterOutputs } from "@club/api";
import { formatCardDate, type PaymentMethod, paymentMethods } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ColumnHeader } from "../../ui/ColumnHeader";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SelectField, TextField } from "../../ui/Field";
import { money, plural } from "../travel/money";

type Row = RouterOutputs["ledger"]["list"][number];

const STATUS: Record<Row["status"], string> = {
  requested: "Requested",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
  removed: "Home or member gone",
};

/** Where a stay's contribution stands, in words. */
function standing(r: Row): string {
  if (r.total === 0) return "Free stay";
  if (r.received >= r.total) return "Received";
  if (r.status === "cancelled" || r.status === "removed")
    return r.received > 0 ? "Still held" : r.lines.length ? "Reversed" : "Nothing owed";
  return r.received > 0 ? `${money(r.total - r.received)} still owed` : "Not yet received";
}

/** The club's ledger: each stay's contribution and its lines, and recording one as received. */
export function LedgerTable({ rows }: { rows: Row[] }) {
  const [recording, setRecording] = useState<Row | null>(null);
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Stays and their contributions</caption>
        <thead className="border-b border-line text-ink-soft">
          <tr>
            <ColumnHeader>Stay</ColumnHeader>
            <ColumnHeader>Dates</ColumnHeader>
            <ColumnHeader>Status</ColumnHeader>
            <ColumnHeader align="right">Contribution</ColumnHeader>
            <ColumnHeader align="right">Received</ColumnHeader>
            <ColumnHeader>Lines</ColumnHeader>
            <ColumnHeader>
              <span className="sr-only">Actions</span>
            </ColumnHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-line align-top last:border-0">
              <td className="p-3">
                <span className="text-ink">{r.home_title}</span>
                <div className="text-xs text-ink-soft">{r.guest_name}</div>
              </td>
              <td className="p-3 whitespace-nowrap">
                {formatCardDate(r.arrive)} to {formatCardDate(r.depart)}
                <div className="text-xs text-ink-soft">{plural(r.nights, "night")}</div>
              </td>
              <td className="p-3">{STATUS[r.status]}</td>
              <td className="p-3 text-right whitespace-nowrap tabular-nums">
                {money(r.total)}
                {r.nightly_rate === null ? null : (
                  <div className="text-xs text-ink-soft">
                    {money(r.nightly_rate)} a night, {r.discount_percent}% off
                  </div>
                )}
              </td>
              <td className="p-3 text-right whitespace-nowrap tabular-nums">
                {money(r.received)}
                <div className="text-xs text-ink-soft">{standing(r)}</div>
              </td>
              <td className="p-3">
                {r.lines.length ? (
                  <ul className="flex flex-col gap-1 text-xs">
                    {r.lines.map((l) => (
                      <li key={l.id}>
                        {l.kind === "received" ? "Received" : "Reversed"} {money(Math.abs(l.amount))} ({l.method}) by{" "}
                        {l.recorded_by}, {formatMoment(l.recorded_at, "MMM d, yyyy")}
                        {l.note ? <span className="text-ink-soft"> · {l.note}</span> : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-xs text-ink-soft">None yet</span>
                )}
              </td>
              <td className="p-3">
                {r.status === "accepted" && r.total > r.received ? (
                  <Button variant="secondary" onClick={() => setRecording(r)}>
                    Record received
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {recording ? <RecordDialog row={recording} onDone={() => setRecording(null)} /> : null}
    </div>
  );
}

function RecordDialog({ row, onDone }: { row: Row; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod>("Bank transfer");
  const [note, setNote] = useState("");
  const record = useMutation(
    trpc.ledger.record.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.ledger.pathKey() });
        onDone();
      },
      onError: (err) => toast.error(errorMessage(err, "The contribution could not be recorded.")),
    }),
  );
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={`Record ${money(row.total - row.received)} as received?`}
      description={`${row.guest_name}'s stay at ${row.home_title}, ${formatCardDate(row.arrive)} to ${formatCardDate(row.depart)}. A line, once recorded, is never edited: a cancellation reverses it.`}
      confirmLabel="Record it"
      tone="primary"
      busy={record.isPending}
      onConfirm={() => record.mutate({ stayId: row.id, method, ...(note.trim() ? { note } : {}) })}
    >
      <SelectField
        label="How it was paid"
        value={method}
        onChange={(e) => setMethod(e.target.value as PaymentMethod)}
        options={paymentMethods.map((m) => ({ value: m, label: m }))}
      />
      <TextField label="Note (a reference)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
    </ConfirmDialog>
  );
}
