import type { RouterOutputs } from "@club/api";
import { interestOptions } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { trpc } from "../../lib/trpc";
import { EventLine } from "../events/EventLine";
import { likesInWords } from "../media/MediaLikeButton";
import { MediaTile } from "../media/MediaTile";
import { TILE_SIZES } from "../media/responsive";

type Profile = RouterOutputs["members"]["get"];

/** Her uploads shown on her profile before "See all in the gallery". */
export const PROFILE_UPLOADS = 12;
export const uploadsInput = (id: string) => ({ uploader: id, limit: PROFILE_UPLOADS });
export const hostedInput = (id: string) => ({ host: id, upcoming: true, limit: 6 });

const interestLabel = (v: string) => interestOptions.find((o) => o.value === v)?.label ?? v;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={id} className="font-serif text-3xl text-ink">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Tiles({ items }: { items: Profile["showcase"] }) {
  const navigate = useNavigate();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item, i) => (
        <li key={item.id}>
          <MediaTile
            item={item}
            first={i < 2}
            sizes={TILE_SIZES.event}
            showLikes={false}
            onClick={() => navigate({ to: "/gallery", search: { media: item.id } })}
          />
          <p className="mt-1 text-sm text-ink-soft" data-testid="showcase-likes">
            <span aria-hidden="true">♥ {item.like_count}</span>
            <span className="sr-only">{likesInWords(item.like_count)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** `/members/{id}`: who she is, what she makes, and the events she hosts, as the reader may see them. */
export function MemberProfile({ profile }: { profile: Profile }) {
  const first = profile.name.split(/\s+/)[0] ?? profile.name;
  const uploads = useQuery(trpc.media.list.queryOptions(uploadsInput(profile.id)));
  const hosted = useQuery(trpc.events.list.queryOptions(hostedInput(profile.id)));
  const uploadItems = uploads.data?.items ?? [];
  const hostedItems = hosted.data?.items ?? [];
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div>
          {profile.bio ? (
            <p className="whitespace-pre-line text-lg leading-relaxed text-ink">{profile.bio}</p>
          ) : (
            <p className="text-ink-soft">
              {profile.is_me
                ? "Tell the other members about yourself in Settings → Profile."
                : `${first} has not written about herself yet.`}
            </p>
          )}
        </div>
        <dl className="flex flex-col gap-5 rounded-[var(--radius-card)] bg-paper-deep p-5 text-sm">
          <div>
            <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">Talents</dt>
            <dd className="mt-2">
              {profile.talents.length === 0 ? (
                <span className="text-ink-soft">None listed</span>
              ) : (
                <ul className="flex flex-wrap gap-1.5">
                  {profile.talents.map((t) => (
                    <li key={t}>
                      <Link
                        to="/members"
                        search={{ talent: t }}
                        className="inline-block rounded-full bg-card px-3 py-1 text-ink hover:bg-plum-soft hover:text-plum"
                      >
                        {t}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">Interests</dt>
            <dd className="mt-2 text-ink">
              {profile.interests.length === 0 ? (
                <span className="text-ink-soft">None listed</span>
              ) : (
                profile.interests.map(interestLabel).join(", ")
              )}
            </dd>
          </div>
          {profile.email ? (
            <div>
              <dt className="text-xs font-semibold tracking-[0.14em] text-plum uppercase">E-mail</dt>
              <dd className="mt-2 break-all">
                <a href={`mailto:${profile.email}`} className="text-plum underline">
                  {profile.email}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </div>

      <Section title={profile.is_me ? "Your creations" : `${first}'s creations`}>
        {profile.showcase.length > 0 ? (
          <Tiles items={profile.showcase} />
        ) : (
          <p className="text-ink-soft">
            {profile.is_me ? (
              <>
                Choose up to twelve of your photos and videos to show here, in{" "}
                <Link to="/settings/profile" className="text-plum underline">
                  Settings → Profile
                </Link>
                .
              </>
            ) : (
              `${first} has not chosen her showcase yet.`
            )}
          </p>
        )}
      </Section>

      <Section
        title={`Uploads (${profile.upload_count})`}
        action={
          profile.upload_count > uploadItems.length && uploadItems.length > 0 ? (
            <Link to="/gallery" search={{ by: profile.id }} className="text-sm text-plum underline">
              See all {profile.upload_count} in the gallery
            </Link>
          ) : undefined
        }
      >
        {uploadItems.length > 0 ? (
          <Tiles items={uploadItems} />
        ) : (
          <p className="text-ink-soft">{uploads.isPending ? "Loading…" : "No photos or videos yet."}</p>
        )}
      </Section>

      <Section title="Events she hosts">
        {hostedItems.length > 0 ? (
          <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card px-5">
            {hostedItems.map((e) => (
              <li key={e.id} className="py-3">
                <EventLine
                  event={{
                    slug: e.slug,
                    title: e.title,
                    eventDate: e.event_date,
                    startTime: e.start_time,
                    isPhysical: e.is_physical,
                    city: e.city,
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-soft">{hosted.isPending ? "Loading…" : "No upcoming events."}</p>
        )}
      </Section>
    </>
  );
}
