/** A heading cell of the webhooks' tables (the list and a log). */
export const th = "px-4 py-3 text-xs font-semibold tracking-[0.08em] whitespace-nowrap text-ink-soft uppercase";
