import {
  calendarFeedFeedAnswer,
  calendarFeedResetAnswer,
  eventsCalendarFileAnswer,
  homeAnswer as homeAnswerSchema,
  homeBlockInput,
  homeBlocksAnswer,
  homeCreateInput,
  homeIdInput,
  homeMonthAnswer,
  homeMonthInput,
  homePhotoInput,
  homeSearchInput,
  homesListAnswer,
  homesMineAnswer,
  homeUnblockInput,
  homeUpdateInput,
  homeWindowsAnswer,
  homeWindowsInput,
  stayCancelInput,
  stayDecisionInput,
  stayIdInput,
  stayRequestAnswer,
  stayRequestInput,
  stayReviewInput,
  staySchema,
  staysListAnswer,
  travelOkAnswer,
} from "@club/shared";
import { z } from "zod";
import type { MemberContext } from "../domain/access";
import {
  requireHomeFeed,
  requireHomeLister,
  requireHomeManager,
  requireStayGuest,
  requireStayHost,
  requireStayParty,
} from "../domain/access";
import { auditActor } from "../domain/audit/record";
import { deleteMedia } from "../domain/media/delete";
import {
  acceptRequest,
  askToStay,
  cancelByMember,
  declineRequest,
  type TravelDeps,
  withdrawHome,
} from "../domain/travel/acts";
import { seesAddress } from "../domain/travel/address";
import { homeMonth } from "../domain/travel/calendar";
import { findHomes } from "../domain/travel/find";
import { homeFeedText, newHomeFeed } from "../domain/travel/home-feed";
import {
  blockNights,
  comingBlocks,
  createHome,
  type HomeInput,
  homeColumns,
  setWindows,
  unblockNights,
  updateHome,
} from "../domain/travel/homes";
import { homePhotoRow } from "../domain/travel/photos";
import { reviewStay } from "../domain/travel/reviews";
import { stayCalendarFile } from "../domain/travel/stay-file";
import { homeAnswer, homeRow, hostHomes, listStays, requireHost, stayAnswer, stayRow } from "../domain/travel/views";
import { answer, memberProcedure, publicProcedure, router } from "../trpc";

const deps = (ctx: MemberContext): TravelDeps => ({
  db: ctx.db,
  jobs: ctx.jobs,
  appOrigin: ctx.config.appOrigin,
  by: { id: ctx.user.id, name: ctx.user.name, audit: auditActor(ctx) },
});

/** Travel: the members' own vacation homes (Travel → Homes, Your homes, Your trips). */
export const homesRouter = router({
  /** GET /api/homes: the homes she may ask for, by dates, guests and place; never an address. */
  list: memberProcedure
    .input(homeSearchInput)
    .output(answer(homesListAnswer))
    .query(({ ctx, input }) => findHomes(ctx.db, ctx.user.type, input ?? {})),

  /** GET /api/homes/{id}: the address only for its host, admins and her accepted guest. */
  get: memberProcedure
    .input(homeIdInput)
    .output(answer(homeAnswerSchema))
    .query(async ({ ctx, input }) => homeAnswer(ctx.db, await homeRow(ctx.db, input.id), ctx.user)),

  /** Her own homes, and the nights she offers this year against the club's minimum. */
  mine: memberProcedure.output(answer(homesMineAnswer)).query(({ ctx }) => hostHomes(ctx.db, ctx.user)),

  /** A month of a home's nights: open, closed, blocked or taken (whose, never). */
  month: memberProcedure
    .input(homeMonthInput)
    .output(answer(homeMonthAnswer))
    .query(async ({ ctx, input }) => {
      await homeRow(ctx.db, input.id);
      return homeMonth(ctx.db, input.id, input.month);
    }),

  /** POST /api/homes: Travel Hosts list their homes; an admin may list one for a host (`host_id`). */
  create: memberProcedure
    .input(homeCreateInput)
    .output(answer(homeAnswerSchema))
    .mutation(async ({ ctx, input }) => {
      requireHomeLister(ctx.user);
      const { host_id, ...fields } = input;
      const hostId = ctx.user.admin && host_id ? (await requireHost(ctx.db, host_id)).id : ctx.user.id;
      const { id } = await createHome(ctx.db, hostId, homeColumns(fields) as HomeInput);
      return homeAnswer(ctx.db, await homeRow(ctx.db, id), ctx.user);
    }),

  /** PUT /api/homes/{id}: its host or an admin. */
  update: memberProcedure
    .input(homeUpdateInput)
    .output(answer(homeAnswerSchema))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      requireHomeManager(ctx.user, await homeRow(ctx.db, id));
      await updateHome(ctx.db, id, fields);
      return homeAnswer(ctx.db, await homeRow(ctx.db, id), ctx.user);
    }),

  /** DELETE /api/homes/{id}: its coming stays are cancelled and their guests told. */
  delete: memberProcedure
    .input(homeIdInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      await withdrawHome(deps(ctx), input.id, ctx.user.id);
      return { ok: true as const, message: "The home is withdrawn; its guests have been told." };
    }),

  /**
   * DELETE /api/homes/{id}/photos/{mediaId}: its host or an admin removes one of its photos (they are
   * added as uploads: POST /upload-media or /uploads with `home_id`).
   */
  removePhoto: memberProcedure
    .input(homePhotoInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      const photo = await homePhotoRow(ctx.db, input.id, input.mediaId);
      await deleteMedia(ctx, [photo], { id: ctx.user.id, audit: auditActor(ctx) });
      return { ok: true as const, message: "The photo is removed from the home." };
    }),

  /** POST /api/homes/{id}/blocks: its host blocks nights (her own use, repairs); no stay can take them. */
  block: memberProcedure
    .input(homeBlockInput)
    .output(answer(homeBlocksAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      await blockNights(ctx.db, input.id, input);
      return { message: "Those nights are blocked.", blocks: await comingBlocks(ctx.db, input.id) };
    }),

  /** DELETE /api/homes/{id}/blocks/{blockId}: frees a block (a stay's nights are freed by ending the stay). */
  unblock: memberProcedure
    .input(homeUnblockInput)
    .output(answer(homeBlocksAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      await unblockNights(ctx.db, input.id, input.blockId);
      return { message: "Those nights are free again.", blocks: await comingBlocks(ctx.db, input.id) };
    }),

  /**
   * POST /api/homes/{id}/calendar-link: a new link to the home's taken nights, for another site's
   * calendar (its host or an admin); shown once, and the previous one stops working.
   */
  calendarLink: memberProcedure
    .input(homeIdInput)
    .output(answer(calendarFeedResetAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      const urls = await newHomeFeed(ctx.db, ctx.config.appOrigin, input.id);
      return { message: "The home's calendar link is ready; any earlier one no longer works.", ...urls };
    }),

  /** GET /homes/calendar/{secret}.ics: the home's taken nights, "Reserved" only; the secret is the credential. */
  calendarFeed: publicProcedure
    .input(z.object({ secret: z.string().trim().min(1).max(200) }))
    .output(answer(calendarFeedFeedAnswer))
    .query(async ({ ctx, input }) => homeFeedText(ctx.db, await requireHomeFeed(ctx.db, input.secret))),

  /** PUT /api/homes/{id}/availability: the open windows, replaced by these (merged). */
  setWindows: memberProcedure
    .input(homeWindowsInput)
    .output(answer(homeWindowsAnswer))
    .mutation(async ({ ctx, input }) => {
      requireHomeManager(ctx.user, await homeRow(ctx.db, input.id));
      return { windows: await setWindows(ctx.db, input.id, input.windows) };
    }),
});

