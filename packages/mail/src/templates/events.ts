import { button, escapeHtml, layout, type UnsubscribeLink, unsubscribeFooter, unsubscribeHeaders } from "./layout";
import type { MailContent } from "./membership";

export interface EventMailDetails {
  title: string;
  /** Already formatted for people, e.g. "Saturday, March 14, 2026". */
  when: string;
  time: string;
  place: string;
  description: string;
  eventUrl: string;
  calendarUrl: string;
  /** A date of a repeating event: which one ("Jan 14, 2027"), for the lines that name no date. */
  ofSeries?: string | null;
  /** The event's cover, at an address a mail program may fetch (the mails that invite her to come). */
  coverUrl?: string | null;
}

/** The event's title, and for a date of a series which date: the series' dates share their title. */
const named = (d: EventMailDetails) => (d.ofSeries ? `${d.title} on ${d.ofSeries}` : d.title);

/** The cover above the details, at the message's width. */
const coverImage = (d: EventMailDetails) =>
  d.coverUrl
    ? `<img src="${escapeHtml(d.coverUrl)}" alt="" width="560" style="display:block;width:100%;max-width:560px;height:auto;border-radius:8px;margin:16px 0 0">`
    : "";

function detailsTable(d: EventMailDetails): string {
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#5c5a66;vertical-align:top">${label}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  return `${coverImage(d)}<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${row("Date", d.when)}${row("Time", d.time)}${row("Where", d.place)}</table><p>${escapeHtml(d.description)}</p>`;
}

export function eventConfirmationMail(name: string, d: EventMailDetails): MailContent {
  const subject = `You're joining ${d.title}`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>This confirms your place at <strong>${escapeHtml(d.title)}</strong>.</p>${detailsTable(d)}${button(d.calendarUrl, "Add to calendar")}<p>The attached calendar file works with any calendar application. <a href="${escapeHtml(d.eventUrl)}">See the event page</a>.</p>`,
    ),
  };
}

export function eventInvitationMail(
  inviteeName: string,
  inviterName: string,
  d: EventMailDetails,
  acceptUrl: string,
): MailContent {
  const subject = `${inviterName} invites you to ${d.title}`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(inviteeName)},</p><p>${escapeHtml(inviterName)} would love you to join <strong>${escapeHtml(d.title)}</strong>.</p>${detailsTable(d)}${button(acceptUrl, "Accept the invitation")}<p>The link is yours alone and works once, for 14 days.</p>`,
    ),
  };
}

/** A seat freed and she was first on the waitlist: she is now a participant. */
export function waitlistPromotedMail(name: string, d: EventMailDetails): MailContent {
  const subject = `A seat opened: you're going to ${d.title}`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>A seat opened at <strong>${escapeHtml(d.title)}</strong> and you were next on the waitlist, so your place is confirmed.</p>${detailsTable(d)}${button(d.calendarUrl, "Add to calendar")}<p>If you can no longer come, please <a href="${escapeHtml(d.eventUrl)}">leave the event</a> so the next person on the waitlist gets your seat.</p>`,
    ),
  };
}

/** Before the event: when and where (the place or the link), with the calendar file. */
export function eventReminderMail(
  name: string,
  d: EventMailDetails,
  settingsUrl: string,
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Reminder: ${d.title}, ${d.when}`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>A reminder that <strong>${escapeHtml(d.title)}</strong> is coming up, and you are on the list.</p>${detailsTable(d)}${button(d.eventUrl, "See the event")}<p>Can no longer come? Leaving the event gives your seat to someone else. You can turn these reminders off in <a href="${escapeHtml(settingsUrl)}">Settings</a>.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}

/** One line of what changed: "Date: Saturday, March 14 → Sunday, March 15". */
export interface EventChange {
  label: string;
  before: string;
  after: string;
}

/** The date, time or place changed: what it was and what it is now. */
export function eventChangedMail(
  name: string,
  d: EventMailDetails,
  changes: EventChange[],
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Changed: ${named(d)}`;
  const rows = changes
    .map(
      (c) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#5c5a66;vertical-align:top">${escapeHtml(c.label)}</td><td style="padding:4px 0"><s>${escapeHtml(c.before)}</s><br>${escapeHtml(c.after)}</td></tr>`,
    )
    .join("");
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p><strong>${escapeHtml(named(d))}</strong> has changed:</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${rows}</table>${button(d.eventUrl, "See the event")}<p>The attached calendar file updates the entry in your calendar. If the new time does not suit you, please leave the event so someone else can have your seat.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}

/** The event was deleted: the organiser's message, if any, and a calendar file that removes it. */
export function eventCancelledMail(
  name: string,
  d: EventMailDetails,
  message: string | null,
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Cancelled: ${named(d)}`;
  const note = message
    ? `<p>A message from the organiser:</p><blockquote style="margin:12px 0;padding:8px 16px;border-left:3px solid #d9d3c7;white-space:pre-line">${escapeHtml(message)}</blockquote>`
    : "";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>We are sorry: <strong>${escapeHtml(d.title)}</strong>, planned for ${escapeHtml(d.when)} (${escapeHtml(d.time)}), has been cancelled.</p>${note}<p>The attached calendar file removes it from your calendar.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}

/** One date of a series a change reached, for the mail that lists them. */
export interface SeriesDateChange {
  details: EventMailDetails;
  changes: EventChange[];
}

/**
 * Several dates of a series changed at once: one mail for the dates she is on or waiting for,
 * each with what changed on it, and their calendar files.
 */
export function seriesChangedMail(
  name: string,
  title: string,
  dates: SeriesDateChange[],
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Changed: ${title} (${dates.length} dates)`;
  const row = (c: EventChange) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#5c5a66;vertical-align:top">${escapeHtml(c.label)}</td><td style="padding:4px 0"><s>${escapeHtml(c.before)}</s><br>${escapeHtml(c.after)}</td></tr>`;
  const items = dates
    .map(
      ({ details, changes }) =>
        `<h3 style="margin:20px 0 4px;font-size:16px"><a href="${escapeHtml(details.eventUrl)}">${escapeHtml(details.when)}</a></h3><table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px">${changes.map(row).join("")}</table>`,
    )
    .join("");
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p><strong>${escapeHtml(title)}</strong> has changed on ${dates.length} of the dates you are on:</p>${items}<p>The attached calendar files update the entries in your calendar. If a new time does not suit you, please leave that date so someone else can have your seat.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}

/** Several dates of a series cancelled at once: one mail listing hers, with the organiser's message. */
export function seriesCancelledMail(
  name: string,
  title: string,
  dates: EventMailDetails[],
  message: string | null,
  unsubscribe?: UnsubscribeLink,
): MailContent {
  const subject = `Cancelled: ${title} (${dates.length} dates)`;
  const note = message
    ? `<p>A message from the organiser:</p><blockquote style="margin:12px 0;padding:8px 16px;border-left:3px solid #d9d3c7;white-space:pre-line">${escapeHtml(message)}</blockquote>`
    : "";
  const list = dates.map((d) => `<li>${escapeHtml(d.when)} (${escapeHtml(d.time)})</li>`).join("");
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>We are sorry: these dates of <strong>${escapeHtml(title)}</strong> you were on have been cancelled:</p><ul>${list}</ul>${note}<p>The attached calendar files remove them from your calendar.</p>`,
      unsubscribeFooter(unsubscribe),
    ),
    ...unsubscribeHeaders(unsubscribe),
  };
}
