import { type AuditKind, type AuditRecordWords, auditKindLabels, auditSentence } from "@club/shared";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { displayZone } from "../../../lib/time-zone";

/** A record as the page gets it: the stored columns and the names joined as the log is read. */
export type AuditRecordView = AuditRecordWords & { id: number; at: Date };

const MOMENT = "MMM d, yyyy 'at' h:mm a";

/**
 * The reader's own zone. The first render uses the display zone, which a page rendered on the
 * server shares with the browser's first render (lib/time-zone.ts), so hydration sees the same
 * text; then the browser's zone, which differs on her first visit (the server knew only the club's).
 */
export function useReaderZone(): string {
  const [zone, setZone] = useState(displayZone);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return zone;
}

const momentIn = (zone: string) => (at: Date) => format(new TZDate(at, zone), MOMENT);

/** "recipientGroup" → "Recipient group", "expiresAt" → "Expires at". */
function keyLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A detail value as short text: yes/no, numbers, a list of objects one per line. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(valueText).join("\n") || "—";
  if (typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => `${keyLabel(k)}: ${valueText(v)}`)
      .join(" · ");
  return String(value);
}

/** What the record keeps, as the CSV has it: who, to whom, from where, and each field of its detail. */
function rawRows(r: AuditRecordView): [string, string][] {
  return [
    ["Kind", r.kind],
    ["Actor", [r.actorEmail, r.actorId].filter(Boolean).join(" · ") || "—"],
    ["Target", [r.targetEmail, r.targetId].filter(Boolean).join(" · ") || "—"],
    ["Address", r.ip ?? "—"],
    ...Object.entries(r.detail).map(([k, v]): [string, string] => [keyLabel(k), valueText(v)]),
  ];
}

/** One record: the sentence first, then when (in her zone) and what kind, the raw data behind a disclosure. */
export function AuditRecordItem({ record: r, zone }: { record: AuditRecordView; zone: string }) {
  const moment = momentIn(zone);
  const label = auditKindLabels[r.kind as AuditKind] ?? r.kind;
  return (
    <li className="px-5 py-5 sm:px-7" data-kind={r.kind}>
      <p className="text-[0.7rem] font-semibold uppercase tracking-[0.14em] text-gold">{label}</p>
      <p className="mt-1 text-base leading-relaxed text-ink">{auditSentence(r, { moment })}</p>
      <time dateTime={r.at.toISOString()} className="mt-1 block text-xs text-ink-soft tabular-nums">
        {moment(r.at)}
      </time>
      <details className="group mt-2 text-sm">
        <summary className="inline-flex list-none cursor-pointer [&::-webkit-details-marker]:hidden select-none items-center gap-1 rounded text-xs font-medium text-plum underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum">
          <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          Details
        </summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 rounded-md border border-line bg-paper px-4 py-3 text-xs sm:grid-cols-[9rem_1fr]">
          {rawRows(r).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-ink-soft">{k}</dt>
              <dd className="mb-1.5 whitespace-pre-line font-mono text-ink [overflow-wrap:anywhere] sm:mb-0">{v}</dd>
            </div>
          ))}
        </dl>
      </details>
    </li>
  );
}
