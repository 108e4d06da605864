import type { ReactNode } from "react";
import { Card, Page } from "../../ui/Page";

export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: string;
  sections: { heading: string; body: ReactNode }[];
}) {
  return (
    <Page title={title} lead={lead}>
      <Card className="max-w-3xl space-y-7">
        {sections.map((s) => (
          <section key={s.heading}>
            <h2 className="text-2xl text-plum">{s.heading}</h2>
            <div className="mt-2 leading-relaxed text-ink-soft">{s.body}</div>
          </section>
        ))}
      </Card>
    </Page>
  );
}
