import { useEffect, useRef } from "react";
import heroMp4 from "../../assets/hero/hero-loop.mp4";
import heroWebm from "../../assets/hero/hero-loop.webm";
import heroPoster from "../../assets/hero/hero-poster.webp";
import { useHydrated } from "../../lib/hydrated";
import { LESS_MOTION, useMediaQuery } from "../../lib/media-query";
import { ButtonLink } from "../../ui/Button";
import { useSession } from "../auth/session";
import { pillars } from "./content";

function Section({
  title,
  children,
  image,
  imageAlt,
  reverse,
}: {
  title: string;
  children: React.ReactNode;
  image: string;
  imageAlt: string;
  reverse?: boolean;
}) {
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-8 px-5 py-14 sm:px-8 md:grid-cols-2 md:gap-14">
      <img
        src={image}
        alt={imageAlt}
        className={`w-full rounded-[var(--radius-card)] shadow-[var(--shadow-card)] ${reverse ? "md:order-2" : ""}`}
      />
      <div>
        <h2 className="text-4xl text-ink">{title}</h2>
        <div className="mt-4 space-y-3 text-lg leading-relaxed text-ink-soft">{children}</div>
      </div>
    </section>
  );
}

/**
 * The hero's film, behind the title. Its files are named only once the app runs the page: on a phone
 * they would otherwise compete with the page's first paint for bandwidth, and the poster stands in
 * until then. A visitor who asks her system for less motion keeps the poster: a film that plays
 * itself in a loop is motion she did not start (and it kept a third of a core decoding while the
 * page was open).
 */
function HeroFilm() {
  const hydrated = useHydrated();
  const still = useMediaQuery(LESS_MOTION);
  const plays = hydrated && !still;
  const film = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    // Sources added to (or taken from) a video already in the page are only read when it is told to load.
    if (hydrated) film.current?.load();
  }, [hydrated, plays]);
  return (
    <video
      ref={film}
      className="absolute inset-0 -z-10 h-full w-full object-cover opacity-70"
      autoPlay
      muted
      loop
      playsInline
      poster={heroPoster}
      aria-label="Background film: silk folds in low light"
    >
      {plays ? (
        <>
          <source src={heroWebm} type="video/webm" />
          <source src={heroMp4} type="video/mp4" />
        </>
      ) : null}
    </video>
  );
}

export function HomePage() {
  const [travel, gathering, showcase] = pillars;
  const { user } = useSession();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-plum-deep">
        <HeroFilm />
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-plum-deep/40 via-plum-deep/50 to-plum-deep/80" />
        <div className="mx-auto max-w-6xl px-5 py-28 sm:px-8 sm:py-40">
          <p className="text-sm font-semibold tracking-[0.3em] text-gold-light uppercase">By invitation</p>
          <h1 className="mt-4 max-w-3xl text-5xl text-white sm:text-7xl">Time for yourself, among women who lead.</h1>
          <p className="mt-6 max-w-xl text-lg text-white/85">
            A private club for women business executives: to create, to gather, to travel, and to show what you make.
          </p>
          {user ? (
            // Signed in (she lands here after signing in, as SPEC.md says): her own page is one click away.
            <ButtonLink to="/member-home" variant="secondary" className="mt-10 border-white/60 bg-white/95">
              Go to My club
            </ButtonLink>
          ) : (
            <ButtonLink to="/membership" variant="secondary" className="mt-10 border-white/60 bg-white/95">
              Membership
            </ButtonLink>
          )}
        </div>
      </section>
      <Section title="Gather & Create" image={gathering.image} imageAlt={gathering.imageAlt}>
        <p>
          Art, writing, media, performance, gardening, tea culture and meditation: small circles where the talents you
          keep outside work have room to grow.
        </p>
        <p>Gatherings are hosted by members, for members, at an unhurried pace.</p>
      </Section>
      <Section title="Showcase" image={showcase.image} imageAlt={showcase.imageAlt} reverse>
        <p>
          Exhibitions, screenings, readings and tastings give members a stage for what they create, before an audience
          that understands.
        </p>
      </Section>
      <Section title="Travel" image={travel.image} imageAlt={travel.imageAlt}>
        <p>
          Members open their private vacation homes to one another. Stay in the network at a discount, or host and
          travel free.
        </p>
      </Section>
    </>
  );
}
