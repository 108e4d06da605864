import type { ApiTokenScope, AuditKind } from "./enums";
import { formatMoney } from "./format";
import { recipientGroups } from "./schemas/membership";

/**
 * The audit log in words (Admin Panel → Audit log, the CSV's "sentence" column, `club audit`): one
 * sentence per kind, from what the record keeps (ids, e-mails at the time, the detail) and the
 * names the log joins as it is read. A member deleted since has no name: the e-mail the record
 * kept stands for her. The table is a Record over every kind, so a kind added without its
 * sentence does not compile.
 */

/** A record as the sentences read it: the stored columns and the names joined at read time. */
export interface AuditRecordWords {
  kind: string;
  actorId: string | null;
  actorEmail: string | null;
  actorName?: string | null | undefined;
  targetId: string | null;
  targetEmail: string | null;
  targetName?: string | null | undefined;
  /** The member whose event or upload it was (event.deleted, media.deleted). */
  ownerName?: string | null | undefined;
  ip: string | null;
  detail: Record<string, unknown>;
}

export interface AuditWordsOptions {
  /** A moment the detail names (a scheduled send, an expiry), in the reader's zone; UTC by default. */
  moment?: (at: Date) => string;
}

/** The command line's actor (`club …` on the server's machine): it has an e-mail and no id. */
export const OPERATOR_EMAIL = "operator@localhost";

