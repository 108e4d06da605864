import {
  ANNOUNCEMENTS_PER_EVENT,
  ANNOUNCEMENTS_PER_MEMBER,
  API_TOKEN_CALLS,
  CODE_GUESSES,
  CONVERSATIONS_PER_MEMBER,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENT_ANSWER_MAX_BYTES,
  INVITATION_MAILS_PER_MEMBER,
  LIVE_STREAMS_PER_MEMBER,
  LIVE_STREAMS_PER_SERVER,
  LIVE_STREAMS_PER_SESSION,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_DEVICE,
  LOGIN_PER_IP,
  MESSAGES_PER_MEMBER,
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  RETRY_KEYS_PER_MEMBER,
  type ThrottleRule,
  TOKEN_GUESSES,
  TYPED_ADDRESS_LOOKUPS,
  WEBHOOK_PINGS,
} from "@club/api";
import { COMMENTS_PAGE_MAX, LIST_MAX } from "@club/shared";
import { JSON_BODY_LIMIT_BYTES, TRPC_MAX_BATCH } from "../request-limits";
import { EVENTS_LIST_MAX } from "../rest/events";
import { MEDIA_LIST_MAX } from "../rest/media";
import { MAX_UNFINISHED_UPLOADS, maxUnfinishedBytes } from "../uploads/resumable";

/** One limit a caller meets, in words, with the number as this server applies it. */
export interface Limit {
  what: string;
  limit: string;
  /** What the server answers past it. */
  beyond: string;
}

const minutes = (rule: ThrottleRule) => rule.windowMs / 60_000;
const perWindow = (rule: ThrottleRule, unit: string) =>
  `${rule.max} ${unit} per ${minutes(rule) === 1 ? "minute" : `${minutes(rule)} minutes`}`;
