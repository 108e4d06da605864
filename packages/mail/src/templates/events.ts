import { button, escapeHtml, layout } from "./layout";
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
