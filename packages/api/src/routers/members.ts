import {
  directoryInput,
  memberRefInput,
  membersGetAnswer,
  membersListAnswer,
  membersTalentsAnswer,
  profileGetAnswer,
  profileRemovePortraitAnswer,
  profileSetShowcaseAnswer,
  profileUpdateAnswer,
  profileUpdateInput,
  showcaseInput,
} from "@club/shared";
import { listDirectory, popularTalents } from "../domain/members/directory";
import { removePortrait } from "../domain/members/portrait";
import { memberProfile, myProfile, setShowcase, updateProfile } from "../domain/members/profile";
import { answer, memberProcedure, router } from "../trpc";

/** The directory and members' profiles (`/members`, `/members/{id}`): for members only. */
export const membersRouter = router({
  /** A page of the directory, by name; searched by name or talent, filtered by type and talent. */
  list: memberProcedure
    .input(directoryInput)
    .output(answer(membersListAnswer))
    .query(({ ctx, input }) => listDirectory(ctx.db, ctx.user, input)),

  /** The talents most members list: the directory's filter. */
  talents: memberProcedure.output(answer(membersTalentsAnswer)).query(({ ctx }) => popularTalents(ctx.db)),

  /** A member's profile as the reader may see it (her e-mail only if she shows it). */
  get: memberProcedure
    .input(memberRefInput)
    .output(answer(membersGetAnswer))
    .query(({ ctx, input }) => memberProfile(ctx, input.id)),
});

/** Settings → Profile: her own profile (her portrait arrives by POST /api/me/portrait). */
export const profileRouter = router({
  get: memberProcedure.output(answer(profileGetAnswer)).query(({ ctx }) => myProfile(ctx)),

  update: memberProcedure
    .input(profileUpdateInput)
    .output(answer(profileUpdateAnswer))
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),

  /** Her showcase, in order: up to twelve of her own photos and videos (none clears it). */
  setShowcase: memberProcedure
    .input(showcaseInput)
    .output(answer(profileSetShowcaseAnswer))
    .mutation(({ ctx, input }) => setShowcase(ctx, input.media)),

  removePortrait: memberProcedure
    .output(answer(profileRemovePortraitAnswer))
    .mutation(({ ctx }) => removePortrait(ctx)),
});