const THROTTLED = "429 with Retry-After (seconds)";
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toLocaleString("en-US")} MB`;
const n = (value: number) => value.toLocaleString("en-US");

/**
 * The limits of this server, from the constants and the configuration the server runs with: the
 * OpenAPI document's descriptions and the table in docs/operating.md are both made from this list.
 */
export function limitsOf(config: { maxUploadBytes: number; maxVideoSeconds: number }): Limit[] {
  const videoMinutes = config.maxVideoSeconds / 60;
  return [
    { what: "Sign-in, wrong passwords from one address", limit: perWindow(LOGIN_PER_IP, "tries"), beyond: THROTTLED },
    {
      what: "Sign-in, wrong passwords for one account (any address)",
      limit: perWindow(LOGIN_PER_ACCOUNT, "tries"),
      beyond: `${THROTTLED}; a password reset clears it`,
    },
    {
      what: "Sign-in, wrong passwords from a device that signed in before",
      limit: perWindow(LOGIN_PER_DEVICE, "tries"),
      beyond: `${THROTTLED}; counted instead of the account's`,
    },
    {
      what: "Invitation codes, wrong codes from one address",
      limit: perWindow(CODE_GUESSES, "tries"),
      beyond: THROTTLED,
    },
    {
      what: "One-time tokens (registration, password reset, event invitation), wrong tokens from one address",
      limit: perWindow(TOKEN_GUESSES, "tries"),
      beyond: THROTTLED,
    },
    {
      what: "Password-reset requests",
      limit: `${perWindow(RESET_REQUESTS_PER_IP, "per address")}; ${perWindow(RESET_REQUESTS_PER_EMAIL, "per e-mail")}`,
      beyond: THROTTLED,
    },
    {
      what: "Event invitations mailed by one member (admins: no limit; those going or invited already are not counted)",
      limit: perWindow(INVITATION_MAILS_PER_MEMBER, "mails"),
      beyond: `${THROTTLED}; nothing is sent, and the message says how many are left`,
    },
    {
      what: "Addresses typed in full in the invitation picker, per member",
      limit: perWindow(TYPED_ADDRESS_LOOKUPS, "look-ups"),
      beyond: THROTTLED,
    },
    {
      what: "Event announcements",
      limit: `${perWindow(ANNOUNCEMENTS_PER_EVENT, "per event")}; ${perWindow(ANNOUNCEMENTS_PER_MEMBER, "per member (admins: no limit)")}`,
      beyond: THROTTLED,
    },
    {
      what: "Messages: new conversations, and messages written",
      limit: `${perWindow(CONVERSATIONS_PER_MEMBER, "new conversations per member")}; ${perWindow(MESSAGES_PER_MEMBER, "messages per member")}`,
      beyond: THROTTLED,
    },
    {
      what: "Calls made with one API token (each procedure a request calls, a batch's each)",
      limit: perWindow(API_TOKEN_CALLS, "calls"),
      beyond: `${THROTTLED}, before the call does anything; \`@club/client\` waits and tries again by itself`,
    },
    {
      what: "Test messages to one webhook (Send a test message, `club webhook ping`)",
      limit: perWindow(WEBHOOK_PINGS, "messages"),
      beyond: THROTTLED,
    },
    {
      what: "Upload size (photo or video, `MAX_UPLOAD_MB`)",
      limit: `${mb(config.maxUploadBytes)} per file`,
      beyond: "413 with a message",
    },
    { what: "Video length (`MAX_VIDEO_MINUTES`)", limit: `${n(videoMinutes)} minutes`, beyond: "4xx with a message" },
    {
      what: "Unfinished resumable uploads (`/uploads`) per member",
      limit: `${MAX_UNFINISHED_UPLOADS} uploads, ${mb(maxUnfinishedBytes(config.maxUploadBytes))} declared in all`,
      beyond: "429 (too many) or 413 (too many bytes) with a message",
    },
    {
      what: "Live streams (`notifications.live`, `comments.live`) per session",
      limit: `${n(LIVE_STREAMS_PER_SESSION)} of each`,
      beyond: "a new one ends the session's oldest",
    },
    {
      what: "Live streams per member, all her sessions and API tokens together",
      limit: `${n(LIVE_STREAMS_PER_MEMBER)} of each`,
      beyond: "a new one ends her oldest",
    },
    {
      what: "Live streams on one server, all members' together",
      limit: n(LIVE_STREAMS_PER_SERVER),
      beyond: "503 with Retry-After (seconds) and a message",
    },
    { what: "JSON request body", limit: mb(JSON_BODY_LIMIT_BYTES), beyond: "413 with a message" },
    {
      what: "`Idempotency-Key` on the REST creates and tRPC mutations: a key, and how long it names its request",
      limit: `1 to 255 visible characters; ${IDEMPOTENCY_KEEP_HOURS} hours; answers up to ${n(IDEMPOTENT_ANSWER_MAX_BYTES / 1024)} KB are kept for the retries`,
      beyond:
        "400 (a bad key), 422 (the key sent with another request), 409 with Retry-After (the first still being handled)",
    },
    {
      what: "`Idempotency-Key`s a member sends (REST creates and tRPC mutations together)",
      limit: perWindow(RETRY_KEYS_PER_MEMBER, "keys"),
      beyond: THROTTLED,
    },
    { what: "Procedures in one tRPC batch", limit: n(TRPC_MAX_BATCH), beyond: "400" },
    {
      what: "`GET /api/users`, `GET /api/applications`",
      limit: `${n(LIST_MAX)} per answer`,
      beyond: 'the rest through `Link: <…?offset=…>; rel="next"`',
    },
    {
      what: "`GET /api/events`",
      limit: `${n(EVENTS_LIST_MAX)} per answer`,
      beyond: 'the rest through `Link: <…?cursor=…>; rel="next"`',
    },
    {
      what: "`GET /api/media`",
      limit: `${n(MEDIA_LIST_MAX)} per answer`,
      beyond: 'the rest through `Link: <…&cursor=…>; rel="next"`',
    },
    {
      what: "`GET /api/comments`",
      limit: `${n(COMMENTS_PAGE_MAX)} per answer`,
      beyond: 'the rest through `Link: <…&cursor=…>; rel="next"`',
    },
  ];
}

/** The limits as a Markdown table (docs/operating.md's, and the document's description). */
export function limitsTable(limits: Limit[]): string {
  const rows = limits.map((l) => `| ${l.what} | ${l.limit} | ${l.beyond} |`);
  return ["| what | limit | past it |", "|---|---|---|", ...rows].join("\n");
}
