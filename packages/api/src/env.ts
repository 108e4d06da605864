import { isIP } from "node:net";
import { resolve } from "node:path";
import { DEFAULT_CLUB_TIME_ZONE, deletedMemberContents } from "@club/shared";
import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    });

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (v: string) => {
  const [address = "", prefix, ...rest] = v.split("/");
  return (
    PROXY_NAMES.includes(v) ||
    (isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix)))
  );
};

/**
 * Which proxies may name the client's address in X-Forwarded-For: none (the default), the number of
 * proxies in front of the server, or their addresses. Never "any": a client could then pick the
 * address that sign-in throttling counts, and start afresh with every request.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (!v || v === "false" || v === "0") return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (v === "true" || v === "*") {
      ctx.addIssue({
        code: "custom",
        message:
          "must not trust every client; give the number of proxies in front of the server (e.g. 1) or their addresses",
      });
      return z.NEVER;
    }
    const list = v.split(",").map((s) => s.trim());
    if (!list.every(isProxyAddress)) {
      ctx.addIssue({
        code: "custom",
        message: "must be a number of proxies, or addresses and ranges such as 10.0.0.1,10.0.0.0/8, or loopback",
      });
      return z.NEVER;
    }
    return list;
  });

export const DEFAULT_MAX_VIDEO_MINUTES = 30;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** An issuer the client may talk to: https, or plain http to a provider on this machine. */
function isIssuerUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default(".data"),
  APP_ORIGIN: z
    .string()
    .trim()
    .default("http://localhost:3000")
    .refine((v) => /^https?:\/\/[^/]+$/.test(v), {
      message: "must be an origin like https://club.example.com (no path)",
    }),
  DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
  /** Connections a server opens to Postgres at most; unset: twice the host's cores, at least 4 (`@club/db`). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: z.string().trim().min(3).default("Club <no-reply@club.local>"),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  TEMP_PASSWORD: z
    .string()
    .min(6, "must be at least 6 characters")
    .max(30, "must be at most 30 characters")
    .default("Welcome2Club!"),
  /** A deleted member's comments, uploads and messages: kept as a "Former member"'s (default) or removed with her. */
  DELETED_MEMBER_CONTENT: z.enum(deletedMemberContents, { error: "must be anonymise or remove" }).default("anonymise"),
  CLUB_TIME_ZONE: z
    .string()
    .trim()
    .default(DEFAULT_CLUB_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Europe/Paris"),
  S3_ENDPOINT: optionalUrl(["http://", "https://"]),
  S3_ACCESS_KEY: z.string().trim().optional(),
  S3_SECRET_KEY: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().default("club-media"),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(10_240).default(500),
  /**
   * The longest video a member may upload. Its conversion may run ten minutes plus three times its
   * length, and never more than two hours (conversionTimeoutMs): hence at most 120.
   */
  MAX_VIDEO_MINUTES: z.coerce
    .number()
    .int("must be a whole number of minutes")
    .min(1)
    .max(120)
    .default(DEFAULT_MAX_VIDEO_MINUTES),
  /** Whether a video's file as uploaded is kept beside the version every browser plays (for download). */
  KEEP_VIDEO_ORIGINALS: z
    .enum(["true", "false", "1", "0", "yes", "no"], "must be true or false")
    .default("true")
    .transform((v) => ["true", "1", "yes"].includes(v)),
  TRUST_PROXY: trustProxy,
  /**
   * Whether webhooks may post to addresses inside the server's network (loopback, private,
   * link-local) and over plain http: for a receiver beside the server. Off, only public https.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0", "yes", "no"], "must be true or false")
    .default("false")
    .transform((v) => ["true", "1", "yes"].includes(v)),
  MAIL_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Hours before an event its participants are e-mailed a reminder; 0 sends none. */
  EVENT_REMINDER_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(24),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  /** How long a server keeps a session it read, at most (changes are told at once); 0 keeps none. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * How long a server keeps a list's or read's answer, at most: changes are told at once, and what
   * time alone changes (a deadline, the day) is not kept past it. 0 keeps none.
   */
  ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().trim().optional(),
  /**
   * The OpenID Connect provider members may sign in with (docs/decisions/README.md, "Signing in with an
   * identity provider"): its issuer, this club's client at it, and the button's words. https, or
   * http on this machine only (a provider beside the tests).
   */
  OIDC_ISSUER: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIssuerUrl(v), {
      message: "must be an https:// URL (http:// only for localhost), such as https://accounts.google.com",
    }),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().trim().optional(),
  OIDC_LABEL: z.string().trim().max(40, "must be at most 40 characters").optional(),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  /**
   * The keys of the unsubscribe links in bulk mail, comma-separated: the first signs, all verify
   * (add a new one in front to rotate; drop the old one later). Absent: a key kept in the database.
   */
  UNSUBSCRIBE_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()) : undefined))
    .refine((v) => v === undefined || v.every((s) => s.length >= 32), {
      message: "must be one or more secrets of at least 32 characters, separated by commas",
    }),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** MinIO's settings; undefined keeps media in files under DATA_DIR. Keys missing stop the start. */
export function s3Settings(env: Env): S3Settings | undefined {
  const { S3_ENDPOINT: endpoint, S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: secretKey, S3_BUCKET: bucket } = env;
  if (!endpoint) return undefined;
  if (accessKey && secretKey) return { endpoint, accessKey, secretKey, bucket };
  const missing = (["S3_ACCESS_KEY", "S3_SECRET_KEY"] as const).filter((k) => !env[k]);
  throw new ConfigError(
    `Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_ENDPOINT is set`).join("\n")}`,
  );
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the button: "Sign in with {label}". */
  label: string;
}

const OIDC_REQUIRED = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/**
 * The identity provider's settings; undefined when none is configured (the button is hidden).
 * Its issuer, client id and secret go together: a partial set stops the start rather than leave
 * a button that cannot work. The label defaults to the issuer's host name.
 */
export function oidcSettings(env: Env): OidcSettings | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, OIDC_LABEL: label } = env;
  if (issuer && clientId && clientSecret) {
    return { issuer, clientId, clientSecret, label: label || new URL(issuer).hostname };
  }
  if (!issuer && !clientId && !clientSecret && !label) return undefined;
  const missing = OIDC_REQUIRED.filter((k) => !env[k]);
  throw new ConfigError(
    `Invalid configuration:\n${missing
      .map((k) => `  ${k}: required when any of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL is set`)
      .join("\n")}`,
  );
}

/** Reads the configuration; a wrong value stops the start with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  s3Settings(result.data);
  oidcSettings(result.data);
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}
