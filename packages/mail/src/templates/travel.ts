import { button, escapeHtml, layout } from "./layout";
import type { MailContent } from "./membership";

/** News of a stay for its guest or its host: what happened, in one sentence, and the stay's dates. */
export interface StayNews {
  /** "Ana asked to stay at Lake cabin", "Your stay at Lake cabin is accepted". */
  headline: string;
  /** "12–19 July 2031 · 7 nights · 2 guests". */
  when: string;
  /** The other member's message or reason, when there is one. */
  note?: string | null | undefined;
  url: string;
  action: string;
}

export function stayNewsMail(name: string, news: StayNews): MailContent {
  const subject = news.headline;
  const note = news.note?.trim()
    ? `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #c9b48a">${escapeHtml(news.note.trim())}</blockquote>`
    : "";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(news.headline)}.</p><p>${escapeHtml(news.when)}</p>${note}${button(news.url, news.action)}`,
    ),
  };
}
