import { button, escapeHtml, layout } from "./layout";
import type { MailContent } from "./membership";

/**
 * "Download my data" is ready. The mail carries no file and no secret: the link leads to Settings,
 * where only she, signed in, can fetch the zip (a forwarded or leaked mail gives nothing away).
 */
export function dataExportReadyMail(name: string, settingsUrl: string, expiresAt: string): MailContent {
  const subject = "Your club data is ready to download";
  return {
    subject,
    html: layout(
      subject,
      `<p>Dear ${escapeHtml(name)},</p><p>The copy of your data you asked for is ready: your profile, events, comments and the files you uploaded, in one zip file.</p>${button(settingsUrl, "Download my data")}<p>Sign in to download it from Settings → Your data. The link works until ${escapeHtml(expiresAt)}; after that, ask for a new copy.</p><p>If you did not ask for this, someone may be signed in to your account: review your sessions in Settings → Security and change your password.</p>`,
    ),
  };
}