export const staysRouter = router({
  /** POST /api/homes/{id}/stays: inside an open window, guests up to what it sleeps; her price kept. */
  request: memberProcedure
    .input(stayRequestInput)
    .output(answer(stayRequestAnswer))
    .mutation(({ ctx, input }) => {
      const { homeId, ...request } = input;
      return askToStay(deps(ctx), ctx.user, homeId, request);
    }),

  /** GET /api/stays: her trips and her homes' requests and stays; an admin with `all`, every stay. */
  list: memberProcedure
    .input(z.object({ all: z.boolean().optional() }).optional())
    .output(answer(staysListAnswer))
    .query(({ ctx, input }) => listStays(ctx.db, ctx.user, { all: input?.all })),

  get: memberProcedure
    .input(stayIdInput)
    .output(answer(staySchema))
    .query(async ({ ctx, input }) => {
      const row = await stayRow(ctx.db, input.id);
      requireStayParty(ctx.user, row);
      return stayAnswer(row, ctx.user);
    }),

  /** GET /api/stays/{id}/stay.ics: the stay for her calendar; the address only while she may see it. */
  calendarFile: memberProcedure
    .input(stayIdInput)
    .output(answer(eventsCalendarFileAnswer))
    .query(async ({ ctx, input }) => {
      const row = await stayRow(ctx.db, input.id);
      requireStayParty(ctx.user, row);
      const home = { id: row.stay.homeId, hostId: row.hostId, timeZone: row.timeZone };
      return stayCalendarFile(row, ctx.config.appOrigin, await seesAddress(ctx.db, home, ctx.user));
    }),

  /** POST /api/stays/{id}/accept: the host or an admin; overlapping requests are declined with it. */
  accept: memberProcedure
    .input(stayDecisionInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      requireStayHost(ctx.user, await stayRow(ctx.db, input.id));
      const { declined } = await acceptRequest(deps(ctx), input.id, ctx.user.id, input.message);
      const others = declined.length
        ? ` ${declined.length} overlapping request${declined.length === 1 ? " was" : "s were"} declined.`
        : "";
      return { ok: true as const, message: `The stay is accepted; your guest has been told.${others}` };
    }),

  decline: memberProcedure
    .input(stayDecisionInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      requireStayHost(ctx.user, await stayRow(ctx.db, input.id));
      await declineRequest(deps(ctx), input.id, ctx.user.id, input.message);
      return { ok: true as const, message: "The request is declined; she has been told." };
    }),

  /** POST /api/stays/{id}/cancel: the guest, the host or an admin, with a reason; the nights reopen. */
  cancel: memberProcedure
    .input(stayCancelInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      requireStayParty(ctx.user, await stayRow(ctx.db, input.id));
      await cancelByMember(deps(ctx), input.id, ctx.user.id, input.reason);
      return { ok: true as const, message: "The stay is cancelled and its nights are free again." };
    }),

  /** POST /api/stays/{id}/review: her note for the club once her stay is over, shown on the home. */
  review: memberProcedure
    .input(stayReviewInput)
    .output(answer(travelOkAnswer))
    .mutation(async ({ ctx, input }) => {
      const row = await stayRow(ctx.db, input.id);
      requireStayGuest(ctx.user, row);
      await reviewStay(ctx.db, row, input.text);
      return { ok: true as const, message: "Thank you: your note is on the home's page." };
    }),
});
