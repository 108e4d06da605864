import { formatMoney } from "@club/shared";

/** An amount of the club's currency, as members read it: "$150", "$62.50" (the server's words use the same). */
export const money = formatMoney;

/** Nights between two plain days (`2031-07-10` → `2031-07-14`: 4), or 0 when either is missing or wrong. */
export function nightsOf(arrive: string | undefined, depart: string | undefined): number {
  if (!arrive || !depart) return 0;
  const n = (Date.parse(`${depart}T00:00:00Z`) - Date.parse(`${arrive}T00:00:00Z`)) / 86_400_000;
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
