import { FORMER_MEMBER } from "@club/shared";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatMoment } from "../../lib/moments";
import { cn } from "../../ui/cn";
import { placeholderStyle } from "../media/responsive";
import { MemberLink } from "../members/MemberLink";
import { Portrait } from "../members/Portrait";
import { MessageText } from "./MessageText";
import type { Message } from "./pages";

/** A gallery photo shared in a message, as a card that opens it in the gallery. */
export function PhotoCard({ photo }: { photo: NonNullable<Message["photo"]> }) {
  const label = photo.title ?? "A photo from the gallery";
  const ratio = photo.width && photo.height ? `${photo.width} / ${photo.height}` : "4 / 3";
  return (
    <Link
      to="/gallery"
      search={{ media: photo.id }}
      className="mt-2 block w-64 max-w-full overflow-hidden rounded-xl border border-line bg-card shadow-[var(--shadow-card)] hover:border-plum/40 sm:w-80"
    >
      <img
        src={photo.url}
        srcSet={photo.sources.length > 0 ? photo.sources.map((s) => `${s.url} ${s.width}w`).join(", ") : undefined}
        sizes={photo.sources.length > 0 ? "(min-width: 640px) 320px, 256px" : undefined}
        alt={label}
        loading="lazy"
        decoding="async"
        className="block max-h-96 w-full bg-paper-deep object-cover"
        style={{ aspectRatio: ratio, ...placeholderStyle(photo.placeholder) }}
      />
      <span className="block truncate px-3 py-2 text-xs text-ink-soft">
        <span className="font-medium text-ink">{photo.title ?? "Photo"}</span> · in the gallery
      </span>
    </Link>
  );
}

/** Whether a message opens a run of its own (a new author, or a pause of more than ten minutes). */
export function startsRun(previous: Message | undefined, message: Message): boolean {
  if (!previous) return true;
  if ((previous.author?.id ?? null) !== (message.author?.id ?? null) || previous.mine !== message.mine) return true;
  return message.created_at.getTime() - previous.created_at.getTime() > 10 * 60_000;
}

/**
 * One message: her own on the right, the others' on the left under their author's portrait and
 * name (a "Former member" once the account is gone), its time, its text, and a shared photo.
 */
export function MessageItem({
  message: m,
  first = true,
  highlighted = false,
  moment = "h:mm a",
  actions,
}: {
  message: Message;
  /** Opens a run: the author's portrait and name are shown. */
  first?: boolean;
  /** The message a report is about. */
  highlighted?: boolean;
  /** How its time is written (the date too, where no day heading says it). */
  moment?: string;
  /** What she may do with it (Report). */
  actions?: ReactNode;
}) {
  const name = m.mine ? "You" : (m.author?.name ?? FORMER_MEMBER);
  const time = formatMoment(m.created_at, moment);
  return (
    <li
      className={cn("flex gap-3", m.mine ? "flex-row-reverse" : "flex-row", first ? "mt-4 first:mt-0" : "mt-1")}
      aria-label={highlighted ? `Reported message, from ${name} at ${time}` : undefined}
    >
      {m.mine ? null : (
        <span className="w-10 shrink-0">
          {first ? <Portrait name={m.author?.name ?? FORMER_MEMBER} portrait={m.author?.portrait ?? null} /> : null}
        </span>
      )}
      <div className={cn("flex min-w-0 max-w-[min(36rem,85%)] flex-col", m.mine ? "items-end" : "items-start")}>
        <p className={cn("flex flex-wrap items-baseline gap-x-2 text-xs text-ink-soft", first ? "mb-1" : "sr-only")}>
          {m.mine || !m.author ? (
            <span className="font-medium text-ink">{name}</span>
          ) : (
            <MemberLink id={m.author.id} className="font-medium text-ink">
              {name}
            </MemberLink>
          )}
          <time dateTime={m.created_at.toISOString()} className="tabular-nums">
            {time}
          </time>
        </p>
        <div
          className={cn(
            "rounded-2xl border px-4 py-2.5 text-[15px] leading-relaxed text-ink shadow-[0_1px_2px_rgb(31_27_36/0.05)]",
            m.mine ? "rounded-tr-md border-plum/15 bg-plum-soft" : "rounded-tl-md border-line bg-card",
            !first && (m.mine ? "rounded-tr-2xl" : "rounded-tl-2xl"),
            highlighted && "border-gold bg-[#fbf3e2] ring-2 ring-gold-light",
          )}
        >
          <MessageText text={m.text} />
        </div>
        {m.photo ? <PhotoCard photo={m.photo} /> : null}
        {actions || !first ? (
          <div className={cn("mt-0.5 flex items-center gap-3 text-xs text-ink-soft", m.mine && "flex-row-reverse")}>
            {first ? null : (
              <time dateTime={m.created_at.toISOString()} className="tabular-nums" aria-hidden="true">
                {time}
              </time>
            )}
            {actions}
          </div>
        ) : null}
      </div>
    </li>
  );
}
