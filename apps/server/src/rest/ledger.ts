import type { Readable } from "node:stream";
import type { LedgerRow } from "@club/api";
import { formatMoney } from "@club/shared";
import { stringify } from "csv-stringify";
import type { FastifyInstance } from "fastify";
import { fieldsOf, json } from "../openapi/describe";
import type { ContextDeps } from "../plugins/trpc";
import { call, callerFor, restFields } from "./caller";
import { inert } from "./csv-cells";

const PAYMENT = restFields("ledger.record", ["method", "note"]);

const COLUMNS = [
  "stay id",
  "home",
  "guest",
  "arrive",
  "depart",
  "nights",
  "status",
  "nightly rate",
  "discount (%)",
  "contribution",
  "received",
  "lines",
];

/** A stay's lines in words, oldest first: "2031-07-01 received $300 (Bank transfer) by Ada". */
const linesOf = (r: LedgerRow) =>
  r.lines
    .map(
      (l) =>
        `${l.recorded_at.toISOString().slice(0, 10)} ${l.kind} ${formatMoney(Math.abs(l.amount))} (${l.method}) by ${l.recorded_by}${l.note ? `: ${l.note}` : ""}`,
    )
    .join("; ");

/** The ledger as CSV: a line per stay, amounts in the club's currency as plain numbers. */
export function ledgerCsv(rows: LedgerRow[]): Readable {
  const csv = stringify({ header: true, columns: COLUMNS, quoted_string: true });
  for (const r of rows) {
    csv.write([
      r.id,
      inert(r.home_title),
      inert(r.guest_name),
      r.arrive,
      r.depart,
      r.nights,
      r.status,
      r.nightly_rate?.toFixed(2) ?? "",
      r.discount_percent ?? "",
      r.total.toFixed(2),
      r.received.toFixed(2),
      inert(linesOf(r)),
    ]);
  }
  csv.end();
  return csv;
}

/** Travel's ledger for admins: the list, the CSV, and recording a contribution received. */
export async function ledgerRoutes(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  app.get(
    "/api/admin/ledger",
    {
      config: {
        openapi: {
          summary: "The club's ledger of stays' contributions",
          procedure: "ledger.list",
          answer: json("Up to 1,000 stays, newest arrival first, each with its lines."),
        },
      },
    },
    async (request, reply) => (await callerFor(deps, request, reply)).ledger.list(),
  );

  app.get(
    "/api/admin/ledger.csv",
    {
      config: {
        openapi: {
          summary: "The club's ledger as CSV",
          description:
            "A line per stay: home, guest, days, nights, status, rate, discount, contribution, received net of reversals, and its lines in words.",
          procedure: "ledger.list",
          answer: { kind: "csv", description: "A header row, then a line per stay." },
        },
      },
    },
    async (request, reply) => {
      const rows = await (await callerFor(deps, request, reply)).ledger.list();
      reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="travel-ledger.csv"');
      return ledgerCsv(rows);
    },
  );

  app.post<{ Params: { stayId: string } }>(
    "/api/admin/ledger/:stayId/received",
    {
      config: {
        openapi: {
          summary: "Record a stay's contribution as received",
          description:
            "What is still owed, with how it was paid (`Bank transfer`, `Card`, `Cash`, `Other`) and a note.",
          procedure: "ledger.record",
          params: fieldsOf("ledger.record", ["stayId"]),
          body: PAYMENT.schema,
          answer: json("A message."),
        },
      },
    },
    async (request, reply) =>
      call((await callerFor(deps, request, reply)).ledger.record, {
        ...PAYMENT.from(request.body),
        stayId: request.params.stayId,
      }),
  );
}
