import type { MailStatus } from "@club/shared";

/** How the outbox screen names each state. */
export const outboxStatusLabel: Record<MailStatus, string> = {
  pending: "Queued",
  sent: "Sent",
  captured: "Kept here (not sent)",
  failed: "Failed",
};

export const outboxStatusTone: Record<MailStatus, string> = {
  pending: "bg-gold/15 text-ink",
  sent: "bg-success-soft text-success",
  captured: "bg-plum-soft text-plum",
  failed: "bg-danger-soft text-danger",
};
