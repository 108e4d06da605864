import { createInvitationCode } from "@club/api";
import { SESSION_COOKIE } from "@club/auth";
import { auditLog } from "@club/db";
import { and, eq } from "@club/db/orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUser, type Harness, linkIn, login, mailTo, request, startApp } from "../test/harness";

let h: Harness;
let admin: string;
let member: string;
beforeAll(async () => {
  h = await startApp();
  await addUser(h, { email: "root@club.test", name: "Root", admin: true, type: "Founding" });
  await addUser(h, { email: "mia@club.test", name: "Mia", type: "Founding" });
  admin = await login(h, "root@club.test");
  member = await login(h, "mia@club.test");
});
afterAll(() => h.close());

const newCode = async (maxUses?: number) => (await createInvitationCode(h.db.db, { maxUses })).code;

function application(code: string, overrides: Record<string, unknown> = {}) {
  return {
    invitationCode: code,
    full_name: "Grace Hopper",
    email: "grace@example.com",
    phone: "+1-5551234567",
    reason: "Time for myself",
    interests: ["Travel", "Showcases"],
    availability: "Weekends",
    referral: "A friend",
    comments: "",
    membershipType: "Standard",
    propertyAddress: null,
    propertyType: null,
    propertyDescription: null,
    propertyAvailability: null,
    ...overrides,
  };
}

