import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Card, Page } from "../../ui/Page";

const tools = [
  { to: "/applications", title: "Membership Applications", text: "Review, accept or reject applications." },
  { to: "/users", title: "User Management", text: "Member types and password resets." },
  { to: "/mail", title: "Bulk e-mail", text: "Write to a group of members." },
  { to: "/invitation-codes", title: "Invitation codes", text: "Create, list and revoke codes." },
  { to: "/outbox", title: "Mail outbox", text: "Every message sent or waiting, and any that failed." },
  { to: "/jobs", title: "Background jobs", text: "What waits, what runs, and what failed." },
  { to: "/webhooks", title: "Webhooks", text: "Tell the club's other systems what happens here." },
  { to: "/admin/reports", title: "Reported messages", text: "Messages members reported, with those around them." },
  { to: "/audit-log", title: "Audit log", text: "Who did what, to whom, when and from where." },
  { to: "/ledger", title: "Travel ledger", text: "Stays' contributions: record, reverse, export." },
  { to: "/security-settings", title: "Security settings", text: "How administrators sign in, and Travel's discounts." },
] as const;

/** "2 pending applications", "1 open report"; empty for none. */
function counted(n: number, what: string): string {
  return n === 0 ? "" : `${n} ${what}${n === 1 ? "" : "s"}`;
}

export const Route = createFileRoute("/_admin/admin")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.mailOutbox.summary.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.adminPanel.counts.queryOptions()),
    ]);
  },
  component: function AdminDashboard() {
    const { user } = Route.useRouteContext();
    const outbox = useSuspenseQuery(trpc.mailOutbox.summary.queryOptions());
    const counts = useSuspenseQuery(trpc.adminPanel.counts.queryOptions()).data;
    /** What waits on a card, in words ("2 pending applications"); nothing when nothing waits. */
    const waiting: Partial<Record<(typeof tools)[number]["to"], string>> = {
      "/applications": counted(counts.pendingApplications, "pending application"),
      "/admin/reports": counted(counts.openReports, "open report"),
    };
    return (
      <Page title={`Welcome to the Admin Dashboard, ${user.name}!`}>
        {outbox.data.delivery === "capture" ? (
          <Alert tone="info" className="mb-6">
            Mail is not sent from this server (no SMTP_URL): invitations, registration links and password resets are
            kept in the{" "}
            <Link to="/outbox" className="font-medium underline">
              Mail outbox
            </Link>
            , where you can read them.
          </Alert>
        ) : null}
        {outbox.data.counts.failed ? (
          <Alert className="mb-6">
            {outbox.data.counts.failed} message(s) could not be delivered.{" "}
            <Link to="/outbox" search={{ status: "failed" }} className="font-medium underline">
              See the failures
            </Link>
            .
          </Alert>
        ) : null}
        <ul className="grid gap-5 sm:grid-cols-2">
          {tools.map((t) => (
            <li key={t.to}>
              <Link to={t.to} className="block h-full">
                <Card className="h-full transition-colors hover:border-plum">
                  <h2 className="text-2xl text-plum">{t.title}</h2>
                  {waiting[t.to] ? (
                    <p className="mt-2 inline-block rounded-full bg-plum px-3 py-0.5 text-sm font-medium text-white">
                      {waiting[t.to]}
                    </p>
                  ) : null}
                  <p className="mt-2 text-ink-soft">{t.text}</p>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </Page>
    );
  },
});
