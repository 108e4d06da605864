import { button, escapeHtml, layout, type UnsubscribeLink, unsubscribeFooter, unsubscribeHeaders } from "./layout";
import type { MailContent } from "./membership";

/** A message waiting in the mail: who wrote it, and its words (plain text, as written). */
export interface WaitingMessage {
  author: string;
  text: string;
}

/** The longest a message is quoted in the mail (the rest is on the conversation's page). */
const QUOTED = 600;

/**
 * Messages she has not read after 15 minutes, one mail per conversation: each quoted (plain text,
 * escaped), how many there are in all, and a link back to the conversation.
 */
export function waitingMessagesMail(
  name: string,
  conversation: string,
  waiting: WaitingMessage[],
  total: number,
  url: string,
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `${total === 1 ? "A message" : `${total} messages`} from ${conversation}`;
  const quoted = waiting
    .map((m) => {
      const text = m.text.length > QUOTED ? `${m.text.slice(0, QUOTED)}…` : m.text;
      return `<p style="margin:12px 0 0;font-weight:600">${escapeHtml(m.author)}</p><blockquote style="margin:4px 0 0;padding-left:12px;border-left:3px solid #c9b48a;white-space:pre-wrap">${escapeHtml(text)}</blockquote>`;
    })
    .join("");
  const more = total > waiting.length ? `<p>And ${total - waiting.length} more in the conversation.</p>` : "";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(conversation)} wrote to you at the club, and it is still unread:</p>${quoted}${more}${button(url, "Open the conversation")}`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}
