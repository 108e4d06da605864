import type { OutboxMessage } from "@club/db";

export interface MailTransport {
  /** "captured" transports keep the message in the outbox only (the embedded default). */
  readonly kind: "smtp" | "capture";
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // File and URL access are disabled so message content can never make the server read a
  // local file or fetch an address.
  // nodemailer is loaded only when mail goes out by SMTP: the embedded default keeps mail in the
  // outbox, and it is 2 MB of heap (docs/decisions/README.md, "The embedded database's memory").
  const loading = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl, { disableFileAccess: true, disableUrlAccess: true }),
  );
  return {
    kind: "smtp",
    async send(m) {
      const transporter = await loading;
      await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: m.headers,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => void loading.then((transporter) => transporter.close()),
  };
}

export function createCaptureTransport(): MailTransport {
  return { kind: "capture", async send() {}, close() {} };
}