type Words = (r: AuditRecordWords, o: Required<AuditWordsOptions>) => string;

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const quoted = (v: unknown, fallback: string) => {
  const t = text(v);
  return t ? `“${t}”` : fallback;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const possessive = (name: string) => (name.endsWith("s") ? `${name}’` : `${name}’s`);

/** Who acted: her name, else the operator, else the e-mail kept (a member deleted since), else someone unknown. */
function actor(r: AuditRecordWords): string {
  if (r.actorName) return r.actorName;
  if (!r.actorId && r.actorEmail === OPERATOR_EMAIL) return "The operator (command line)";
  if (r.actorId && r.actorEmail) return `A deleted member (${r.actorEmail})`;
  return r.actorEmail ?? "Someone";
}

/** The member acted upon: her name, else the e-mail kept. */
function target(r: AuditRecordWords): string {
  if (r.targetName) return r.targetName;
  if (r.targetEmail) return r.targetId ? `a deleted member (${r.targetEmail})` : r.targetEmail;
  return "a member no longer known";
}

/** The same member on both sides (her own passkey, her own sign-in). */
const self = (r: AuditRecordWords) => Boolean(r.actorId && r.actorId === r.targetId);
/** "their data" when she acts on her own account, else "Fiona Founding’s data" (or "the data of a deleted member (…)"). */
const whose = (r: AuditRecordWords, noun: string) => (self(r) ? `their ${noun}` : targets(r, noun));
/** "Fiona Founding’s type", or "the type of a deleted member (…)" where there is no name to put it on. */
const targets = (r: AuditRecordWords, noun: string) =>
  r.targetName ? `${possessive(r.targetName)} ${noun}` : `the ${noun} of ${target(r)}`;
/** "" when she acts on her own account, else " of Fiona Founding". */
const ofWhom = (r: AuditRecordWords) => (self(r) ? "" : ` of ${target(r)}`);

function when(v: unknown, o: Required<AuditWordsOptions>): string | null {
  const t = text(v);
  if (!t) return null;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? t : o.moment(d);
}

/** A calendar day ("2026-06-15") as "June 15, 2026", the same in every zone. */
function day(v: unknown): string | null {
  const t = text(v);
  if (!t || !/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${t}T00:00:00Z`));
}

/** A stay as the log names it: "Ana Guest’s stay at “Garden flat”, July 10, 2031 to July 14, 2031 (4 nights)". */
function stayOf(r: AuditRecordWords, what = "stay"): string {
  const guest = text(r.detail.guest) ?? r.targetEmail ?? "a member";
  const whose = r.actorId && r.detail.guestId === r.actorId ? "their" : possessive(guest);
  return `${whose} ${what} at ${quoted(r.detail.home, "a home")}${stayDates(r)}`;
}
/** ", July 10, 2031 to July 14, 2031 (4 nights)", or nothing when the record kept no dates. */
function stayDates(r: AuditRecordWords): string {
  const from = day(r.detail.arrive);
  const to = day(r.detail.depart);
  const nights = num(r.detail.nights);
  return from && to ? `, ${from} to ${to}${nights === null ? "" : ` (${plural(nights, "night")})`}` : "";
}
const amount = (v: unknown) => formatMoney((num(v) ?? 0) / 100);
/** The reason as the member gave it, its last stop left to the sentence's own. */
const because = (r: AuditRecordWords) => {
  const reason = text(r.detail.reason)?.replace(/[.!?\s]+$/, "");
  return reason ? `: ${reason}` : "";
};

const groupLabel = (v: unknown) => recipientGroups.find((g) => g.value === v)?.label ?? text(v) ?? "a group";
const recipients = (v: unknown) => {
  const n = num(v);
  return n === null ? "" : ` to ${plural(n, "member")}`;
};

function bytes(v: unknown): string {
  const n = num(v);
  if (n === null) return "";
  if (n < 1024) return ` (${plural(n, "byte")})`;
  if (n < 1024 * 1024) return ` (${Math.round(n / 1024)} KB)`;
  return ` (${(n / 1024 / 1024).toFixed(1)} MB)`;
}

function host(issuer: unknown): string {
  const t = text(issuer);
  if (!t) return "the identity provider";
  try {
    return new URL(t).host;
  } catch {
    return t;
  }
}

const METHODS: Record<string, string> = {
  password: "with a password",
  passkey: "with a passkey",
  oidc: "through the identity provider",
};

const SETTINGS: Record<string, { label: string; values: Record<string, string> }> = {
  adminSignIn: {
    label: "how admins sign in",
    values: { any: "any way", "passkey-or-provider": "a passkey or the identity provider only" },
  },
  travelDiscounts: { label: "the travel discounts", values: {} },
};

function settingValue(setting: string | null, v: unknown): string {
  if (setting === "travelDiscounts" && v && typeof v === "object") {
    return Object.entries(v)
      .map(([type, percent]) => `${type} ${String(percent)}%`)
      .join(", ");
  }
  const t = typeof v === "string" ? v : v === undefined || v === null ? null : JSON.stringify(v);
  if (t === null) return "its default";
  return (setting && SETTINGS[setting]?.values[t]) ?? `“${t}”`;
}

/** The token's scope as a phrase ("read only", "seeding", "all its owner’s rights"). */
const SCOPES: Record<ApiTokenScope, string> = { read: "read only", seed: "seeding", admin: "all its owner’s rights" };
const scope = (v: unknown) => SCOPES[v as ApiTokenScope] ?? text(v) ?? "unknown scope";
const from = (r: AuditRecordWords) => (r.ip ? ` from ${r.ip}` : "");
const andMore = (r: AuditRecordWords) => (r.ip ? ` (${r.ip})` : "");

export const auditSentenceOf: Record<AuditKind, Words> = {
  "application.accepted": (r) =>
    `${actor(r)} accepted the application of ${text(r.detail.name) ?? "an applicant"}${r.targetEmail ? ` (${r.targetEmail})` : ""}${text(r.detail.membershipType) ? ` as a ${r.detail.membershipType} member` : ""}`,
  "application.rejected": (r) =>
    `${actor(r)} declined the application of ${text(r.detail.name) ?? "an applicant"}${r.targetEmail ? ` (${r.targetEmail})` : ""}`,
  "member.created": (r) =>
    `${actor(r)} created an account for ${target(r)}${text(r.detail.type) ? ` as a ${r.detail.type} member` : ""}${r.detail.admin === true ? ", with the admin right" : ""}`,
  "member.type_changed": (r) =>
    `${actor(r)} changed ${targets(r, "type")} from ${text(r.detail.from) ?? "?"} to ${text(r.detail.to) ?? "?"}`,
  "member.admin_changed": (r) =>
    r.detail.to === true
      ? `${actor(r)} gave ${target(r)} the admin right`
      : `${actor(r)} took the admin right from ${target(r)}`,
  "member.password_reset": (r) => `${actor(r)} reset ${targets(r, "password")} to the temporary one`,
  "member.deleted": (r) => {
    const who = r.targetEmail ?? "a member";
    const by = text(r.detail.by);
    const head =
      by === "self" || self(r)
        ? `The member ${who} deleted their own account`
        : `${actor(r)} deleted the account of ${who}`;
    const comments = num(r.detail.comments) ?? 0;
    const media = num(r.detail.media) ?? 0;
    const content =
      comments + media === 0
        ? ""
        : `; ${plural(comments, "comment")} and ${plural(media, "upload")} ${r.detail.content === "remove" ? "removed" : "kept as a former member’s"}`;
    const passed = num(r.detail.eventsPassed) ?? 0;
    const events = passed
      ? `; ${plural(passed, "event")} passed to ${text(r.detail.eventsPassedTo) ?? "an admin"}`
      : "";
    return `${head}${content}${events}`;
  },
  "member.email_changed": (r) =>
    `${actor(r)} changed ${whose(r, "e-mail address")} from ${text(r.detail.from) ?? "?"} to ${text(r.detail.to) ?? r.targetEmail ?? "?"}`,
  "mail.group_sent": (r) =>
    `${actor(r)} sent ${quoted(r.detail.subject, "a group e-mail")}${recipients(r.detail.recipients)} of ${groupLabel(r.detail.group)}${text(r.detail.eventId) ? ", announcing an event" : ""}`,
  "mail.group_scheduled": (r, o) =>
    `${actor(r)} scheduled ${quoted(r.detail.subject, "a group e-mail")}${recipients(r.detail.recipients)} of ${groupLabel(r.detail.recipientGroup)} for ${when(r.detail.sendAt, o) ?? "later"}`,
  "mail.group_cancelled": (r, o) => {
    const what = `${quoted(r.detail.subject, "a group e-mail")} to ${groupLabel(r.detail.recipientGroup)}, scheduled for ${when(r.detail.sendAt, o) ?? "later"}`;
    const reason = text(r.detail.reason);
    return reason
      ? `The club did not send ${what} by ${actor(r)}: ${reason.replace(/\.$/, "")}`
      : `${actor(r)} cancelled ${what}`;
  },
  "invitation_code.created": (r, o) => {
    const uses = num(r.detail.maxUses);
    const until = when(r.detail.expiresAt, o);
    return `${actor(r)} created an invitation code ending in ${text(r.detail.hint) ?? "…"}${uses === null ? "" : `, for ${plural(uses, "use")}`}${until ? `, valid until ${until}` : ""}`;
  },
  "invitation_code.revoked": (r) => `${actor(r)} revoked the invitation code ending in ${text(r.detail.hint) ?? "…"}`,
  "event.deleted": (r) => {
    const on = day(r.detail.date);
    const of = r.ownerName ? ` by ${r.ownerName}` : "";
    return `${actor(r)} deleted the event ${quoted(r.detail.title, "(untitled)")}${on ? ` of ${on}` : ""}${of}`;
  },
  "media.deleted": (r) => {
    const kind = r.detail.mediaType === "video" ? "video" : "photo";
    const by = r.ownerName ?? text(r.detail.uploadedBy);
    return `${actor(r)} deleted the ${kind} ${quoted(r.detail.title, "(untitled)")}${by ? ` uploaded by ${by}` : ""}`;
  },
  "sign_in.succeeded": (r) => {
    const method = text(r.detail.method);
    const how = (method && METHODS[method]) ?? "";
    const provider = method === "oidc" && text(r.detail.issuer) ? ` (${host(r.detail.issuer)})` : "";
    const browser = text(r.detail.browser);
    return `${self(r) || !r.targetId ? actor(r) : target(r)} signed in${how ? ` ${how}` : ""}${provider}${browser ? ` from ${browser}` : ""}${andMore(r)}`;
  },
  "sign_in.throttled": (r) => {
    const whom = r.targetId || r.targetEmail ? targets(r, "account") : "an account";
    switch (r.detail.lockedBy) {
      case "address":
        return `Sign-ins${from(r)} were paused after too many attempts${r.targetId || r.targetEmail ? ` (the last for ${target(r)})` : ""}`;
      case "device":
        return `Sign-ins to ${whom} from one of their devices were paused after too many wrong passwords${andMore(r)}`;
      default:
        return `Sign-ins to ${whom} from new devices were paused after too many wrong passwords${andMore(r)}`;
    }
  },
  "sign_in.failed": (r) =>
    r.targetId || r.targetEmail
      ? `A wrong password was given for ${target(r)}${from(r)}${text(r.detail.browser) ? ` (${r.detail.browser})` : ""}; further failures in the next 15 minutes are not recorded one by one`
      : `A sign-in with an address that is no member's failed${from(r)}; further ones from there in the next 15 minutes are not recorded one by one`,
  "identity.linked": (r) =>
    `${actor(r)} connected ${whose(r, "account")} at ${host(r.detail.issuer)}${text(r.detail.email) ? ` (${r.detail.email})` : ""}${r.detail.via === "verified e-mail" ? " on signing in, by its verified e-mail" : ""}`,
  "identity.unlinked": (r) =>
    `${actor(r)} disconnected ${whose(r, "account")} at ${host(r.detail.issuer)}${text(r.detail.email) ? ` (${r.detail.email})` : ""}`,
  "passkey.added": (r) =>
    `${actor(r)} added the passkey ${quoted(r.detail.name, "(unnamed)")}${self(r) ? "" : ` for ${target(r)}`}`,
  "passkey.removed": (r) => `${actor(r)} removed the passkey ${quoted(r.detail.name, "(unnamed)")}${ofWhom(r)}`,
  "api_token.created": (r, o) => {
    const until = when(r.detail.expiresAt, o);
    const mine = r.targetName ? r.targetName === r.actorName : r.targetEmail === r.actorEmail;
    return `${actor(r)} created the API token ${quoted(r.detail.name, "(unnamed)")} (${scope(r.detail.scope)})${mine ? "" : ` for ${target(r)}`}${until ? `, valid until ${until}` : ""}`;
  },
  "api_token.revoked": (r) => {
    const mine = r.targetName ? r.targetName === r.actorName : r.targetEmail === r.actorEmail;
    return `${actor(r)} revoked the API token ${quoted(r.detail.name, "(unnamed)")} (${scope(r.detail.scope)})${mine ? "" : ` of ${target(r)}`}`;
  },
  "sessions.ended": (r) => {
    const n = num(r.detail.count) ?? 0;
    const sessions = Array.isArray(r.detail.sessions) ? (r.detail.sessions as { browser?: unknown }[]) : [];
    const first = text(sessions[0]?.browser);
    if (r.detail.which === "this browser") return `${actor(r)} signed out${first ? ` of ${first}` : ""}`;
    if (r.detail.which === "one") return `${actor(r)} ended ${whose(r, "session")}${first ? ` in ${first}` : ""}`;
    return `${actor(r)} ended ${whose(r, n === 1 ? "one other session" : `${n} other sessions`)}`;
  },
  "session.confirmed": (r, o) => {
    const until = when(r.detail.until, o);
    return `${actor(r)} confirmed a session by the link mailed to them${until ? `, and may add ways in until ${until}` : ""}`;
  },
  "club_settings.changed": (r) => {
    const setting = text(r.detail.setting) ?? r.targetId;
    const label = (setting && SETTINGS[setting]?.label) ?? `the setting ${setting ?? "?"}`;
    return `${actor(r)} changed ${label} from ${settingValue(setting, r.detail.old)} to ${settingValue(setting, r.detail.new)}`;
  },
  "data_export.requested": (r) => `${actor(r)} asked for a copy of ${whose(r, "data")}`,
  "data_export.downloaded": (r) =>
    r.detail.via === "club user export"
      ? `${actor(r)} wrote ${targets(r, "data")} to a file with club user export${bytes(r.detail.bytes)}`
      : `${actor(r)} downloaded a copy of ${whose(r, "data")}${bytes(r.detail.bytes)}`,
  "webhook.added": (r) => {
    const events = Array.isArray(r.detail.events) ? r.detail.events.map(text).filter(Boolean) : [];
    const url = text(r.detail.url);
    return `${actor(r)} added the webhook ${quoted(r.detail.name, "(unnamed)")}${url ? ` posting to ${url}` : ""}${events.length ? ` for ${events.join(", ")}` : ""}`;
  },
  "webhook.removed": (r) => {
    const url = text(r.detail.url);
    return `${actor(r)} removed the webhook ${quoted(r.detail.name, "(unnamed)")}${url ? ` that posted to ${url}` : ""}`;
  },
  "webhook.changed": (r) => {
    const name = quoted(r.detail.name, "(unnamed)");
    if (r.detail.paused === true && r.detail.because === "failing")
      return `The club paused the webhook ${name} after three days of failures`;
    if (r.detail.paused === true) return `${actor(r)} paused the webhook ${name}`;
    if (r.detail.paused === false) return `${actor(r)} resumed the webhook ${name}`;
    if (r.detail.rotated === true) return `${actor(r)} gave the webhook ${name} a new signing secret`;
    const changes = [
      typeof r.detail.oldName === "string" ? `renamed it from ${quoted(r.detail.oldName, "(unnamed)")}` : "",
      text(r.detail.url) ? `pointed it to ${text(r.detail.url)}` : "",
      Array.isArray(r.detail.events) ? `set its events to ${r.detail.events.map(text).filter(Boolean).join(", ")}` : "",
    ].filter(Boolean);
    return `${actor(r)} changed the webhook ${name}${changes.length ? `: ${changes.join("; ")}` : ""}`;
  },
  "stay.requested": (r) => `${actor(r)} asked to stay at ${quoted(r.detail.home, "a home")}${stayDates(r)}`,
  "stay.accepted": (r) => `${actor(r)} accepted ${stayOf(r)}`,
  "stay.declined": (r) =>
    r.detail.expired
      ? `${stayOf(r, "request to stay")} lapsed unanswered after 72 hours`
      : `${actor(r)} declined ${stayOf(r, "request to stay")}${because(r)}`,
  "stay.cancelled": (r) => `${actor(r)} cancelled ${stayOf(r)}${because(r)}`,
  "stay.payment_recorded": (r) =>
    `${actor(r)} recorded ${amount(r.detail.amount)} received for ${stayOf(r)}${text(r.detail.method) ? ` (${String(r.detail.method).toLowerCase()})` : ""}`,
  "stay.payment_reversed": (r) =>
    `${actor(r)} reversed ${amount(-(num(r.detail.amount) ?? 0))} paid for ${stayOf(r)}${because(r)}`,
};

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The record as one sentence; a kind this code does not know (an older kind) is named as it is. */
export function auditSentence(r: AuditRecordWords, options: AuditWordsOptions = {}): string {
  const words = auditSentenceOf[r.kind as AuditKind];
  const o = { moment: options.moment ?? utc };
  return words ? `${words(r, o)}.` : `${actor(r)}: ${r.kind}${r.targetEmail ? ` (${r.targetEmail})` : ""}.`;
}
