import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { SERVER_INDEX } from "./playwright.config";

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | false;
  attachments: string[];
  /** The List-* header lines, by lower-case name (List-Unsubscribe of bulk mail). */
  headers: Record<string, string>;
}

/** The mail of this worker's server (start-server.mjs). */
const mailDir = join(import.meta.dirname, ".e2e-data", String(SERVER_INDEX), "mail");

function all(): CapturedMail[] {
  return readdirSync(mailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")) as CapturedMail);
}

/** Waits for the newest message to `to` whose subject matches (mail leaves through the outbox worker). */
export async function waitForMail(to: string, subject: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = all()
          .reverse()
          .find((m) => m.to.includes(to) && subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 45_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message to a path of the app. */
export function linkTo(mail: CapturedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s)]+${path}[^\\s)]*`));
  if (!match) throw new Error(`no ${path} link in ${mail.subject}`);
  return new URL(match[0]).pathname;
}
