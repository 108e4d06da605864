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
}

function detailsTable(d: EventMailDetails): string {
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#5c5a66;vertical-align:top">${label}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${row("Date", d.when)}${row("Time", d.time)}${row("Where", d.place)}</table><p>${escapeHtml(d.description)}</p>`;
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
  const subject = `Changed: ${d.title}`;
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
      `<p>Dear ${escapeHtml(name)},</p><p><strong>${escapeHtml(d.title)}</strong> has changed:</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${rows}</table>${button(d.eventUrl, "See the event")}<p>The attached calendar file updates the entry in your calendar. If the new time does not suit you, please leave the event so someone else can have your seat.</p>`,
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
  const subject = `Cancelled: ${d.title}`;
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
