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
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f3ee;font-family:Georgia,serif;color:#1f1d2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:28px 36px 8px;font-size:13px;letter-spacing:.2em;text-transform:uppercase;color:#6b4e71">The Club</td></tr>
<tr><td style="padding:8px 36px 0"><h1 style="font-size:24px;font-weight:normal;margin:0 0 16px">${escapeHtml(title)}</h1></td></tr>
<tr><td style="padding:0 36px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.6">${bodyHtml}</td></tr>
</table></td></tr></table></body></html>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#3d2b45;color:#ffffff;padding:12px 22px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p><p style="font-size:13px;color:#5c5a66">Or open this address: ${escapeHtml(href)}</p>`;
}
