import { Link } from "@tanstack/react-router";
import { cn } from "../../ui/cn";
import { Portrait } from "../members/Portrait";
import type { ConversationSummary, Person } from "./pages";
import { lastLinePrefix, namesOf, oneLine } from "./text";
import { listMoment } from "./when";

/** One portrait for a pair, two overlapping for a group (its first two members). */
export function Portraits({ people, size = "sm" }: { people: readonly Person[]; size?: "sm" | "md" }) {
  const [first, second] = people;
  if (!first) {
    return (
      <span
        aria-hidden="true"
        className={cn("shrink-0 rounded-full bg-paper-deep", size === "sm" ? "size-10" : "size-20")}
      />
    );
  }
  if (!second) return <Portrait name={first.name} portrait={first.portrait} size={size} />;
  return (
    <span aria-hidden="true" className={cn("relative shrink-0", size === "sm" ? "size-10" : "size-20")}>
      <Portrait
        name={first.name}
        portrait={first.portrait}
        size="sm"
        className={cn(
          "absolute top-0 left-0 ring-2 ring-card",
          size === "sm" ? "size-7 text-[10px]" : "size-13 text-lg",
        )}
      />
      <Portrait
        name={second.name}
        portrait={second.portrait}
        size="sm"
        className={cn(
          "absolute right-0 bottom-0 ring-2 ring-card",
          size === "sm" ? "size-7 text-[10px]" : "size-13 text-lg",
        )}
      />
    </span>
  );
}

/** A conversation in her list: who, the last line, when, and whether she has read it. */
export function ConversationLine({ conversation: c }: { conversation: ConversationSummary }) {
  const unread = c.unread > 0;
  const last = c.last_message;
  return (
    <li>
      <Link
        to="/messages/$id"
        params={{ id: c.id }}
        className={cn(
          "flex items-center gap-4 px-4 py-4 transition-colors hover:bg-plum-soft/50 focus-visible:bg-plum-soft/50 sm:px-6",
          unread && "bg-plum-soft/30",
        )}
      >
        <Portraits people={c.members} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cn("truncate text-ink", unread ? "font-semibold" : "font-medium")}>
              {namesOf(c.members)}
            </span>
            <span className={cn("shrink-0 text-xs tabular-nums", unread ? "font-semibold text-plum" : "text-ink-soft")}>
              <span className="sr-only">, </span>
              {listMoment(c.last_message_at)}
            </span>
          </span>
          <span className="mt-1 flex items-center gap-2">
            <span
              className={cn("min-w-0 flex-1 truncate text-sm", unread ? "font-semibold text-ink" : "text-ink-soft")}
            >
              <span className="sr-only">, </span>
              {last ? (
                <>
                  {lastLinePrefix(last, c.members.length > 1)}
                  {oneLine(last.text)}
                </>
              ) : (
                "No messages yet"
              )}
            </span>
            {c.muted ? (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-paper-deep px-2 py-0.5 text-xs text-ink-soft">
                <MutedIcon />
                <span className="sr-only">, </span>Muted
              </span>
            ) : null}
            {unread ? (
              <span className="shrink-0 rounded-full bg-plum px-2 text-xs leading-5 font-semibold text-white tabular-nums">
                <span className="sr-only">, </span>
                {c.unread > 99 ? "99+" : c.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function MutedIcon({ className = "size-3.5" }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M6 16V11a6 6 0 0 1 9.5-4.9M18 10.5V16l1.5 2H8" strokeLinejoin="round" strokeLinecap="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0M4 4l16 16" strokeLinecap="round" />
    </svg>
  );
}
