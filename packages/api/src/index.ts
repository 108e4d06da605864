export {
  type ApiConfig,
  type ApiContext,
  apiConfigFromEnv,
  type Caller,
  type ContextDeps,
  createApiContext,
  type Logger,
  noCookies,
  type SessionCookies,
  type TokenGrant,
} from "./context";
export {
  type MemberContext,
  mayReadApiDescription,
  mayReadMetrics,
  OPERATOR,
  requireMailImage,
  requireMember,
  requireOperatorProcedure,
  requireOwnUpload,
  requirePortraitObject,
  requireTokenScope,
  requireVisibleMediaObject,
  type Sight,
  sightChangesAt,
  sightOf,
  withholdAdminRight,
} from "./domain/access";
export { issueApiToken, listApiTokens, revokeAnyApiToken } from "./domain/account/api-tokens";
export { type DeletionSummary, deleteAccount } from "./domain/account/deletion";
export { createUser, EmailTakenError, findUserByEmail, type NewUser } from "./domain/account/users";
export { deleteExpiredRecords, RETENTION_DAYS } from "./domain/admin/retention";
export { createMemberAsAdmin } from "./domain/admin/user-management";
export {
  AUDIT_EXPORT_PAGE,
  type AuditFilter,
  type AuditRecordDto,
  auditFilterInput,
  auditRecords,
  listAudit,
} from "./domain/audit/list";
export { type AuditActor, operatorActor } from "./domain/audit/record";
export {
  buildDataExport,
  type DataExportDto,
  dataExportZip,
  exportedMember,
  openDataExport,
  recordCommandLineExport,
  removeExpiredDataExports,
} from "./domain/data-export";
export { sendEventReminder } from "./domain/events/reminders";
export { mailImageKeys } from "./domain/group-mail/images";
export { sendScheduledGroupMail } from "./domain/group-mail/scheduled-mail";
export { PENDING_MEDIA_TTL_MS, sweepPendingMedia } from "./domain/media/create";
export { deleteStoredObjects } from "./domain/media/delete";
export { downloadName, eventDownloadList } from "./domain/media/download";
export { type MediaDto, mediaUrl } from "./domain/media/dto";
export { type IncomingFile, ingestMediaFile } from "./domain/media/ingest";
export { storedObjectsZip, type ZipEntry } from "./domain/media/stored-zip";
export {
  queueUnplayableVideos,
  retryTranscode,
  type TranscodeDeps,
  transcodeMedia,
} from "./domain/media/transcode";
export { findUnreferencedObjects } from "./domain/media/unreferenced";
export { requireUploadTarget, uploadMedia } from "./domain/media/upload";
export { setPortrait } from "./domain/members/portrait";
export {
  createInvitationCode,
  invitationCodeStatus,
  issueInvitationCode,
  listInvitationCodes,
} from "./domain/membership/invitation-codes";
export { sendDigests } from "./domain/notifications/digest";
export {
  finishOidc,
  OIDC_CALLBACK_PATH,
  type OidcOutcome,
  oidcProvider,
  startOidc,
} from "./domain/ways-in/identities";
export { sendPasswordResetLink } from "./domain/ways-in/password-reset";
export { deliverWebhooks, queueWaitingWebhooks } from "./domain/webhooks/deliver";
export {
  ConfigError,
  type Env,
  loadEnv,
  type OidcSettings,
  oidcSettings,
  type S3Settings,
  s3Settings,
} from "./env";
export {
  DATA_EXPORT_EXPIRED,
  isUnavailable,
  LIVE_STREAMS_FULL,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
  unavailable,
} from "./errors";
export {
  KEPT_ANSWERS,
  type KeptProcedure,
  SHARED_ANSWERS,
  type SharedProcedure,
  SIGHT_TABLES,
  seatsMadeOf,
  sightMadeOf,
  TOLD_BY_EVENT,
  TOLD_BY_ITEM,
  TOLD_BY_MEMBER,
} from "./kept-answers";
export { LIVE_STREAMS_PER_MEMBER, LIVE_STREAMS_PER_SERVER, LIVE_STREAMS_PER_SESSION, LiveChanges } from "./lib/live";
export { operatorSocketPath } from "./operator-socket";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export { DEMO_PASSWORD, DEMO_USERS, type DemoSeedResult, isDatabaseEmpty, seedDemo } from "./seed/demo";
export {
  ANNOUNCEMENTS_PER_EVENT,
  ANNOUNCEMENTS_PER_MEMBER,
  CODE_GUESSES,
  INVITATION_MAILS_PER_MEMBER,
  type LimiterFactory,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_DEVICE,
  LOGIN_PER_IP,
  memoryLimiters,
  PROVIDER_SIGN_INS_PER_IP,
  Quotas,
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  redisLimiters,
  Throttle,
  Throttled,
  type ThrottleRule,
  TOKEN_GUESSES,
  TYPED_ADDRESS_LOOKUPS,
} from "./throttle";
export { fieldErrorsOf, firstMessage, type ProcedureAccess, type ProcedureMeta, procedureAccess } from "./trpc";
