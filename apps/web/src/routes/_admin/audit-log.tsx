import { type AuditKind, auditKindLabels, auditKinds } from "@club/shared";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { formatMoment } from "../../lib/moments";
import { matching, oneOf, searchParams, text, wholeFrom } from "../../lib/search-params";
import { trpc } from "../../lib/trpc";
import { Button, ButtonLink, buttonClass } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { Card, Page } from "../../ui/Page";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const search = searchParams({
  actor: text(200),
  kind: oneOf(auditKinds),
  from: matching(DAY),
  to: matching(DAY),
  before: wholeFrom(1),
  after: wholeFrom(1),
});
type Search = ReturnType<typeof search>;

/** The filters alone (what the CSV export takes), without the page's cursors. */
const filtersOf = (s: Search) => ({
  ...(s.actor ? { actor: s.actor } : {}),
  ...(s.kind ? { kind: s.kind } : {}),
  ...(s.from ? { from: s.from } : {}),
  ...(s.to ? { to: s.to } : {}),
});
const listInput = (s: Search) => ({
  ...filtersOf(s),
  ...(s.before ? { before: s.before } : s.after ? { after: s.after } : {}),
});

const kindOptions = [
  { value: "", label: "All kinds" },
  ...auditKinds.map((k) => ({ value: k, label: auditKindLabels[k] })),
];

export const Route = createFileRoute("/_admin/audit-log")({
  validateSearch: search,
  loaderDeps: ({ search: s }) => listInput(s),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(context.trpc.audit.list.queryOptions(deps)),
  pendingComponent: () => <Page title="Audit log" lead="Loading records…" />,
  component: AuditLogPage,
});

/** What a record's detail holds, as short text ("group: all · recipients: 12"). */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" · ");
}

/** A member's e-mail as words; a thing's id (an event, a code, a token) small, broken anywhere. */
function Target({ email, id }: { email: string | null; id: string | null }) {
  if (email) return <span className="break-words">{email}</span>;
  if (id) return <span className="break-all font-mono text-xs text-ink-soft">{id}</span>;
  return <>—</>;
}

const label = (kind: string) => auditKindLabels[kind as AuditKind] ?? kind;

function AuditLogPage() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const page = useSuspenseQuery(trpc.audit.list.queryOptions(listInput(s))).data;
  const [draft, setDraft] = useState({ actor: s.actor ?? "", kind: s.kind ?? "", from: s.from ?? "", to: s.to ?? "" });
  const filtered = Boolean(s.actor || s.kind || s.from || s.to);
  const exportHref = `/api/admin/audit.csv?${new URLSearchParams(filtersOf(s))}`;

  return (
    <Page
      title="Audit log"
      lead="Every administrative act and security event, newest first: who, what, to whom, when and from where."
      actions={
        <a href={exportHref} className={buttonClass("secondary")} download>
          Export CSV
        </a>
      }
    >
      <form
        aria-label="Filter the audit log"
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          navigate({
            search: {
              actor: draft.actor.trim() || undefined,
              kind: oneOf(auditKinds)(draft.kind),
              from: draft.from || undefined,
              to: draft.to || undefined,
            },
          });
        }}
      >
        <TextField
          label="Actor"
          placeholder="E-mail or id"
          type="search"
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <SelectField
          label="Kind"
          options={kindOptions}
          value={draft.kind}
          onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
        />
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <p className="text-xs text-ink-soft sm:col-span-2 lg:order-last lg:col-span-5">
          Days are the club's (its time zone); times below are shown in yours.
        </p>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit">Filter</Button>
          {filtered ? (
            <Button
              variant="secondary"
              onClick={() => {
                setDraft({ actor: "", kind: "", from: "", to: "" });
                navigate({ search: {} });
              }}
            >
              Clear
            </Button>
          ) : null}
        </div>
      </form>

      {page.items.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">
          {filtered ? "No records match these filters." : "Nothing has been recorded yet."}
        </p>
      ) : (
        <>
          {/* Phones: a card per record; wider screens: the table. */}
          <ul className="grid gap-3 md:hidden">
            {page.items.map((r) => (
              <li key={r.id} className="rounded-[var(--radius-card)] border border-line bg-card p-4 text-sm">
                <p className="font-medium text-ink">{label(r.kind)}</p>
                <p className="text-ink-soft">{formatMoment(r.at, "MMM d, yyyy h:mm a")}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  <dt className="text-ink-soft">By</dt>
                  <dd className="break-words text-ink">{r.actorEmail ?? "Unknown"}</dd>
                  <dt className="text-ink-soft">Target</dt>
                  <dd className="text-ink">
                    <Target email={r.targetEmail} id={r.targetId} />
                  </dd>
                  {r.ip ? (
                    <>
                      <dt className="text-ink-soft">From</dt>
                      <dd className="break-all text-ink">{r.ip}</dd>
                    </>
                  ) : null}
                  {detailText(r.detail) ? (
                    <>
                      <dt className="text-ink-soft">Detail</dt>
                      <dd className="break-words text-ink">{detailText(r.detail)}</dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
          <Card className="hidden overflow-x-auto p-0 md:block">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Audit records, newest first</caption>
              <thead className="bg-paper-deep text-ink-soft">
                <tr>
                  {["Time", "Actor", "What", "Target", "Address", "Detail"].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line align-top">
                {page.items.map((r) => (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-ink-soft tabular-nums">
                      {formatMoment(r.at, "MMM d, yyyy h:mm a")}
                    </td>
                    <td className="break-words px-4 py-3 text-ink">{r.actorEmail ?? "Unknown"}</td>
                    <th scope="row" className="px-4 py-3 font-medium text-ink">
                      {label(r.kind)}
                    </th>
                    <td className="px-4 py-3 text-ink">
                      <Target email={r.targetEmail} id={r.targetId} />
                    </td>
                    <td className="px-4 py-3 text-ink-soft">{r.ip ?? "—"}</td>
                    <td className="break-words px-4 py-3 text-ink-soft">{detailText(r.detail)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </>
      )}

      {page.newer || page.older ? (
        <nav aria-label="Pages of the audit log" className="mt-6 flex justify-between gap-3">
          {page.newer ? (
            <ButtonLink variant="secondary" to="/audit-log" search={{ ...s, before: undefined, after: page.newer }}>
              ← Newer
            </ButtonLink>
          ) : (
            <span />
          )}
          {page.older ? (
            <ButtonLink variant="secondary" to="/audit-log" search={{ ...s, after: undefined, before: page.older }}>
              Older →
            </ButtonLink>
          ) : null}
        </nav>
      ) : null}
    </Page>
  );
}
