/** Member types of SPEC.md section 3. Admin is a separate flag. */
export const memberTypes = ["Founding", "Standard", "Travel Host"] as const;
export type MemberType = (typeof memberTypes)[number];

/** Types an applicant may ask for; Founding is given by admins only. */
export const applicationMemberTypes = ["Standard", "Travel Host"] as const;

export const eventExclusivities = ["open", "invite-only"] as const;
export type EventExclusivity = (typeof eventExclusivities)[number];

export const mediaTypes = ["image", "video"] as const;
export type MediaType = (typeof mediaTypes)[number];

/** pending: accepted, its files still being stored; ready: shown. */
export const mediaStatuses = ["pending", "ready"] as const;

/**
 * Where a video stands on its way to a version every browser plays: `processing` until the
 * transcoding job has made it, `failed` when the job gave up (the video is kept as uploaded).
 */
export const videoProcessingStates = ["processing", "failed"] as const;
export type VideoProcessing = (typeof videoProcessingStates)[number];
export type MediaStatus = (typeof mediaStatuses)[number];

/** pending: waiting to be sent; sent: delivered to SMTP; captured: kept in the outbox (no SMTP configured); failed: gave up. */
export const mailStatuses = ["pending", "sent", "captured", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * What a personal API token may do (its owner's rights are the ceiling): `read` calls queries and
 * GET routes only; `seed` adds what `club seed --url` writes; `admin` everything its owner may do.
 * No token manages tokens.
 */
export const apiTokenScopes = ["read", "seed", "admin"] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  read: "Read only",
  seed: "Seeding",
  admin: "Everything I may do",
};

export const eventSortOrders = ["asc", "desc"] as const;
/** "My events": those she joined, those she created, those she was invited to. */
export const myEventFilters = ["joined", "created", "invited"] as const;
export type MyEventFilter = (typeof myEventFilters)[number];

/** How a browser's session was signed in: the club may require admins to use more than a password. */
export const signInMethods = ["password", "passkey", "oidc"] as const;
export type SignInMethod = (typeof signInMethods)[number];

/**
 * Every kind of record in the audit log: the administrative acts and the security events, each
 * written in the transaction of its act (docs/decisions/README.md, "Audit log").
 */
export const auditKinds = [
  "application.accepted",
  "application.rejected",
  "member.created",
  "member.type_changed",
  "member.admin_changed",
  "member.password_reset",
  "member.deleted",
  "member.email_changed",
  "mail.group_sent",
  "mail.group_scheduled",
  "mail.group_cancelled",
  "invitation_code.created",
  "invitation_code.revoked",
  "event.deleted",
  "media.deleted",
  "sign_in.succeeded",
  "sign_in.throttled",
  "sign_in.failed",
  "identity.linked",
  "identity.unlinked",
  "passkey.added",
  "passkey.removed",
  "api_token.created",
  "api_token.revoked",
  "sessions.ended",
  "session.confirmed",
  "club_settings.changed",
  "data_export.requested",
  "data_export.downloaded",
  "webhook.added",
  "webhook.removed",
  "webhook.changed",
  "stay.requested",
  "stay.accepted",
  "stay.declined",
  "stay.cancelled",
  "stay.payment_recorded",
  "stay.payment_reversed",
] as const;
export type AuditKind = (typeof auditKinds)[number];

/**
 * What becomes of a deleted member's comments, uploads and messages (the club's DELETED_MEMBER_CONTENT):
 * removed with her, or kept and shown as by a "Former member".
 */
export const deletedMemberContents = ["anonymise", "remove"] as const;
export type DeletedMemberContent = (typeof deletedMemberContents)[number];
/** The name shown where an author or uploader deleted her account. */
export const FORMER_MEMBER = "Former member";
