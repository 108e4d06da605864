export {
  type ApiConfig,
  type ApiContext,
  apiConfigFromEnv,
  type Caller,
  type ContextDeps,
  createApiContext,
  type Logger,
  type SessionCookies,
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
export { deleteAccount } from "./domain/account/deletion";
export { createUser, findUserByEmail, type NewUser } from "./domain/account/users";
export { RETENTION_DAYS } from "./domain/admin/retention";
export { createMemberAsAdmin } from "./domain/admin/user-management";
export { AUDIT_EXPORT_PAGE, type AuditRecordDto, auditRecords, listAudit } from "./domain/audit/list";
export { operatorActor } from "./domain/audit/record";
export { dataExportZip, exportedMember, openDataExport, recordCommandLineExport } from "./domain/data-export";
export { mailImageKeys } from "./domain/group-mail/images";
export {
  claimIdempotencyKey,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENCY_KEY,
  IDEMPOTENT_ANSWER_MAX_BYTES,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
} from "./domain/idempotency/requests";
export { downloadName, eventDownloadList } from "./domain/media/download";
export type { MediaDto } from "./domain/media/dto";
export { ingestMediaFile } from "./domain/media/ingest";
export { storedObjectsZip, type ZipEntry } from "./domain/media/stored-zip";
export { requireUploadTarget, uploadMedia } from "./domain/media/upload";
export { setPortrait } from "./domain/members/portrait";
export { createInvitationCode, issueInvitationCode, listInvitationCodes } from "./domain/membership/invitation-codes";
export type { LedgerRow } from "./domain/travel/ledger";
export { finishOidc, OIDC_CALLBACK_PATH, type OidcOutcome, startOidc } from "./domain/ways-in/identities";
export { ConfigError, type Env, loadEnv, type OidcSettings, oidcSettings, type S3Settings, s3Settings } from "./env";
export { isUnavailable, LIVE_STREAMS_FULL, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, unavailable } from "./errors";
export {
  HER_ROW_TOLD,
  KEPT_ANSWERS,
  type KeptProcedure,
  SHARED_ANSWERS,
  type SharedProcedure,
  seatsMadeOf,
  sightMadeOf,
  TOLD_BY_ITEM,
} from "./kept-answers";
export { LIVE_STREAMS_PER_MEMBER, LIVE_STREAMS_PER_SERVER, LIVE_STREAMS_PER_SESSION, LiveChanges } from "./lib/live";
export { operatorSocketPath } from "./operator-socket";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./root";
export { type DemoSeedResult, isDatabaseEmpty, seedDemo } from "./seed/demo";
export {
  ANNOUNCEMENTS_PER_EVENT,
  ANNOUNCEMENTS_PER_MEMBER,
  API_TOKEN_CALLS,
  CODE_GUESSES,
  CONVERSATIONS_PER_MEMBER,
  INVITATION_MAILS_PER_MEMBER,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_DEVICE,
  LOGIN_PER_IP,
  MESSAGES_PER_MEMBER,
  memoryLimiters,
  PROVIDER_SIGN_INS_PER_IP,
  Quotas,
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  RETRY_KEYS_PER_MEMBER,
  redisLimiters,
  Throttle,
  Throttled,
  type ThrottleRule,
  TOKEN_GUESSES,
  TYPED_ADDRESS_LOOKUPS,
  WEBHOOK_PINGS,
} from "./throttle";
export { fieldErrorsOf, firstMessage, type ProcedureAccess, type ProcedureMeta, procedureAccess } from "./trpc";
