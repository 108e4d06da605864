import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accountRouter } from "./routers/account";
import { adminMailRouter } from "./routers/admin-mail";
import { adminPanelRouter } from "./routers/admin-panel";
import { apiTokensRouter } from "./routers/api-tokens";
import { applicationsRouter } from "./routers/applications";
import { auditRouter } from "./routers/audit";
import { authRouter } from "./routers/auth";
import { calendarFeedRouter } from "./routers/calendar-feed";
import { clubSettingsRouter } from "./routers/club-settings";
import { commentsRouter } from "./routers/comments";
import { conversationsRouter } from "./routers/conversations";
import { dataExportRouter } from "./routers/data-export";
import { eventsRouter } from "./routers/events";
import { homeRouter } from "./routers/home";
import { identitiesRouter } from "./routers/identities";
import { invitationCodesRouter } from "./routers/invitation-codes";
import { jobsRouter } from "./routers/jobs";
import { ledgerRouter } from "./routers/ledger";
import { mailRouter } from "./routers/mail";
import { mailOutboxRouter } from "./routers/mail-outbox";
import { imagesRouter, mediaRouter } from "./routers/media";
import { membersRouter, profileRouter } from "./routers/members";
import { notificationsRouter } from "./routers/notifications";
import { passkeysRouter } from "./routers/passkeys";
import { passwordResetRouter } from "./routers/password-reset";
import { preferencesRouter } from "./routers/preferences";
import { registrationRouter } from "./routers/registration";
import { sessionsRouter } from "./routers/sessions";
import { homesRouter, staysRouter } from "./routers/travel";
import { unsubscribeRouter } from "./routers/unsubscribe";
import { usersRouter } from "./routers/users";
import { webhooksRouter } from "./routers/webhooks";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  invitationCodes: invitationCodesRouter,
  applications: applicationsRouter,
  registration: registrationRouter,
  passwordReset: passwordResetRouter,
  users: usersRouter,
  adminMail: adminMailRouter,
  adminPanel: adminPanelRouter,
  mail: mailRouter,
  mailOutbox: mailOutboxRouter,
  jobs: jobsRouter,
  events: eventsRouter,
  home: homeRouter,
  members: membersRouter,
  profile: profileRouter,
  notifications: notificationsRouter,
  apiTokens: apiTokensRouter,
  passkeys: passkeysRouter,
  preferences: preferencesRouter,
  unsubscribe: unsubscribeRouter,
  calendarFeed: calendarFeedRouter,
  media: mediaRouter,
  images: imagesRouter,
  comments: commentsRouter,
  audit: auditRouter,
  identities: identitiesRouter,
  sessions: sessionsRouter,
  clubSettings: clubSettingsRouter,
  dataExport: dataExportRouter,
  webhooks: webhooksRouter,
  homes: homesRouter,
  stays: staysRouter,
  ledger: ledgerRouter,
  conversations: conversationsRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
