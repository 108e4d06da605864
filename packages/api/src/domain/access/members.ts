// Members' profiles: who sees which field, whose media a showcase may hold, whose portrait files are served.
import { media, profiles, type Queryable, users } from "@club/db";
import { and, eq, inArray } from "@club/db/orm";
import type { ApiContext } from "../../context";
import { forbidden, notFound } from "../../errors";
import { MEMBER_NOT_FOUND } from "../account/users";
import { type MemberContext, requireMember, type Viewer } from "./callers";
import { galleryMedia } from "./media";

export const SHOWCASE_NOT_HERS = "Your showcase can hold only photos and videos you uploaded yourself.";

/**
 * A profile is for members only (the procedures are member procedures). Every field is seen by
 * every member but her e-mail address: that only when she chose to show it, to admins, and to
 * herself; the one rule for every answer that names members (the directory, profiles, the invite
 * modal, an event's guest list). An address the viewer typed in full (`typed`, as `emailKey` left
 * it: the invite modal's search) is one she knows already, so it finds its member and is shown
 * back. What her profile lists of her media and events goes through `visibleMedia` and
 * `visibleEvents` for the reader, so nothing of an invite-only event hidden from the reader shows.
 */
export function emailShownTo(
  viewer: Viewer,
  owner: { id: string; email: string; showEmail: boolean | null },
  typed?: string | null,
): boolean {
  return (
    viewer.admin ||
    viewer.id === owner.id ||
    owner.showEmail === true ||
    (typed !== undefined && typed !== null && owner.email === typed)
  );
}

/**
 * An address typed in full tells the one who typed it whether a member owns it: counted
 * (TYPED_ADDRESS_LOOKUPS) for members, not for admins, who see every address anyway.
 */
export const typedAddressesCounted = (viewer: Viewer): boolean => !viewer.admin;

/** The member whose profile is asked for; "Member not found." when there is none. */
export async function requireProfileOwner(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, type: users.type, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/**
 * A showcase holds only her own ready photos and videos, all visible to her: a missing one is "not
 * found" and another member's a 403; all or nothing.
 */
export async function requireShowcaseMedia(ctx: MemberContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: media.id, uploadedBy: media.uploadedBy })
    .from(media)
    .where(and(inArray(media.id, ids), galleryMedia(ctx.user)));
  if (rows.length !== ids.length) throw notFound("Some of these photos and videos no longer exist.");
  if (rows.some((r) => r.uploadedBy !== ctx.user.id)) throw forbidden(SHOWCASE_NOT_HERS);
}

/** A portrait's file (`portraits/<uuid>/<size>.webp`) is served to members while it is someone's portrait. */
export async function requirePortraitObject(ctx: ApiContext, key: string): Promise<void> {
  const member = requireMember(ctx);
  const prefix = key.slice(0, key.lastIndexOf("/"));
  const [row] = prefix
    ? await member.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.portraitPrefix, prefix))
    : [];
  if (!row) throw notFound("Not found");
}
