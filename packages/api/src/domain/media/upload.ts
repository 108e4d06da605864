import { findNul, nulMessage } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import { requireMember, requireVisibleEvent } from "../access";
import { type MediaDto, mediaDto } from "./dto";
import { type IncomingFile, ingestMediaFile } from "./ingest";

/**
 * Who may upload, and to which event: a member, to an event she can see (or none). Checked before
 * an upload's bytes are read (a resumable upload: when it begins) and again when it is stored.
 */
export async function requireUploadTarget(ctx: ApiContext, eventRef: string | undefined) {
  const member = requireMember(ctx);
  const nul = findNul({ event_id: eventRef });
  if (nul) throw badRequest(nulMessage(nul));
  const associatedEventId = eventRef ? (await requireVisibleEvent(member, eventRef)).id : null;
  return { member, associatedEventId };
}

/**
 * POST /upload-media and /upload-image, and a finished resumable upload: a member's file becomes a
 * media item, attached to an event she can see when one is named. The routes check
 * `requireMember` before reading the body too, so a refused upload costs no bytes.
 */
export async function uploadMedia(
  ctx: ApiContext,
  file: IncomingFile,
  eventRef: string | undefined,
): Promise<MediaDto> {
  const { member, associatedEventId } = await requireUploadTarget(ctx, eventRef);
  const owner = { uploadedBy: member.user.id, associatedEventId };
  const id = await ingestMediaFile(member.db, member.store, file, owner, member.jobs, {
    maxVideoSeconds: ctx.config.maxVideoSeconds,
    tmpDir: ctx.config.tmpDir,
  });
  return mediaDto(member, id);
}
