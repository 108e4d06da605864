import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { LedgerTable } from "../../features/admin/LedgerTable";
import { trpc } from "../../lib/trpc";
import { buttonClass } from "../../ui/Button";
import { Page } from "../../ui/Page";

/** Travel's ledger: stays' contributions as the club records them (admins). */
export const Route = createFileRoute("/_admin/ledger")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.ledger.list.queryOptions()),
  component: Ledger,
});

function Ledger() {
  const { data: rows } = useSuspenseQuery(trpc.ledger.list.queryOptions());
  return (
    <Page
      title="Travel ledger"
      lead="Each accepted stay's contribution, what was received and how. Lines are never edited: a cancelled stay that was paid gets a reversing line."
      actions={
        <a href="/api/admin/ledger.csv" download className={buttonClass("secondary")}>
          Export CSV
        </a>
      }
    >
      {rows.length ? (
        <LedgerTable rows={rows} />
      ) : (
        <p role="status" className="text-ink-soft">
          No accepted stays yet.
        </p>
      )}
    </Page>
  );
}
