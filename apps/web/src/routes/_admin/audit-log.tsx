import { auditKindLabels, auditKinds } from "@club/shared";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { AuditRecordItem, useReaderZone } from "../../features/admin/audit/AuditRecordItem";
import { matching, oneOf, searchParams, text, wholeFrom } from "../../lib/search-params";
import { trpc } from "../../lib/trpc";
import { Button, ButtonLink, buttonClass } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { Page } from "../../ui/Page";

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
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.audit.list.queryOptions(deps));
  },
  pendingComponent: () => <Page title="Audit log" lead="Loading records…" />,
  component: AuditLogPage,
});

function AuditLogPage() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const page = useSuspenseQuery(trpc.audit.list.queryOptions(listInput(s))).data;
  const zone = useReaderZone();
  const [draft, setDraft] = useState({ actor: s.actor ?? "", kind: s.kind ?? "", from: s.from ?? "", to: s.to ?? "" });
  const filtered = Boolean(s.actor || s.kind || s.from || s.to);
  const exportHref = `/api/admin/audit.csv?${new URLSearchParams(filtersOf(s))}`;

  return (
    <Page
      title="Audit log"
      lead="Every administrative act and security event, newest first, in words; each record’s data is behind its Details."
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
          label="Person"
          placeholder="Name, e-mail or id"
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
        <ul
          aria-label="Audit records, newest first"
          className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)]"
        >
          {page.items.map((r) => (
            <AuditRecordItem key={r.id} record={r} zone={zone} />
          ))}
        </ul>
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
