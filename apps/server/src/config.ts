import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Env, loadEnv, type OidcSettings, oidcSettings, type S3Settings, s3Settings } from "@club/api";
import type { DeletedMemberContent } from "@club/shared";

/**
 * Everything buildApp needs: the environment read once (`configFromEnv`), or a test's or a
 * benchmark's (`configWith`, the same defaults with its own values). A setting with a default is
 * required here, so the default lives in one place, the environment's schema (`loadEnv`); only
 * what may really be absent is optional.
 */
export interface AppConfig {
  port: number;
  host: string;
  appOrigin: string;
  tempPassword: string;
  /** A deleted member's comments and uploads: anonymise (kept, "Former member") or remove. */
  deletedMemberContent: DeletedMemberContent;
  timeZone: string;
  /** Hours before an event its participants get a reminder; 0 sends none. */
  reminderHours: number;
  databaseUrl?: string | undefined;
  /** Connections to Postgres at most (DATABASE_POOL_SIZE); absent: `@club/db`'s default. */
  databasePoolSize?: number | undefined;
  dataDir: string;
  smtpUrl?: string | undefined;
  mailFrom: string;
  redisUrl?: string | undefined;
  logLevel: string;
  /** MinIO (S3 API) for media; absent means files under dataDir/media. */
  s3?: S3Settings | undefined;
  maxUploadBytes: number;
  /** The longest video a member may upload (MAX_VIDEO_MINUTES; default 30 minutes). */
  maxVideoSeconds: number;
  /** Keep a video's file as uploaded beside its playable version (default true). */
  keepVideoOriginals: boolean;
  /** Proxies whose X-Forwarded-For is believed: none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** Days a delivered message's body is kept in the outbox. */
  mailKeepDays: number;
  /** How long requests in flight may take to finish when the server is stopped. */
  shutdownGraceMs: number;
  /** How long a session read from the database is kept at most (SESSION_CACHE_SECONDS; default 5 s; 0: never). */
  sessionCacheMs: number;
  /** How long a list's or read's answer is kept at most (ANSWER_CACHE_SECONDS; default 60 s; 0: never). */
  answerCacheMs: number;
  /** The bearer token Prometheus presents at /metrics; absent: no metrics are served. */
  metricsToken?: string | undefined;
  /** The OpenID Connect provider members may sign in with (OIDC_*); absent: none. */
  oidc?: OidcSettings | undefined;
  /** The unsubscribe links' keys (UNSUBSCRIBE_SECRET; first signs, all verify); absent: one kept in the database. */
  unsubscribeSecrets?: string[] | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may post inside the server's network and over http. */
  webhookAllowPrivate: boolean;
  /** The built SPA; absent when the web app has not been built (API only). */
  webDist?: string | undefined;
}

/** The web build sits at apps/web/dist, beside both the server's source and its bundle. */
function findWebDist(): string | undefined {
  const candidate = fileURLToPath(new URL("../../web/dist", import.meta.url));
  return existsSync(join(candidate, "index.html")) ? candidate : undefined;
}

export function configFromEnv(env: Env): AppConfig {
  return {
    port: env.PORT,
    host: env.HOST,
    appOrigin: env.APP_ORIGIN,
    tempPassword: env.TEMP_PASSWORD,
    deletedMemberContent: env.DELETED_MEMBER_CONTENT,
    timeZone: env.CLUB_TIME_ZONE,
    reminderHours: env.EVENT_REMINDER_HOURS,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: env.DATA_DIR,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    s3: s3Settings(env),
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    maxVideoSeconds: env.MAX_VIDEO_MINUTES * 60,
    keepVideoOriginals: env.KEEP_VIDEO_ORIGINALS,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    mailKeepDays: env.MAIL_KEEP_DAYS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    answerCacheMs: env.ANSWER_CACHE_SECONDS * 1000,
    oidc: oidcSettings(env),
    unsubscribeSecrets: env.UNSUBSCRIBE_SECRET,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    webDist: env.WEB_DIST ?? findWebDist(),
  };
}

/**
 * A configuration for a server started by a test or a benchmark: the environment's defaults (as a
 * server started with no variables has them, but on this machine's loopback and a free port,
 * silent), with `values` over them.
 */
export function configWith(values: Partial<AppConfig> & Pick<AppConfig, "dataDir">): AppConfig {
  const defaults = configFromEnv(loadEnv({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }));
  return { ...defaults, webDist: undefined, ...values };
}
