import type { ApiTokenScope, SessionUser, SignInMethod, ValidSession } from "@club/auth";
import type { Db } from "@club/db";
import type { JobSender } from "@club/jobs";
import type { DeletedMemberContent } from "@club/shared";
import type { MediaStore } from "@club/storage";
import { type Env, type OidcSettings, oidcSettings } from "./env";
import type { LiveChanges } from "./lib/live";
import type { Quotas, Throttle } from "./throttle";

export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface ApiConfig {
  appOrigin: string;
  /** The password admins reset members to (TEMP_PASSWORD). */
  tempPassword: string;
  /**
   * What becomes of a deleted member's comments and uploads (DELETED_MEMBER_CONTENT): kept as a
   * "Former member"'s, or removed.
   */
  deletedMemberContent: DeletedMemberContent;
  /** The club's time zone: event dates and times are wall-clock times there. */
  timeZone: string;
  /** Whether mail leaves the server (SMTP) or is only kept in the outbox (the embedded default). */
  mailDelivery: "smtp" | "capture";
  /** Hours before an event its participants get a reminder (EVENT_REMINDER_HOURS; 0: none). */
  reminderHours: number;
  /** The longest video a member may upload (MAX_VIDEO_MINUTES); absent: any length (the CLI). */
  maxVideoSeconds?: number | undefined;
  /** Where work files go while a file is processed (the server's DATA_DIR/tmp); absent: the OS's temporary folder. */
  tmpDir?: string | undefined;
  /** The OpenID Connect provider members may sign in with (OIDC_*); absent: none, the button is hidden. */
  oidc?: OidcSettings | undefined;
  /** The unsubscribe links' keys (UNSUBSCRIBE_SECRET; first signs, all verify); absent: one kept in the database. */
  unsubscribeSecrets?: string[] | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may post inside the server's network and over http. */
  webhookAllowPrivate: boolean;
}

/** How procedures reach the HTTP request's and response's cookies without knowing the HTTP server. */
export interface SessionCookies {
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  /** The request's device cookie (set by an earlier sign-in in this browser), if any. */
  device(): string | undefined;
  setDevice(value: string, expiresAt: Date): void;
  /**
   * The state of a sign-in started at the identity provider, kept in this browser until it comes
   * back (docs/decisions/README.md, "Signing in with an identity provider"): a callback is taken only in
   * the browser that started it.
   */
  setOidcState(state: string, expiresAt: Date): void;
  oidcState(): string | undefined;
  clearOidcState(): void;
}

/**
 * The session a call is made in: a browser's (signed in with a password, a passkey or the identity
 * provider), an API token's (as strong as the sign-in that made it), or the command line's on the
 * server's own machine, which holds the database itself and is beyond any sign-in rule.
 */
export type CallerSession = Omit<ValidSession["session"], "method"> & { method: SignInMethod | "command line" };

/** For callers that are not a browser (the CLI, the operator socket, scripts): no cookies. */
export const noCookies: SessionCookies = {
  setSession() {},
  clearSession() {},
  device: () => undefined,
  setDevice() {},
  setOidcState() {},
  oidcState: () => undefined,
  clearOidcState() {},
};

/** A request made with a personal API token: which token, and what it may do (the access module's `requireTokenScope`). */
export interface TokenGrant {
  id: string;
  scope: ApiTokenScope;
}

/**
 * The invite-only events a member sees through her own rows (her events, seats, places on a
 * waitlist and invitations), by id, sorted: with every open one, all she may see (`sightOf`).
 * Members of one sight see the same events, and a kept answer made from a sight rather than from
 * her id is theirs to share (docs/decisions/answers-shared-by-members-who-see-the-same.md).
 */
export type Sight = readonly string[];

/** The member a request is made for; with her sight (above) when her answer may be shared. */
export type ContextUser = SessionUser & { sight?: Sight | undefined };

