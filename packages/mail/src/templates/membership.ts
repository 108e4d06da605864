import { button, escapeHtml, layout, type UnsubscribeLink, unsubscribeFooter, unsubscribeHeaders } from "./layout";

export interface MailContent {
  subject: string;
  html: string;
  /** Header lines of bulk mail (List-Unsubscribe); account mail has none. */
  headers?: Record<string, string>;
}

export function applicationReceivedMail(name: string): MailContent {
  const subject = "We received your membership application";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>Thank you for applying to join the club. Our membership committee reviews every application personally; you will hear from us by e-mail once a decision has been made.</p><p>Warm regards,<br>The Club</p>`,
    ),
  };
}

export function applicationAcceptedMail(name: string, registerUrl: string): MailContent {
  const subject = "Welcome to the club: complete your registration";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>We are delighted to tell you that your membership application has been accepted. Please create your account within seven days using the link below.</p>${button(registerUrl, "Complete registration")}<p>Warm regards,<br>The Club</p>`,
    ),
  };
}

export function applicationRejectedMail(name: string): MailContent {
  const subject = "Your membership application";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>Thank you for your interest in the club and for the time you took to apply. After careful consideration, we are unable to offer you a membership at this time.</p><p>We wish you every success, and thank you again for thinking of us.</p><p>Kind regards,<br>The Club</p>`,
    ),
  };
}

export function passwordResetMail(name: string, resetUrl: string): MailContent {
  const subject = "Reset your password";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>Someone (we hope you) asked to reset the password of your club account. The link below works once, for one hour.</p>${button(resetUrl, "Choose a new password")}<p>If you did not ask for this, you can ignore this message: your password stays as it is.</p>`,
    ),
  };
}

/** Sent once when wrong passwords lock an account: the member's known devices are not locked out. */
export function accountLockedMail(name: string, forgotPasswordUrl: string, minutes: number): MailContent {
  const subject = "Someone is trying to sign in to your account";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>Someone tried to sign in to your club account with a wrong password many times, so for the next ${minutes} minutes it cannot be signed in to from a new device.</p><p>The devices you signed in from before still work: sign in from one of them as usual.</p><p>If this was not you, choose a new password: the link below asks for a reset link by e-mail. A new password also lets you sign in at once from any device.</p>${button(forgotPasswordUrl, "Reset my password")}<p>If it was you, there is nothing else to do: wait ${minutes} minutes and try again, or reset your password.</p>`,
    ),
  };
}

/**
 * A group message from an admin or an event's announcement: the body is HTML sanitised by the
 * caller. Sent, it carries her unsubscribe link; the composer's preview has none.
 */
export function groupMail(subject: string, sanitisedBodyHtml: string, unsubscribe?: UnsubscribeLink): MailContent {
  return {
    subject,
    html: layout(subject, sanitisedBodyHtml, unsubscribeFooter(unsubscribe)),
    ...unsubscribeHeaders(unsubscribe),
  };
}
