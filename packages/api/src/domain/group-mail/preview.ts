import type { Db, Queryable } from "@club/db";
import type { JobSender } from "@club/jobs";
import { enqueueMail, groupMail, htmlToText, layout, unsubscribeFooter, unsubscribeHeaders } from "@club/mail";
import type { ApiConfig } from "../../context";
import { sanitizeEmailHtml } from "../../lib/sanitize";
import { unsubscribeLinks } from "./kinds";
import type { GroupMailKind } from "./recipients";

type MailConfig = Pick<ApiConfig, "appOrigin" | "unsubscribeSecrets">;

/**
 * The composer's preview: the message exactly as a member receives it, sanitised by the one
 * allowlist, in the club's layout, with the footer bulk mail carries. The footer's unsubscribe
 * link is the reader's own (a real link, which stops this kind of mail for her alone).
 */
export async function previewGroupMail(
  db: Queryable,
  config: MailConfig,
  reader: { id: string },
  kind: GroupMailKind,
  draft: { subject: string; body: string },
): Promise<{ subject: string; html: string; text: string; body: string }> {
  const linkFor = await unsubscribeLinks(db, config, kind);
  const body = await sanitizeEmailHtml(draft.body);
  const content = groupMail(draft.subject, body, linkFor(reader.id));
  // `body`: the draft's body as the sanitiser leaves it (the editor's output comes back unchanged).
  return { subject: content.subject, html: content.html, text: htmlToText(content.html), body };
}

/** Above the body of a test, so nobody mistakes it (forwarded, say) for the message members got. */
const TEST_BANNER =
  '<p style="margin:0 0 20px;padding:10px 14px;border-radius:4px;background:#f3ecf5;color:#3d2b45;font-size:13px">' +
  "This is a test of a group e-mail. Only you received it; no member has been sent anything.</p>";

export const TEST_SUBJECT_PREFIX = "[Test] ";

/**
 * "Send me a test": the draft, footer included, to the admin alone, marked as a test in its
 * subject and above its body. It goes through the outbox like every message (so it shows there).
 */
export async function sendTestGroupMail(
  ctx: { db: Db; jobs: JobSender; config: MailConfig },
  admin: { id: string; email: string },
  draft: { subject: string; body: string },
): Promise<void> {
  const linkFor = await unsubscribeLinks(ctx.db, ctx.config, "group");
  const link = linkFor(admin.id);
  const subject = `${TEST_SUBJECT_PREFIX}${draft.subject}`;
  const html = layout(draft.subject, TEST_BANNER + (await sanitizeEmailHtml(draft.body)), unsubscribeFooter(link));
  await ctx.db.transaction(async (tx) => {
    await enqueueMail(tx, ctx.jobs, [{ to: admin.email, subject, html, ...unsubscribeHeaders(link) }]);
  });
}