describe("invitation codes", () => {
  it("validates a code and explains a wrong or blank one", async () => {
    const code = await newCode();
    expect((await request(h, "POST", "/api/validate-code", { code })).json()).toEqual({ valid: true, error: null });
    expect((await request(h, "POST", "/api/validate-code", { code: code.toLowerCase() })).json().valid).toBe(true);
    expect((await request(h, "POST", "/api/validate-code", { code: "WRONG" })).json()).toEqual({
      valid: false,
      error: "Invalid invitation code.",
    });
    const blank = await request(h, "POST", "/api/validate-code", { code: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe("Please enter your invitation code.");
  });

  it("throttles guessing per address", async () => {
    const guess = () =>
      h.app.inject({
        method: "POST",
        url: "/api/validate-code",
        remoteAddress: "10.1.1.1",
        headers: { origin: "http://club.test" },
        payload: { code: "GUESS" },
      });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(200);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many attempts/);
  });
});

describe("applications", () => {
  it("accepts a Standard application, uses the code once and sends a receipt", async () => {
    const code = await newCode(1);
    const res = await request(h, "POST", "/request", application(code));
    expect(res.statusCode).toBe(200);
    expect((await mailTo(h, "grace@example.com"))[0]?.subject).toBe("We received your membership application");
    const again = await request(h, "POST", "/request", application(code, { email: "other@example.com" }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe("This invitation code has already been used.");
  });

  it("refuses incomplete or malformed applications with the form's messages", async () => {
    const code = await newCode();
    const missing = await request(h, "POST", "/request", application(code, { reason: " ", interests: [] }));
    expect(missing.json().error).toBe("Please fill out all required fields.");
    const email = await request(h, "POST", "/request", application(code, { email: "nope" }));
    expect(email.json().error).toBe("Invalid email format.");
    const phone = await request(h, "POST", "/request", application(code, { phone: "555-123" }));
    expect(phone.json().error).toBe("Invalid phone number.");
    const host = await request(h, "POST", "/request", application(code, { membershipType: "Travel Host" }));
    expect(host.statusCode).toBe(400);
    expect(host.json().fieldErrors).toHaveProperty("propertyAddress");
    const founding = await request(h, "POST", "/request", application(code, { membershipType: "Founding" }));
    expect(founding.statusCode).toBe(400);
    const badCode = await request(h, "POST", "/request", application("NOPE"));
    expect(badCode.json().error).toBe("Invalid invitation code.");
  });

  it("lists applications with properties to admins only", async () => {
    const code = await newCode();
    await request(
      h,
      "POST",
      "/request",
      application(code, {
        email: "host@example.com",
        full_name: "Helen Host",
        membershipType: "Travel Host",
        propertyAddress: "1 Lake Road",
        propertyType: "Cottage",
        propertyDescription: "By the water",
        propertyAvailability: "Seasonal",
      }),
    );
    expect((await request(h, "GET", "/api/applications")).statusCode).toBe(401);
    expect((await request(h, "GET", "/api/applications", undefined, member)).statusCode).toBe(403);
    const list = (await request(h, "GET", "/api/applications", undefined, admin)).json();
    const helen = list.find((a: { email: string }) => a.email === "host@example.com");
    expect(helen).toMatchObject({
      full_name: "Helen Host",
      membership_type: "Travel Host",
      accepted: null,
      interests: ["Travel", "Showcases"],
      properties: [{ address: "1 Lake Road", type: "Cottage", description: "By the water", availability: "Seasonal" }],
    });
  });
});

describe("review and registration", () => {
  it("accepts once, mails a registration link that registers the member once", async () => {
    const code = await newCode();
    await request(
      h,
      "POST",
      "/request",
      application(code, { email: "ann@example.com", full_name: "Ann Lee", membershipType: "Standard" }),
    );
    const list = (await request(h, "GET", "/api/applications", undefined, admin)).json();
    const ann = list.find((a: { email: string }) => a.email === "ann@example.com");

    expect(
      (await request(h, "PATCH", `/api/applications/${ann.id}/status`, { accepted: true }, member)).statusCode,
    ).toBe(403);
    const accepted = await request(h, "PATCH", `/api/applications/${ann.id}/status`, { accepted: true }, admin);
    expect(accepted.statusCode).toBe(200);
    const twice = await request(h, "PATCH", `/api/applications/${ann.id}/status`, { accepted: false }, admin);
    expect(twice.statusCode).toBe(409);
    expect(
      (await request(h, "PATCH", "/api/applications/not-a-uuid/status", { accepted: true }, admin)).statusCode,
    ).toBe(400);

    const mail = (await mailTo(h, "ann@example.com")).at(-1)!;
    expect(mail.subject).toBe("Welcome to the club: complete your registration");
    const token = linkIn(mail.text, "/register/").split("/").pop()!;

    const valid = await request(h, "GET", `/api/register/validate-token/${token}`);
    expect(valid.json()).toMatchObject({ email: "ann@example.com", type: "Standard" });
    const wrongType = await request(h, "POST", "/api/register", {
      token,
      password: "secret1",
      name: "Ann",
      type: "Founding",
    });
    expect(wrongType.statusCode).toBe(400);
    expect(sessionCookie(wrongType)).toBeUndefined();
    const ok = await request(h, "POST", "/api/register", {
      token,
      password: "secret1",
      name: "Ann Lee",
      type: "Standard",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "Account created successfully. You are signed in." });
    // Signed in as she registers: the browser needs no visit to Login.
    expect(await whoIs(sessionCookie(ok))).toEqual({ authenticated: true, name: "Ann Lee" });
    await login(h, "ann@example.com", "secret1");

    const reused = await request(h, "POST", "/api/register", {
      token,
      password: "secret1",
      name: "Ann",
      type: "Standard",
    });
    expect(reused.json().message).toBe("Invalid or expired token. Please request a new invitation.");
    expect(sessionCookie(reused)).toBeUndefined();
    const revalidate = await request(h, "GET", `/api/register/validate-token/${token}`);
    expect(revalidate.statusCode).toBe(404);
    expect(revalidate.json().message).toBe("Invalid or expired token. Please request a new invitation.");
  });

  it("signs the browser in as the new member, ending the session it had, and records the sign-in", async () => {
    const code = await newCode();
    await request(h, "POST", "/request", application(code, { email: "cleo@example.com", full_name: "Cleo Park" }));
    const list = (await request(h, "GET", "/api/applications", undefined, admin)).json();
    const cleo = list.find((a: { email: string }) => a.email === "cleo@example.com");
    await request(h, "PATCH", `/api/applications/${cleo.id}/status`, { accepted: true }, admin);
    const token = linkIn((await mailTo(h, "cleo@example.com")).at(-1)!.text, "/register/")
      .split("/")
      .pop()!;

    // A browser someone else is signed in to (a shared computer): it becomes Cleo's alone.
    const before = await login(h, "mia@club.test");
    const res = await request(
      h,
      "POST",
      "/api/register",
      { token, password: "secret1", name: "Cleo Park", type: "Standard" },
      before,
    );
    expect(res.statusCode).toBe(200);
    const after = sessionCookie(res);
    expect(after).not.toBe(before);
    expect(await whoIs(after)).toEqual({ authenticated: true, name: "Cleo Park" });
    expect(await whoIs(before)).toEqual({ authenticated: false });

    const records = await h.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "sign_in.succeeded"), eq(auditLog.targetEmail, "cleo@example.com")));
    expect(records.map((r) => r.detail.method)).toEqual(["password"]);
  });

  it("rejects with a courteous e-mail", async () => {
    const code = await newCode();
    await request(h, "POST", "/request", application(code, { email: "bea@example.com", full_name: "Bea" }));
    const list = (await request(h, "GET", "/api/applications", undefined, admin)).json();
    const bea = list.find((a: { email: string }) => a.email === "bea@example.com");
    await request(h, "PATCH", `/api/applications/${bea.id}/status`, { accepted: false }, admin);
    const mail = (await mailTo(h, "bea@example.com")).at(-1)!;
    expect(mail.subject).toBe("Your membership application");
    expect(mail.text).not.toContain("/register/");
  });
});

