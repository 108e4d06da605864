import { media, profiles, type Queryable, showcaseItems } from "@club/db";
import { and, asc, eq, sql } from "@club/db/orm";
import { type ProfileUpdate, profileUpdateInput } from "@club/shared";
import { preparedOnce } from "../../lib/prepared";
import {
  emailShownTo,
  galleryMedia,
  type MemberContext,
  requireProfileOwner,
  requireShowcaseMedia,
  type Viewer,
  type ViewerRef,
  viewerKind,
  viewerPlaceholder,
  viewerValues,
} from "../access";
import { type MediaDto, READER, selectMedia, toMediaDto } from "../media/dto";
import { portraitOf } from "./portrait-urls";

const p = sql.placeholder;

/** Her profile's row, or the empty profile of a member who never wrote one. */
async function profileRow(db: Queryable, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return (
    row ?? {
      userId,
      bio: "",
      talents: [] as string[],
      interests: [] as string[],
      showEmail: false,
      portraitPrefix: null,
      portraitPlaceholder: null,
      updatedAt: null,
    }
  );
}

/** Her showcase as the reader may see it, in her order: an item of an event hidden from the reader is left out. */
async function showcaseFor(db: Queryable, viewer: Viewer, userId: string): Promise<MediaDto[]> {
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `showcaseFor ${kind}`, () =>
    selectMedia(db, READER)
      .innerJoin(showcaseItems, and(eq(showcaseItems.mediaId, media.id), eq(showcaseItems.userId, p("owner"))))
      .where(galleryMedia(viewerPlaceholder(kind) as ViewerRef))
      .orderBy(asc(showcaseItems.position))
      .prepare("showcase_for"),
  );
  const rows = await query.execute({ owner: userId, ...viewerValues(viewer) });
  return rows.map((r) => toMediaDto(r, viewer));
}

/** How many of her uploads the reader may see. */
async function uploadCount(db: Queryable, viewer: Viewer, userId: string): Promise<number> {
  const kind = viewerKind(viewer);
  const query = preparedOnce(db, `uploadCount ${kind}`, () =>
    db
      .select({ uploads: sql<number>`count(*)::int` })
      .from(media)
      .where(and(eq(media.uploadedBy, p("owner")), galleryMedia(viewerPlaceholder(kind) as ViewerRef)))
      .prepare("upload_count"),
  );
  const [row] = await query.execute({ owner: userId, ...viewerValues(viewer) });
  return row?.uploads ?? 0;
}

/**
 * `/members/{id}`: who she is and her showcase, as this reader may see them. Her uploads and the
 * events she hosts are pages of their own (`media.list` and `events.list` by member).
 */
export async function memberProfile(ctx: Pick<MemberContext, "db" | "user">, id: string) {
  const owner = await requireProfileOwner(ctx.db, id);
  const [profile, showcase, uploads] = await Promise.all([
    profileRow(ctx.db, id),
    showcaseFor(ctx.db, ctx.user, id),
    uploadCount(ctx.db, ctx.user, id),
  ]);
  return {
    id: owner.id,
    name: owner.name,
    type: owner.type,
    member_since: owner.createdAt,
    email: emailShownTo(ctx.user, { id, email: owner.email, showEmail: profile.showEmail }) ? owner.email : null,
    bio: profile.bio,
    talents: profile.talents,
    interests: profile.interests,
    portrait: portraitOf(profile.portraitPrefix, profile.portraitPlaceholder),
    showcase,
    upload_count: uploads,
    is_me: ctx.user.id === id,
  };
}
export type MemberProfile = Awaited<ReturnType<typeof memberProfile>>;

/** Settings → Profile: what she wrote, whether her address shows, and her showcase. */
export async function myProfile(ctx: MemberContext) {
  const profile = await profileRow(ctx.db, ctx.user.id);
  return {
    bio: profile.bio,
    talents: profile.talents,
    interests: profile.interests,
    show_email: profile.showEmail,
    portrait: portraitOf(profile.portraitPrefix, profile.portraitPlaceholder),
    showcase: await showcaseFor(ctx.db, ctx.user, ctx.user.id),
  };
}

/** Saves what she wrote about herself (the whole form: bio, talents, interests, her address shown or not). */
export async function updateProfile(ctx: MemberContext, input: ProfileUpdate) {
  const data = profileUpdateInput.parse(input);
  const values = {
    bio: data.bio,
    talents: data.talents,
    interests: data.interests,
    showEmail: data.showEmail,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(profiles)
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: profiles.userId, set: values });
  return myProfile(ctx);
}

/** Her showcase becomes these items, in this order; all of them hers (the access module's rule). */
export async function setShowcase(ctx: MemberContext, mediaIds: string[]) {
  await ctx.db.transaction(async (tx) => {
    await requireShowcaseMedia({ ...ctx, db: tx }, mediaIds);
    await tx.delete(showcaseItems).where(eq(showcaseItems.userId, ctx.user.id));
    if (mediaIds.length > 0) {
      await tx
        .insert(showcaseItems)
        .values(mediaIds.map((mediaId, position) => ({ userId: ctx.user.id, mediaId, position })));
    }
  });
  return myProfile(ctx);
}

/** Interests chosen on her application start her profile's (registration, and migration 0025 for earlier members). */
export async function startProfile(db: Queryable, userId: string, interests: string[]): Promise<void> {
  if (interests.length === 0) return;
  await db.insert(profiles).values({ userId, interests }).onConflictDoNothing();
}
