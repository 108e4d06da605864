import { resolve } from "node:path";
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
  SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
  MAIL_FROM: z.string().trim().min(3).default("Club <no-reply@club.local>"),
  REDIS_URL: optionalUrl(["redis://", "rediss://"]),
  TEMP_PASSWORD: z
    .string()
    .min(6, "must be at least 6 characters")
    .max(30, "must be at most 30 characters")
    .default("Welcome2Club!"),
  CLUB_TIME_ZONE: z
    .string()
    .trim()
    .default("America/New_York")
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().trim().optional(),
});

export type Env = z.infer<typeof envSchema>;

function checkS3(env: Env): string[] {
  if (!env.S3_ENDPOINT) return [];
  return (["S3_ACCESS_KEY", "S3_SECRET_KEY"] as const)
    .filter((k) => !env[k])
    .map((k) => `  ${k}: required when S3_ENDPOINT is set`);
}

export class ConfigError extends Error {}

/** Reads the configuration; a wrong value stops the start with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const s3Problems = checkS3(result.data);
  if (s3Problems.length) throw new ConfigError(`Invalid configuration:\n${s3Problems.join("\n")}`);
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}
