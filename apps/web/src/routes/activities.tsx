import { createFileRoute } from "@tanstack/react-router";
import { pillars } from "../features/public/content";
import { BulletList } from "../ui/BulletList";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/activities")({
  component: () => (
    <Page title="Activities" lead="Three pillars: travel, gathering and showcase.">
      <div className="grid gap-6 md:grid-cols-3">
        {pillars.map((p) => (
          <Card key={p.key} className="flex flex-col p-0">
            <img
              src={p.image}
              alt={p.imageAlt}
              className="aspect-[20/13] w-full rounded-t-[var(--radius-card)] object-cover"
            />
            <div className="p-6">
              <h2 className="text-3xl text-plum">{p.title}</h2>
              <p className="mt-1 text-sm text-gold">{p.subtitle}</p>
              <BulletList items={p.items} className="mt-4" />
            </div>
          </Card>
        ))}
      </div>
    </Page>
  ),
});
