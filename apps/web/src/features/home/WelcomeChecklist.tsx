import type { RouterOutputs } from "@club/api";
import { Link } from "@tanstack/react-router";
import { useId } from "react";

type Steps = NonNullable<RouterOutputs["home"]["get"]["welcome"]>;

/** Each first step: what it is, and where she takes it. */
const STEPS = [
  { key: "portrait", label: "Add your portrait", to: "/settings/profile" },
  { key: "talents", label: "Tell members your talents", to: "/settings/profile" },
  { key: "event", label: "Join your first event", to: "/calendar" },
  { key: "photo", label: "Share your first photo or video", to: "/gallery" },
] as const satisfies readonly { key: keyof Steps; label: string; to: string }[];

/**
 * A new member's first steps on My club: four, each ticked once done (the server tells which), the
 * whole list gone once all are.
 */
export function WelcomeChecklist({ steps }: { steps: Steps | null }) {
  const id = useId();
  if (!steps) return null;
  const done = STEPS.filter((s) => steps[s.key]).length;
  return (
    <section
      aria-labelledby={id}
      className="mb-6 rounded-[var(--radius-card)] border border-gold bg-card p-5 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id={id} className="font-serif text-2xl text-ink">
        Welcome to the club
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Four first steps, so members come to know you: {done} of {STEPS.length} done.
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {STEPS.map((s) => (
          <li key={s.key} className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={
                steps[s.key]
                  ? "flex size-6 shrink-0 items-center justify-center rounded-full bg-plum text-sm text-white"
                  : "size-6 shrink-0 rounded-full border-2 border-line"
              }
            >
              {steps[s.key] ? "✓" : null}
            </span>
            {steps[s.key] ? (
              <span className="text-ink-soft line-through decoration-line">
                {s.label}
                <span className="sr-only"> (done)</span>
              </span>
            ) : (
              <Link to={s.to} className="font-medium text-plum underline underline-offset-2">
                {s.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
