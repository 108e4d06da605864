import type { Queryable } from "@club/db";
import { homes, media } from "@club/db";
import { and, asc, count, eq, inArray, sql } from "@club/db/orm";
import type { JobSender } from "@club/jobs";
import { badRequest, notFound } from "../../errors";
import type { Viewer } from "../access";
import { imageSources, selectMedia, toMediaDto } from "../media/dto";

/** The most photos one home shows: a home's page is read, not browsed like the gallery. */
export const MAX_HOME_PHOTOS = 24;
export const PHOTO_NOT_FOUND = "This photo is not one of the home's (it may have been removed already).";
export const HOME_PHOTOS_ONLY =
  "A home's pictures are photos: choose a JPEG, PNG, WebP, GIF or HEIC photo (videos go to the gallery).";

const ready = eq(media.status, "ready");

/** A home's photos in the order they were added (the first is its cover), as the lightbox takes them. */
export async function photosOf(db: Queryable, viewer: Viewer, homeId: string) {
  const rows = await selectMedia(db, viewer.id)
    .where(and(eq(media.homeId, homeId), ready))
    .orderBy(asc(media.uploadDate), asc(media.id))
    .limit(MAX_HOME_PHOTOS);
  return rows.map((r) => toMediaDto(r, viewer));
}

/** What a home's card shows of its cover: the copies for `srcset` and the blurred preview. */
export interface HomeCover {
  url: string;
  sources: { url: string; width: number; height: number }[];
  placeholder: string | null;
  width: number | null;
  height: number | null;
}

/** Each home's first photo, by home, in one query (a search answers up to a hundred cards). */
export async function coversOf(db: Queryable, homeIds: string[]): Promise<Map<string, HomeCover>> {
  if (homeIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([media.homeId])
    .from(media)
    .where(and(inArray(media.homeId, homeIds), ready))
    .orderBy(media.homeId, asc(media.uploadDate), asc(media.id));
  return new Map(
    rows.flatMap((row) =>
      row.homeId
        ? [
            [
              row.homeId,
              {
                url: `/${row.mediumKey ?? row.displayKey ?? row.storageKey}`,
                sources: imageSources(row),
                placeholder: row.placeholder,
                width: row.width,
                height: row.height,
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/** Another photo may be added to the home (checked when an upload begins and when it is stored). */
export async function requireRoomForPhoto(db: Queryable, homeId: string): Promise<void> {
  const [row] = await db.select({ n: count() }).from(media).where(eq(media.homeId, homeId));
  if ((row?.n ?? 0) >= MAX_HOME_PHOTOS) {
    throw badRequest(`A home shows at most ${MAX_HOME_PHOTOS} photos: remove one before adding another.`);
  }
}

/** One of the home's photos, or "not found" (an item of the gallery is not the home's to remove). */
export async function homePhotoRow(db: Queryable, homeId: string, mediaId: string) {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.homeId, homeId)));
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  return row;
}

/**
 * The photos of homes that are about to go (withdrawn, or with their host's account): their rows go
 * with the homes by the foreign key, and their stored files by a job sent in the same transaction
 * (the store is not transactional: a file removed before a rollback would be lost for good).
 */
export async function dropPhotosOfHomes(
  tx: Queryable,
  jobs: JobSender,
  which: { homeId: string } | { hostId: string },
): Promise<void> {
  const rows = await tx
    .select({ prefix: media.objectPrefix })
    .from(media)
    .where(
      "homeId" in which
        ? eq(media.homeId, which.homeId)
        : inArray(media.homeId, sql`(select ${homes.id} from ${homes} where ${homes.hostId} = ${which.hostId})`),
    );
  if (rows.length > 0) await jobs.send("media.delete-objects", { prefixes: rows.map((r) => r.prefix) }, { tx });
}