/** The session cookie an answer sets, as the browser would send it back; none when it sets none. */
function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c !== `${SESSION_COOKIE}=`);
}

/** Who the server takes a browser with this cookie for. */
async function whoIs(cookie: string | undefined) {
  const status = (await request(h, "GET", "/auth-status", undefined, cookie)).json();
  return status.authenticated ? { authenticated: true, name: status.user.name } : { authenticated: false };
}

describe("forgot and reset password", () => {
  it("answers the same text for known and unknown e-mails and mails only real accounts", async () => {
    await addUser(h, { email: "kim@club.test", name: "Kim" });
    const known = await request(h, "POST", "/forgot-password", { email: "KIM@club.test" });
    const unknown = await request(h, "POST", "/forgot-password", { email: "ghost@club.test" });
    expect(known.statusCode).toBe(200);
    expect(known.headers["content-type"]).toContain("text/plain");
    expect(known.body).toBe(unknown.body);
    expect(await mailTo(h, "ghost@club.test")).toHaveLength(0);

    const kim = await login(h, "kim@club.test");
    const token = linkIn((await mailTo(h, "kim@club.test"))[0]!.text, "/reset-password/")
      .split("/")
      .pop()!;
    const short = await request(h, "POST", "/reset-password", { token, newPassword: "abc" });
    expect(short.statusCode).toBe(400);
    expect(short.body).toBe("Password must be 6 to 30 characters.");
    const ok = await request(h, "POST", "/reset-password", { token, newPassword: "brand-new" });
    expect(ok.body).toBe("Password has been reset successfully.");
    expect((await request(h, "GET", "/auth-status", undefined, kim)).json().authenticated).toBe(false);
    await login(h, "kim@club.test", "brand-new");
    const reused = await request(h, "POST", "/reset-password", { token, newPassword: "another1" });
    expect(reused.statusCode).toBe(400);
  });

  it("throttles reset requests per e-mail", async () => {
    for (let i = 0; i < 3; i++) await request(h, "POST", "/forgot-password", { email: "spam@club.test" });
    const limited = await request(h, "POST", "/forgot-password", { email: "spam@club.test" });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatch(/Too many attempts/);
  });
});

