import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AuditRecordDto } from "@club/api";
import { auditSentence } from "@club/shared";
import { stringify } from "csv-stringify";
import type { FastifyBaseLogger } from "fastify";
import { inert } from "./csv-cells";

/** The data as kept, then the record in words (last, so the raw columns keep their places for scripts). */
const COLUMNS = ["time", "actor id", "actor email", "kind", "target id", "target email", "ip", "detail", "sentence"];

/**
 * One line per record; times in UTC (ISO 8601), which every spreadsheet and script reads the same.
 * The sentence is the Admin Panel's, with the names as they are now and its moments in UTC.
 */
async function* lines(records: AsyncIterable<AuditRecordDto>) {
  for await (const r of records) {
    yield [
      r.at.toISOString(),
      r.actorId ?? "",
      inert(r.actorEmail ?? ""),
      r.kind,
      inert(r.targetId ?? ""),
      inert(r.targetEmail ?? ""),
      r.ip ?? "",
      // The detail holds text a member chose (a subject, an event's title): inert like the rest.
      inert(JSON.stringify(r.detail)),
      inert(auditSentence(r)),
    ];
  }
}

/**
 * The audit log as CSV, written while it is read (a page of records at a time), so a long log is
 * never held whole. A failure half-way ends the download short and is logged.
 */
export function auditCsv(records: AsyncIterable<AuditRecordDto>, log: FastifyBaseLogger): Readable {
  // Quoted, a text cell stays one cell whatever separators it holds, for importers that honour quotes.
  const csv = stringify({ header: true, columns: COLUMNS, quoted_string: true });
  pipeline(Readable.from(lines(records)), csv).catch((err: unknown) =>
    log.error({ err }, "the audit log export stopped half-way"),
  );
  return csv;
}
