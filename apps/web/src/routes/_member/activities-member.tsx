import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

interface Draft {
  id: number;
  title: string;
  color: string;
}

/** The Schedule screen: largely a stub in the spec; drafts live only on this page. */
export const Route = createFileRoute("/_member/activities-member")({
  component: function Schedule() {
    const [drafts, setDrafts] = useState<Draft[]>([]);
    const [panel, setPanel] = useState<Draft>();
    return (
      <Page
        title="Schedule"
        actions={
          <Button
            onClick={() => {
              const draft = { id: Date.now(), title: "Untitled event", color: "#f4b6b6" };
              setDrafts((d) => [...d, draft]);
              setPanel(draft);
            }}
          >
            Create Event
          </Button>
        }
      >
        <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
          <ul className="flex flex-col gap-2">
            {drafts.length === 0 ? <li className="text-ink-soft">No drafts yet.</li> : null}
            {drafts.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  onClick={() => setPanel(d)}
                  className="w-full rounded-lg px-4 py-3 text-left"
                  style={{ background: d.color }}
                >
                  {d.title} <span className="text-sm text-ink-soft">(draft)</span>
                </button>
              </li>
            ))}
          </ul>
          {panel ? (
            <aside aria-label="Event panel" className="rounded-[var(--radius-card)] border border-line bg-card p-5">
              <h2 className="text-2xl text-plum">{panel.title}</h2>
              <p className="mt-2 text-sm text-ink-soft">A local draft. Create published events from the Events page.</p>
            </aside>
          ) : null}
        </div>
      </Page>
    );
  },
});