describe("members administration", () => {
  it("changes a privilege, ending the member's sessions", async () => {
    const zoe = await addUser(h, { email: "zoe@club.test", name: "Zoe", type: "Standard" });
    const zoeCookie = await login(h, "zoe@club.test");
    expect(
      (await request(h, "PUT", `/api/users/${zoe.id}/privilege`, { type: "Founding" }, zoeCookie)).statusCode,
    ).toBe(403);
    const res = await request(h, "PUT", `/api/users/${zoe.id}/privilege`, { type: "Travel Host" }, admin);
    expect(res.json()).toMatchObject({ type: "Travel Host" });
    expect((await request(h, "GET", "/auth-status", undefined, zoeCookie)).json().authenticated).toBe(false);
    const bad = await request(h, "PUT", `/api/users/${zoe.id}/privilege`, { type: "Gold" }, admin);
    expect(bad.statusCode).toBe(400);
  });

  it("resets to the temporary password, and the member must choose a new one first", async () => {
    const yan = await addUser(h, { email: "yan@club.test", name: "Yan" });
    const res = await request(h, "PUT", `/api/users/${yan.id}/reset-password-to-temp`, { password: "ignored" }, admin);
    expect(res.json().temporaryPassword).toBe("Temp-Pass-1");
    const cookie = await login(h, "yan@club.test", "Temp-Pass-1");
    expect((await request(h, "GET", "/auth-status", undefined, cookie)).json().user.mustChangePassword).toBe(true);
    expect((await request(h, "POST", "/update-user", { name: "Yan" }, cookie)).statusCode).toBe(403);
    const changed = await request(
      h,
      "POST",
      "/update-password",
      { oldPassword: "Temp-Pass-1", newPassword: "mine-now" },
      cookie,
    );
    expect(changed.statusCode).toBe(200);
    expect((await request(h, "POST", "/update-user", { name: "Yan" }, cookie)).statusCode).toBe(200);
  });

  it("lists users and members to admins only", async () => {
    expect((await request(h, "GET", "/api/users", undefined, member)).statusCode).toBe(403);
    const users = (await request(h, "GET", "/api/users", undefined, admin)).json();
    expect(users[0]).toHaveProperty("user_id");
    expect(users[0]).not.toHaveProperty("passwordHash");
    const members = (await request(h, "GET", "/api/admin/get-members", undefined, admin)).json();
    expect(members.map((m: { email: string }) => m.email)).toContain("mia@club.test");
  });
});

describe("group e-mail", () => {
  it("queues one sanitised message per member of the group", async () => {
    const res = await request(
      h,
      "POST",
      "/api/admin/send-email",
      {
        subject: "Spring gathering",
        body: '<p>Hello</p><script>alert(1)</script><img src=x onerror="alert(2)">',
        recipientGroup: "admins",
      },
      admin,
    );
    expect(res.json()).toEqual({ message: "Email sent successfully.", queued: 1 });
    const [mail] = await mailTo(h, "root@club.test");
    expect(mail!.subject).toBe("Spring gathering");
    expect(mail!.html).toContain("<p>Hello</p>");
    expect(mail!.html).not.toMatch(/script|onerror/);
    expect(await mailTo(h, "mia@club.test")).toHaveLength(0);
  });

  it("sends to selected members and the testing team", async () => {
    const tia = await addUser(h, { email: "tia@club.test", name: "Tia" });
    await request(h, "PUT", `/api/users/${tia.id}/testing-team`, { testingTeam: true }, admin);
    const testing = await request(
      h,
      "POST",
      "/api/admin/send-email",
      { subject: "Test", body: "<p>t</p>", recipientGroup: "testing" },
      admin,
    );
    expect(testing.json().queued).toBe(1);
    expect(await mailTo(h, "tia@club.test")).toHaveLength(1);
    const none = await request(
      h,
      "POST",
      "/api/admin/send-email",
      { subject: "S", body: "<p>b</p>", recipientGroup: "selected", selectedMemberIds: [] },
      admin,
    );
    expect(none.json().error).toBe("Select at least one member.");
  });

  it("requires subject and body, and an admin", async () => {
    const empty = await request(
      h,
      "POST",
      "/api/admin/send-email",
      { subject: "", body: "", recipientGroup: "all" },
      admin,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Subject and body are required.");
    const byMember = await request(
      h,
      "POST",
      "/api/admin/send-email",
      { subject: "x", body: "y", recipientGroup: "all" },
      member,
    );
    expect(byMember.statusCode).toBe(403);
  });
});
