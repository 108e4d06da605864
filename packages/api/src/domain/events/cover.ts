import { signMailImage, unsubscribeKeys } from "@club/auth";
import { type Event, media, type Queryable } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { ApiConfig } from "../../context";
import { badRequest } from "../../errors";
import { coverPhotos, photosForEveryone } from "../access";
import { mediaUrl } from "../media/dto";
import { newestPhotos } from "../media/photo-choices";

export const COVER_REFUSED =
  "That photo cannot be this event's cover: choose a photo every member can see in the gallery, or upload one.";

/** What an event's cover sets: the photo, and its copies as cards and the page show them. */
export interface CoverColumns {
  coverMediaId?: string | null;
  imageUrl?: string | null;
  bannerImage?: string | null;
}

/**
 * The columns for the cover a form asks for: none when the form leaves it out (an edit keeps the
 * cover), cleared for null, else the photo's, when it may be a cover (`coverPhotos`); any other
 * photo, or none at that id, is a 400 that says what to choose.
 */
export async function coverColumns(
  db: Queryable,
  coverId: string | null | undefined,
  eventId?: string,
): Promise<CoverColumns> {
  if (coverId === undefined) return {};
  if (coverId === null) return { coverMediaId: null, imageUrl: null, bannerImage: null };
  const [photo] = await db
    .select({ display: media.displayKey, medium: media.mediumKey })
    .from(media)
    .where(and(eq(media.id, coverId), coverPhotos(eventId)));
  if (!photo?.display) throw badRequest(COVER_REFUSED);
  return {
    coverMediaId: coverId,
    imageUrl: mediaUrl(photo.medium ?? photo.display),
    bannerImage: mediaUrl(photo.display),
  };
}

/** How many of the newest photos the cover picker offers. */
const CHOICES = 60;

/**
 * The cover picker's photos, newest first: those that may be a cover (`coverPhotos`), each named
 * as the gallery names it ("Photo, 6 December" until titled), with its thumbnail and its card copy.
 */
export async function coverChoices(db: Queryable, timeZone: string, eventId?: string) {
  const photos = await newestPhotos(db, coverPhotos(eventId), timeZone, CHOICES);
  return photos.flatMap(({ id, title, thumbnail_url, medium, display }) => {
    const url = mediaUrl(medium ?? display);
    return url ? [{ id, title, thumbnail_url, url }] : [];
  });
}

/**
 * The cover's address for a mail (the invitation, the confirmation, the reminder), signed as a
 * group mail's photos are, so that a mail program fetches it with no session: only for a cover
 * every member may see (an invite-only event's own photo stays out of mail), else null.
 */
export async function coverForMail(
  db: Queryable,
  config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets">,
  e: Pick<Event, "coverMediaId">,
): Promise<string | null> {
  if (!e.coverMediaId) return null;
  const [everyone] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, e.coverMediaId), photosForEveryone()));
  if (!everyone) return null;
  const keys = await unsubscribeKeys(db, config.unsubscribeSecrets);
  return `${config.appOrigin}/mail-images/${signMailImage(keys, everyone.id)}`;
}
