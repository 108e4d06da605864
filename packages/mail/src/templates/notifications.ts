import { button, escapeHtml, layout, type UnsubscribeLink, unsubscribeFooter, unsubscribeHeaders } from "./layout";
import type { MailContent } from "./membership";

/** One line of a digest: what happened, and the address of its place. */
export interface DigestLine {
  text: string;
  url: string;
}

/** What she has not read since the last digest, each line leading to its place. */
export function notificationDigestMail(
  name: string,
  period: "daily" | "weekly",
  lines: DigestLine[],
  settingsUrl: string,
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Your ${period === "daily" ? "daily" : "weekly"} club digest: ${lines.length} new`;
  const items = lines
    .map((l) => `<li style="margin:0 0 10px"><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`)
    .join("");
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>Here is what happened for you at the club and is still unread:</p><ul style="padding-left:20px">${items}</ul>${button(`${new URL(settingsUrl).origin}/notifications`, "Open your notifications")}<p>You choose how often this digest comes, and what it tells, in <a href="${escapeHtml(settingsUrl)}">Settings → Notifications</a>.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}
