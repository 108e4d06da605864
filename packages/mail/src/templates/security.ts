import { button, escapeHtml, layout } from "./layout";
import type { MailContent } from "./membership";

/** A change to how she signs in, as the notice tells it. */
export interface WayInChange {
  /** What happened, as a sentence's subject and verb: `A passkey ("Work laptop") was added`. */
  what: string;
  /** When, in the club's time zone, in words. */
  when: string;
  /** The browser it was done from ("Chrome on Linux"), or null when unknown. */
  browser: string | null;
  /** The address it was done from, or null when unknown. */
  address: string | null;
  /** Where to ask for a password reset (`{appOrigin}/forgot-password`). */
  forgotPasswordUrl: string;
  /** Settings → Security (`{appOrigin}/settings/security`). */
  securityUrl: string;
}

/**
 * Sent whenever a passkey or an identity is added to or removed from her account, always (account
 * mail, not a preference): someone holding her password could otherwise add a way in that outlives
 * a password reset, without her knowing.
 */
export function wayInChangedMail(name: string, change: WayInChange): MailContent {
  const subject = "A change to how you sign in to the club";
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#5c5a66;vertical-align:top">${label}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(change.what)} on your club account.</p><table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0">${row("When", change.when)}${row("Browser", change.browser ?? "unknown")}${row("Address", change.address ?? "unknown")}</table><p>If this was you, there is nothing to do.</p><p><strong>If it was not you</strong>, someone may know your password. Choose a new one at once: the link below asks for a reset link by e-mail, and a new password signs every browser out.</p>${button(change.forgotPasswordUrl, "Reset my password")}<p>Then sign in and remove any passkey or connected identity you do not recognise in Settings → Security: ${escapeHtml(change.securityUrl)}</p>`,
    ),
  };
}

/**
 * The link that confirms a session signed in with a password, so that it may add a passkey or
 * connect an identity. It works once, in the browser that asked for it.
 */
export function confirmSessionMail(name: string, confirmUrl: string, code: string, minutes: number): MailContent {
  const subject = "Confirm it is you before adding a way to sign in";
  const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>You asked to add a passkey or connect an account to sign in to the club. To make sure it is you and not someone who learned your password, type this code where you asked:</p><p style="font-size:28px;letter-spacing:.15em;font-family:Menlo,Consolas,monospace;margin:16px 0">${escapeHtml(spaced)}</p><p>Or open the link below <strong>in the same browser</strong> where you asked. Either works once, for ${minutes} minutes.</p>${button(confirmUrl, "Confirm it is me")}<p>If you did not ask for this, do not use the code or the link: someone may know your password. Choose a new one from the Login screen ("Forgot password").</p>`,
    ),
  };
}

/**
 * Sent to the address she asked to use: the link makes it hers. Until then she keeps signing in
 * with her old one. It works in any browser (her new mailbox may be on her phone), once.
 */
export function confirmEmailChangeMail(name: string, confirmUrl: string, hours: number): MailContent {
  const subject = "Confirm your new e-mail address for the club";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>You asked to use this address for your club account. Open the link below to confirm it: from then on you sign in with it, and the club writes to you here. The link works once, for ${hours} hours.</p>${button(confirmUrl, "Confirm my new address")}<p>If you did not ask for this, ignore this message: nothing changes without the link.</p>`,
    ),
  };
}

/**
 * Sent to her former address once a new one is confirmed, always (account mail): someone holding
 * her password and session could otherwise move her account to an address of theirs unseen.
 */
export function emailChangedMail(
  name: string,
  change: { newAddress: string; when: string; forgotPasswordUrl: string },
): MailContent {
  const subject = "Your club e-mail address was changed";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>The e-mail address of your club account was changed to <strong>${escapeHtml(change.newAddress)}</strong> on ${escapeHtml(change.when)}. You now sign in with that address, and the club's messages go there; this address no longer reaches your account.</p><p>If this was you, there is nothing to do.</p><p><strong>If it was not you</strong>, someone knows your password. Contact the club's administrators at once, so that they can restore your address and reset your password; a reset asked for here would now go to the new address.</p><p style="font-size:13px;color:#5c5a66">Password reset page: ${escapeHtml(change.forgotPasswordUrl)}</p>`,
    ),
  };
}

/**
 * Sent when she deletes her own account (account mail, the last one): what was done, and what
 * became of what she shared, as the club's setting decides.
 */
export function accountDeletedMail(
  name: string,
  done: { content: "anonymise" | "remove"; comments: number; media: number; eventsPassed: number },
): MailContent {
  const subject = "Your club account has been deleted";
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const shared = `${plural(done.comments, "comment", "comments")} and ${plural(done.media, "photo or video", "photos and videos")}`;
  const content =
    done.content === "remove"
      ? `Your ${shared} were removed with it.`
      : `Your ${shared} stay in the club under the name "Former member".`;
  const events =
    done.eventsPassed > 0
      ? `<p>The ${plural(done.eventsPassed, "event", "events")} you created passed to an administrator.</p>`
      : "";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>As you asked, your club account has been deleted: your profile, your sign-ins, your seats at events and your personal data are gone, and you have been signed out everywhere.</p><p>${escapeHtml(content)}</p>${events}<p>Thank you for being part of the club. If you did not ask for this, contact the club's administrators at once.</p>`,
    ),
  };
}
