import { button, escapeHtml, layout } from "./layout";
import type { MailContent } from "./membership";

/** What an admin is told of a webhook whose messages do not get through. */
export interface WebhookTrouble {
  /** The endpoint's name and address, as the Admin Panel shows them. */
  name: string;
  url: string;
  /** "failing": tries fail one after another; "paused": the club paused it after days of that. */
  state: "failing" | "paused";
  /** How many tries failed in a row, and since when (in the club's time zone, in words). */
  tries: number;
  since: string;
  /** Why the last try failed, as the delivery log says it ("The endpoint answered 502"). */
  lastError: string | null;
  /** The endpoint's page in the Admin Panel. */
  pageUrl: string;
}

/**
 * Sent to every admin, always (the club's own mail to the people who run it): a receiver that stays
 * down loses the other system its news, and only an admin can mend or remove it.
 */
export function webhookTroubleMail(adminName: string, trouble: WebhookTrouble): MailContent {
  const name = `“${trouble.name}”`;
  const subject =
    trouble.state === "paused"
      ? `The webhook ${name} is paused after three days of failures`
      : `The webhook ${name} is failing`;
  // The delivery log's words for the last try: a sentence, given its full stop here.
  const last = trouble.lastError?.trim();
  const why = last ? ` ${escapeHtml(/[.!?]$/.test(last) ? last : `${last}.`)}` : "";
  const what =
    trouble.state === "paused"
      ? `<p>The club has paused the webhook ${escapeHtml(name)} (${escapeHtml(trouble.url)}): its messages have not got through since ${escapeHtml(trouble.since)}, ${trouble.tries} tries in a row.${why}</p><p>Its messages are kept, in order, and none is posted until an admin resumes it. Once its receiver answers again, open it in the Admin Panel and choose Resume.</p>`
      : `<p>The last ${trouble.tries} messages the club posted to the webhook ${escapeHtml(name)} (${escapeHtml(trouble.url)}) did not get through, since ${escapeHtml(trouble.since)}.${why}</p><p>The club keeps trying. If its receiver is still down three days after the first failure, the club pauses it and tells you again.</p>`;
  return {
    subject,
    html: layout(subject, `<p>Dear ${escapeHtml(adminName)},</p>${what}${button(trouble.pageUrl, "Open the webhook")}`),
  };
}
