import { media } from "@club/db";
import { eq } from "@club/db/orm";
import type { mediaUpdateInput } from "@club/shared";
import type { z } from "zod";
import { badRequest, MEDIA_NOT_FOUND, notFound } from "../../errors";
import type { MemberContext } from "../access";
import { type MediaDto, mediaDto } from "./dto";

type MediaChange = Omit<z.output<typeof mediaUpdateInput>, "id">;

/**
 * Saves a media item's name, description, tags or event (PUT /api/media/{id} and /api/images/{id}),
 * once the member was allowed to change it and to see the event; answers the item as she sees it.
 */
export async function changeMedia(
  ctx: Pick<MemberContext, "db" | "user">,
  id: string,
  change: MediaChange,
): Promise<MediaDto> {
  const columns = {
    ...(change.name !== undefined ? { name: change.name || null, title: change.name || null } : {}),
    ...(change.description !== undefined ? { description: change.description || null } : {}),
    ...(change.tags != null ? { tags: [...new Set(change.tags)] } : {}),
    ...(change.associatedEventId !== undefined ? { associatedEventId: change.associatedEventId } : {}),
    // Attached to an event on purpose, an item kept private since its own event was deleted is
    // shared with that event's viewers; merely left without an event, it stays private.
    ...(change.associatedEventId ? { uploaderOnly: false } : {}),
  };
  if (Object.keys(columns).length === 0) {
    throw badRequest("Nothing to change: send a name, description, tags or associatedEventId.");
  }
  const updated = await ctx.db.update(media).set(columns).where(eq(media.id, id)).returning({ id: media.id });
  // Deleted by someone else between the look-up and the update.
  if (updated.length === 0) throw notFound(MEDIA_NOT_FOUND);
  return mediaDto(ctx, id);
}
