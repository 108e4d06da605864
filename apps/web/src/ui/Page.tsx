import type { ReactNode } from "react";
import { cn } from "./cn";

/** A screen's frame: one h1, an optional lead and actions, then the content. */
export function Page({
  title,
  lead,
  actions,
  children,
  width = "wide",
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** narrow: a form; medium: a column to read (a conversation); wide: lists and grids. */
  width?: "narrow" | "medium" | "wide";
}) {
  const widths = { narrow: "max-w-xl", medium: "max-w-3xl", wide: "max-w-6xl" };
  return (
    <div className={cn("mx-auto w-full px-5 py-10 sm:px-8 sm:py-14", widths[width])}>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl text-ink sm:text-5xl">{title}</h1>
          {lead ? <p className="mt-3 max-w-2xl text-ink-soft">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        "rounded-[var(--radius-card)] border border-line bg-card p-6 shadow-[var(--shadow-card)]",
        className,
      )}
    >
      {children}
    </div>
  );
}
