import { createFileRoute, Link } from "@tanstack/react-router";
import { Card, Page } from "../../ui/Page";

const tools = [
  { to: "/applications", title: "Membership Applications", text: "Review, accept or reject applications." },
  { to: "/users", title: "User Management", text: "Member types and password resets." },
  { to: "/mail", title: "Bulk e-mail", text: "Write to a group of members." },
  { to: "/invitation-codes", title: "Invitation codes", text: "Create, list and revoke codes." },
] as const;

export const Route = createFileRoute("/_admin/admin")({
  component: function AdminDashboard() {
    const { user } = Route.useRouteContext();
    return (
      <Page title={`Welcome to the Admin Dashboard, ${user.name}!`}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {tools.map((t) => (
            <li key={t.to}>
              <Link to={t.to} className="block h-full">
                <Card className="h-full transition-colors hover:border-plum">
                  <h2 className="text-2xl text-plum">{t.title}</h2>
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
