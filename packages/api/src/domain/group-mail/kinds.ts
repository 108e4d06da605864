import { signUnsubscribeToken, unsubscribeKeys } from "@club/auth";
import { type Queryable, users } from "@club/db";
import { eq, type SQL } from "@club/db/orm";
import type { UnsubscribeLink } from "@club/mail";
import { type MailKind, mailKindLabels } from "@club/shared";
import type { ApiConfig } from "../../context";

// Bulk mail a member may stop: who receives each kind, and each one's unsubscribe link.

/** The column that holds her choice for each kind of bulk mail. */
export const mailKindColumn = {
  group: users.mailGroup,
  announcements: users.mailAnnouncements,
  reminders: users.eventReminders,
  changes: users.mailEventChanges,
  digest: users.mailDigest,
  messages: users.mailMessages,
} as const satisfies Record<MailKind, unknown>;

/** The condition on `users` of the members who receive this kind of mail. */
export function receivesKind(kind: MailKind): SQL {
  return eq(mailKindColumn[kind], true);
}

/**
 * Makes each member's unsubscribe link for one kind of mail (the page a footer links to, and the
 * one-click URL of List-Unsubscribe: the same address, GET shows the page, POST unsubscribes). The
 * keys are read once for all the recipients of a message.
 */
export async function unsubscribeLinks(
  db: Queryable,
  config: Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets">,
  kind: MailKind,
): Promise<(userId: string) => UnsubscribeLink> {
  const keys = await unsubscribeKeys(db, config.unsubscribeSecrets);
  return (userId) => ({
    url: `${config.appOrigin}/unsubscribe/${signUnsubscribeToken(keys, userId, kind)}`,
    what: mailKindLabels[kind].what,
  });
}
