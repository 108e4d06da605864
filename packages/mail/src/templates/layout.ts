/** Escapes text for HTML: every value a person typed goes through this before it meets markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The club's e-mail frame: simple table layout and inline styles, which mail clients respect. */
export function layout(title: string, bodyHtml: string, footerHtml = ""): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:Georgia,serif;color:#1f1d2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px 36px 8px;font-size:13px;letter-spacing:.2em;text-transform:uppercase;color:#6b4e71">The Club</td></tr>
<tr><td style="padding:8px 36px 0"><h1 style="font-size:24px;font-weight:normal;margin:0 0 16px">${escapeHtml(title)}</h1></td></tr>
<tr><td style="padding:0 36px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>${footerHtml}
</table></td></tr></table></body></html>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#3d2b45;color:#ffffff;padding:12px 22px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p><p style="font-size:13px;color:#5c5a66">Or open this address: ${escapeHtml(href)}</p>`;
}

/** Where a member stops one kind of bulk mail, and what that kind is called ("group e-mails from the club"). */
export interface UnsubscribeLink {
  url: string;
  what: string;
}

/** The footer of bulk mail: the page that confirms her unsubscribing and offers to undo it. */
export function unsubscribeFooter(u: UnsubscribeLink | undefined): string {
  if (!u) return "";
  return `<tr><td style="padding:16px 36px 24px;border-top:1px solid #ece7df;font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.5;color:#5c5a66">You receive this as a member of the club. <a href="${escapeHtml(u.url)}" style="color:#5c5a66">Unsubscribe from ${escapeHtml(u.what)}</a>.</td></tr>`;
}

/**
 * RFC 2369 and RFC 8058: the large mail providers show an "Unsubscribe" button for bulk mail
 * carrying both lines, and POST `List-Unsubscribe=One-Click` to the URL from their own servers.
 */
export function unsubscribeHeaders(u: UnsubscribeLink | undefined): { headers?: Record<string, string> } {
  if (!u) return {};
  return { headers: { "List-Unsubscribe": `<${u.url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}
