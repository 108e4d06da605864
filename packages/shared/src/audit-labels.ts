import type { AuditKind } from "./enums";

/** The audit log's kinds as the Admin Panel names them (its filter and its table). */
export const auditKindLabels: Record<AuditKind, string> = {
  "application.accepted": "Application accepted",
  "application.rejected": "Application rejected",
  "member.created": "Member account created",
  "member.type_changed": "Member type changed",
  "member.admin_changed": "Admin right changed",
  "member.password_reset": "Password reset to temporary",
  "member.deleted": "Member account deleted",
  "member.email_changed": "E-mail address changed",
  "mail.group_sent": "Group e-mail sent",
  "invitation_code.created": "Invitation code created",
  "invitation_code.revoked": "Invitation code revoked",
  "event.deleted": "Event deleted by an admin",
  "media.deleted": "Media deleted by an admin",
  "sign_in.throttled": "Sign-in throttled",
  "identity.linked": "Identity linked",
  "identity.unlinked": "Identity unlinked",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "api_token.created": "API token created",
  "api_token.revoked": "API token revoked",
  "sessions.ended": "Sessions ended",
  "session.confirmed": "Session confirmed by e-mail",
  "club_settings.changed": "Club settings changed",
};
