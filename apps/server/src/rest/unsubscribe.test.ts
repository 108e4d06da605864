import { users } from "@club/db";
import { eq } from "@club/db/orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, login, ORIGIN, request, settle, startApp } from "../test/harness";
import { headerLine, startSmtpSink } from "../test/smtp-sink";

// Group mail goes out over real SMTP; what a mail provider reads of it (the List-Unsubscribe
// headers) is read back with mailparser, and the provider's one-click POST is made as it makes it:
// from its own server, with no cookie and no Origin.

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let received: ParsedMail[] = [];
let admin: string;
let miaId: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
  h = await startApp({ smtpUrl: smtp.url });
  await addUser(h, { email: "root@club.test", name: "Root", admin: true });
  miaId = (await addUser(h, { email: "mia@club.test", name: "Mia" })).id;
  admin = await login(h, "root@club.test");
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

/** Sends a group e-mail to All Members and waits until it went over SMTP. */
async function sendToAll(subject: string) {
  const res = await request(
    h,
    "POST",
    "/api/admin/send-email",
    { subject, body: "<p>News</p>", recipientGroup: "all" },
    admin,
  );
  expect(res.statusCode).toBe(200);
  await settle(h);
  return received.filter((m) => m.subject === subject);
}

const receives = async () =>
  (await h.db.db.select({ on: users.mailGroup }).from(users).where(eq(users.id, miaId)))[0]?.on;

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: "List-Unsubscribe=One-Click",
  });

describe("one-click unsubscribe (RFC 8058)", () => {
  let path: string;

  it("every group e-mail received over SMTP carries List-Unsubscribe with her own link and List-Unsubscribe-Post", async () => {
    const mails = await sendToAll("Autumn news");
    const mine = mails.find((m) => m.to && "text" in m.to && m.to.text === "mia@club.test");
    const link = headerLine(mine, "list-unsubscribe");
    expect(link).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/group-${miaId}-[A-Za-z0-9_-]{43}>$`));
    expect(headerLine(mine, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // The footer links to the same page.
    const url = link?.slice(1, -1) ?? "";
    expect(mine?.html).toContain(url);
    path = url.slice(ORIGIN.length);
    // Each reader has her own link.
    const roots = mails.find((m) => m.to && "text" in m.to && m.to.text === "root@club.test");
    expect(headerLine(roots, "list-unsubscribe")).not.toBe(link);
  });

  it("opening the link shows the page and unsubscribes nobody", async () => {
    const page = await h.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(await receives()).toBe(true);
  });

  it("the POST works without a session and without an Origin, and twice alike", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await oneClick(path);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: "group" });
      expect(await receives()).toBe(false);
    }
  });

  it("a tampered or foreign token gets a 4xx and changes nothing", async () => {
    await h.db.db.update(users).set({ mailGroup: true }).where(eq(users.id, miaId));
    const signature = path.slice(-43);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      path.replace(signature, flipped),
      path.replace("/group-", "/announcements-"),
      `/unsubscribe/group-${crypto.randomUUID()}-${signature}`,
      "/unsubscribe/nothing-at-all",
    ]) {
      const res = await oneClick(bad);
      expect(res.statusCode, bad).toBe(404);
    }
    // An Origin of another site does not matter either way: the token alone decides.
    expect((await oneClick("/unsubscribe/group-x-y", { origin: "https://evil.test" })).statusCode).toBe(404);
    expect(await receives()).toBe(true);
  });

  it("only that route skips the origin check", async () => {
    const res = await h.app.inject({ method: "POST", url: "/api/admin/send-email", headers: { cookie: admin } });
    expect(res.statusCode).toBe(403);
  });

  it("the next group e-mail skips her; account mail still reaches her", async () => {
    expect((await oneClick(path)).statusCode).toBe(200);
    const mails = await sendToAll("Winter news");
    expect(mails.map((m) => (m.to && "text" in m.to ? m.to.text : ""))).toEqual(["root@club.test"]);

    const reset = await request(h, "POST", "/forgot-password", { email: "mia@club.test" });
    expect(reset.statusCode).toBe(200);
    await settle(h);
    const resetMail = received.find(
      (m) => m.subject === "Reset your password" && m.to && "text" in m.to && m.to.text === "mia@club.test",
    );
    expect(resetMail).toBeDefined();
    expect(headerLine(resetMail, "list-unsubscribe")).toBeUndefined();
  });
});
