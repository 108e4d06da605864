import type { RouterOutputs } from "@club/api";
import { Link } from "@tanstack/react-router";
import { CARD_SIZES, PhotoImage } from "./HomePhotos";
import { money, plural } from "./money";

type Card = RouterOutputs["homes"]["list"][number];

/** A home in the list: its kind and place, what it sleeps, the club's rate and hers. */
export function HomeCard({
  home,
  dates,
  first = false,
}: {
  home: Card;
  dates: { arrive?: string; depart?: string; guests?: number };
  /** Among the first cards: its photo is fetched at once (it is the page's largest picture). */
  first?: boolean;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)]">
      <div className="relative aspect-[3/2] bg-gradient-to-br from-plum to-plum-deep" aria-hidden="true">
        {home.photo ? <PhotoImage photo={home.photo} sizes={CARD_SIZES} eager={first} /> : null}
        <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/60 via-black/10 to-transparent p-5 text-white">
          <span className="text-xs tracking-[0.2em] uppercase opacity-90">{home.kind}</span>
          <span className="font-serif text-2xl">{home.city}</span>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl text-ink">
          <Link to="/travel/$homeId" params={{ homeId: home.id }} search={dates} className="hover:text-plum">
            {home.title}
          </Link>
        </h2>
        <p className="text-sm text-ink-soft">{[home.region, home.city, home.country].filter(Boolean).join(", ")}</p>
        <p className="text-sm text-ink-soft">
          Sleeps {home.sleeps} · {plural(home.bedrooms, "bedroom")}
          {home.min_nights > 1 ? ` · at least ${home.min_nights} nights` : ""}
        </p>
        <p className="mt-auto pt-2 text-ink">
          <span className="text-lg font-medium">
            {home.your_rate === 0 ? "Free for you" : `${money(home.your_rate)} a night`}
          </span>
          {home.your_rate !== home.nightly_rate ? (
            <span className="ml-2 text-sm text-ink-soft">
              <span className="sr-only">instead of </span>
              <s>{money(home.nightly_rate)}</s>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
