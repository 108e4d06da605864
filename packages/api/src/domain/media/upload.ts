import { homes } from "@club/db";
import { eq } from "@club/db/orm";
import { findNul, isRowId, nulMessage } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest, notFound } from "../../errors";
import { HOME_NOT_FOUND, requireHomeManager, requireMember, requireVisibleEvent } from "../access";
import { requireRoomForPhoto } from "../travel/photos";
import { type MediaDto, mediaDto } from "./dto";
import { type IncomingFile, ingestMediaFile } from "./ingest";

/** Where an upload goes: the gallery (perhaps an event's images), or a home's photos (Travel). */
export interface UploadPlace {
  eventRef?: string | undefined;
  homeRef?: string | undefined;
}

/**
 * Who may upload, and where: a member, to the gallery or an event she can see; a home's photos by
 * its host or an admin, while it has room for another. Checked before an upload's bytes are read
 * (a resumable upload: when it begins) and again when it is stored.
 */
export async function requireUploadTarget(ctx: ApiContext, place: UploadPlace) {
  const member = requireMember(ctx);
  const { eventRef, homeRef } = place;
  const nul = findNul({ event_id: eventRef, home_id: homeRef });
  if (nul) throw badRequest(nulMessage(nul));
  if (eventRef && homeRef) throw badRequest("A file goes to an event or to a home, not both: send one of the two.");
  const associatedEventId = eventRef ? (await requireVisibleEvent(member, eventRef)).id : null;
  let homeId: string | null = null;
  if (homeRef) {
    const [home] = isRowId(homeRef)
      ? await member.db.select({ id: homes.id, hostId: homes.hostId }).from(homes).where(eq(homes.id, homeRef))
      : [];
    if (!home) throw notFound(HOME_NOT_FOUND);
    requireHomeManager(member.user, home);
    await requireRoomForPhoto(member.db, home.id);
    homeId = home.id;
  }
  return { member, associatedEventId, homeId };
}

/**
 * POST /upload-media and /upload-image, and a finished resumable upload: a member's file becomes a
 * media item, attached to an event she can see, or to a home of hers, when one is named. The routes
 * check `requireMember` before reading the body too, so a refused upload costs no bytes.
 */
export async function uploadMedia(ctx: ApiContext, file: IncomingFile, place: UploadPlace): Promise<MediaDto> {
  const { member, associatedEventId, homeId } = await requireUploadTarget(ctx, place);
  const owner = { uploadedBy: member.user.id, associatedEventId, homeId };
  const id = await ingestMediaFile(member.db, member.store, file, owner, member.jobs, {
    maxVideoSeconds: ctx.config.maxVideoSeconds,
    tmpDir: ctx.config.tmpDir,
  });
  return mediaDto(member, id);
}
