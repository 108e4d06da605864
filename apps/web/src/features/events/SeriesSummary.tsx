import { cn } from "../../ui/cn";

/** Two arrows going round: a date of an event that repeats. */
export function RepeatIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="m17 2 4 4-4 4" />
      <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
      <path d="m7 22-4-4 4-4" />
      <path d="M21 13v1a4 4 0 0 1-4 4H3" />
    </svg>
  );
}

/** "Repeats every month on the 2nd Tuesday, 6 times", with its icon (an event's card and page). */
export function SeriesSummary({ summary, className }: { summary: string; className?: string }) {
  return (
    <span className={cn("flex items-start gap-1.5", className)}>
      <RepeatIcon className="mt-[0.2em] size-[1em] shrink-0" />
      <span>{summary}</span>
    </span>
  );
}
