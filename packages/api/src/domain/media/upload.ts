import { findNul, nulMessage } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import { requireMember, requireVisibleEvent } from "../access";
import { type MediaDto, mediaDto } from "./dto";
import { type IncomingFile, ingestMediaFile } from "./ingest";

/**
 * POST /upload-media and /upload-image: a member's file becomes a media item, attached to an
 * event she can see when one is named. The route checks `requireMember` before reading the body
 * too, so a refused upload costs no bytes.
 */
export async function uploadMedia(
  ctx: ApiContext,
  file: IncomingFile,
  eventRef: string | undefined,
): Promise<MediaDto> {
  const member = requireMember(ctx);
  const nul = findNul({ event_id: eventRef });
  if (nul) throw badRequest(nulMessage(nul));
  const associatedEventId = eventRef ? (await requireVisibleEvent(member, eventRef)).id : null;
  const owner = { uploadedBy: member.user.id, associatedEventId };
  const id = await ingestMediaFile(member.db, member.store, file, owner, member.jobs);
  return mediaDto(member, id);
}