export interface ApiContext {
  db: Db;
  config: ApiConfig;
  session: CallerSession | null;
  user: ContextUser | null;
  /**
   * Says that this request's answer reads her id beyond what it shows (her own events, say), so it
   * is kept for her alone and not shared with the members of her sight. Absent where nothing is kept.
   */
  answerIsPersonal?: (() => void) | undefined;
  /**
   * Says that this request's answer reads the comments (and their likes) of this item alone, so a
   * change to another item's comments leaves it kept (TOLD_BY_ITEM). Absent where nothing is kept.
   */
  answerReadsCommentsOf?: ((itemId: string) => void) | undefined;
  /**
   * Says that this request's answer reads the seats and waiting places of these events alone (the
   * events on a page of the list), so an RSVP to another event leaves it kept (TOLD_BY_EVENT).
   * Absent where nothing is kept.
   */
  answerReadsSeatsOf?: ((eventIds: readonly string[]) => void) | undefined;
  /**
   * Says that this request's answer changes by itself at this instant, with nothing written: the
   * day "upcoming" starts from ends, an RSVP deadline passes. A kept answer is kept no later.
   * Absent where nothing is kept.
   */
  answerChangesAt?: ((instant: Date) => void) | undefined;
  /**
   * An admin's right the club's sign-in rule withholds for this request (she signed in with a
   * password alone): `user.admin` is false, and the admin tools say why (access/admin-sign-in.ts).
   */
  adminWithheld: boolean;
  /** Set when the caller presented an API token; null for a browser's session, the command line and visitors. */
  apiToken: TokenGrant | null;
  /** Why the API token the caller sent was not taken (expired, or not valid): what a 401 says. */
  tokenRefused: string | null;
  cookies: SessionCookies;
  log: Logger;
  requestId: string;
  /** The client's address (behind a proxy, from X-Forwarded-For). */
  ip: string;
  /** The browser's User-Agent header, when the caller sent one. */
  userAgent: string | null;
  throttle: Throttle;
  store: MediaStore;
  /** Background work: sent in the transaction of the change that causes it, run by the server. */
  jobs: JobSender;
  /** The server's live streams' wake-up calls (absent on the command line and in most tests). */
  live?: LiveChanges | undefined;
}

/** What a context is built from that lives as long as the server (or the command line) does. */
export interface ContextDeps {
  db: Db;
  config: ApiConfig;
  throttle: Throttle;
  store: MediaStore;
  jobs: JobSender;
  live?: LiveChanges | undefined;
}

/** Who is calling, and how to answer her: what changes with each request. */
export interface Caller {
  user: ContextUser | null;
  /** See ApiContext. */
  answerIsPersonal?: (() => void) | undefined;
  /** See ApiContext. */
  answerReadsCommentsOf?: ((itemId: string) => void) | undefined;
  /** See ApiContext. */
  answerReadsSeatsOf?: ((eventIds: readonly string[]) => void) | undefined;
  /** See ApiContext. */
  answerChangesAt?: ((instant: Date) => void) | undefined;
  session: CallerSession | null;
  /** The API token the request was made with, if any. */
  apiToken?: TokenGrant | null;
  /** Why the API token it sent was not taken, if it sent one that was not. */
  tokenRefused?: string | null | undefined;
  /** Whether the club's sign-in rule withheld her admin right (see ApiContext). */
  adminWithheld?: boolean | undefined;
  log: Logger;
  requestId: string;
  ip: string;
  userAgent?: string | null | undefined;
  /** A browser's cookies; other callers have none. */
  cookies?: SessionCookies;
  /** Where an HTTP request's throttles tell their quotas (its RateLimit headers); none elsewhere. */
  quotas?: Quotas | undefined;
}

/**
 * The one way a procedure's context is made: by the HTTP server for each request, by the operator
 * socket, by the command line on the database, and by tests and benchmarks.
 */
export function createApiContext(deps: ContextDeps, caller: Caller): ApiContext {
  return {
    db: deps.db,
    config: deps.config,
    throttle: caller.quotas ? deps.throttle.reportingTo(caller.quotas) : deps.throttle,
    store: deps.store,
    jobs: deps.jobs,
    live: deps.live,
    session: caller.session,
    user: caller.user,
    answerIsPersonal: caller.answerIsPersonal,
    answerReadsCommentsOf: caller.answerReadsCommentsOf,
    answerReadsSeatsOf: caller.answerReadsSeatsOf,
    answerChangesAt: caller.answerChangesAt,
    apiToken: caller.apiToken ?? null,
    tokenRefused: caller.tokenRefused ?? null,
    adminWithheld: caller.adminWithheld ?? false,
    cookies: caller.cookies ?? noCookies,
    log: caller.log,
    requestId: caller.requestId,
    ip: caller.ip,
    userAgent: caller.userAgent ?? null,
  };
}

/**
 * The procedures' configuration as the environment gives it, every default the schema's: what the
 * command line runs procedures with (the server makes its own from its AppConfig, which a test may
 * set). Absent here: the longest video (the command line takes any length) and the work folder
 * (the system's temporary one).
 */
export function apiConfigFromEnv(env: Env): ApiConfig {
  return {
    appOrigin: env.APP_ORIGIN,
    tempPassword: env.TEMP_PASSWORD,
    deletedMemberContent: env.DELETED_MEMBER_CONTENT,
    timeZone: env.CLUB_TIME_ZONE,
    mailDelivery: env.SMTP_URL ? "smtp" : "capture",
    reminderHours: env.EVENT_REMINDER_HOURS,
    oidc: oidcSettings(env),
    // Mail queued by the command line carries unsubscribe links the server must accept: the same keys.
    unsubscribeSecrets: env.UNSUBSCRIBE_SECRET,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
  };
}
