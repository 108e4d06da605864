import { createFileRoute } from "@tanstack/react-router";
import { about } from "../features/public/content";
import { BulletList } from "../ui/BulletList";
import { Card, Page } from "../ui/Page";

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <h2 className="text-3xl tracking-[0.12em] text-plum">{title}</h2>
      <BulletList items={items} className="mt-4" />
    </Card>
  );
}

export const Route = createFileRoute("/about")({
  component: () => (
    <Page title="About the club" lead="A private club for women business executives, by invitation only.">
      <div className="grid gap-6 md:grid-cols-3">
        <List title="WHY" items={about.why} />
        <List title="WHAT" items={about.what} />
        <List title="WHAT NOT" items={about.whatNot} />
      </div>
    </Page>
  ),
});
