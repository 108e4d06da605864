import { createFileRoute } from "@tanstack/react-router";
import { tiers } from "../features/public/content";
import { BulletList } from "../ui/BulletList";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/membership")({
  component: () => (
    <Page
      title="Membership"
      lead="Three ways to belong. Joining is by invitation: a member's code opens the application."
    >
      <div className="grid gap-6 md:grid-cols-3">
        {tiers.map((t) => (
          <Card key={t.key} className="flex flex-col">
            <h2 className="text-3xl text-plum">{t.title}</h2>
            <p className="mt-2 text-sm text-gold">{t.tagline}</p>
            <BulletList items={t.benefits} className="mt-5" />
          </Card>
        ))}
      </div>
      <p className="mt-10 text-ink-soft">
        Holding an invitation code?{" "}
        <a href="/request" className="font-medium text-plum underline underline-offset-4">
          Apply with Invitation Code
        </a>
        .
      </p>
    </Page>
  ),
});
