import type { RouterOutputs } from "@club/api";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { Portrait } from "./Portrait";

type Card = RouterOutputs["members"]["list"]["items"][number];

/**
 * A member in the directory: portrait, name (to her profile), type, and the first of her talents;
 * "Write to her" (her profile, its dialog open) on every card but the reader's own.
 */
export function MemberCard({ member, writable = false }: { member: Card; writable?: boolean }) {
  const nameId = useId();
  const shown = member.talents.slice(0, 4);
  const more = member.talents.length - shown.length;
  return (
    <li className="relative flex gap-4 rounded-[var(--radius-card)] border border-line bg-card p-5 shadow-[var(--shadow-card)] focus-within:ring-2 focus-within:ring-plum/30 hover:border-plum/40">
      <Portrait name={member.name} portrait={member.portrait} size="md" />
      <div className="min-w-0 flex-1">
        <h2 className="font-serif text-xl leading-tight text-ink">
          {/* The whole card opens her profile; the name is the link screen readers announce. */}
          <Link
            id={nameId}
            to="/members/$id"
            params={{ id: member.id }}
            className="after:absolute after:inset-0 hover:text-plum"
          >
            {member.name}
          </Link>
        </h2>
        <p className="mt-0.5 text-xs font-semibold tracking-[0.14em] text-gold uppercase">{member.type}</p>
        {shown.length > 0 ? (
          <ul aria-label="Talents" className="mt-3 flex flex-wrap gap-1.5">
            {shown.map((t) => (
              <li key={t} className="rounded-full bg-paper-deep px-2.5 py-0.5 text-xs text-ink">
                {t}
              </li>
            ))}
            {more > 0 ? <li className="px-1 py-0.5 text-xs text-ink-soft">+{more} more</li> : null}
          </ul>
        ) : null}
        {member.email ? <p className="mt-2 truncate text-sm text-ink-soft">{member.email}</p> : null}
        {writable ? (
          <Link
            to="/members/$id"
            params={{ id: member.id }}
            search={{ write: 1 }}
            // "Write to her", told whom to by the card's name (a name of its own would make two links of hers).
            aria-describedby={nameId}
            className="relative z-10 mt-3 inline-flex items-center gap-1.5 rounded-full text-sm font-medium text-plum underline-offset-2 hover:underline"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            >
              <path d="M3.5 5.5h13v9h-8l-3.5 2.5v-2.5h-1.5z" strokeLinejoin="round" />
            </svg>
            Write to her
          </Link>
        ) : null}
      </div>
    </li>
  );
}
