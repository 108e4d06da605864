import type { SessionUser } from "@club/auth";
import { applications, auditLog, mailOutbox } from "@club/db";
import { eq, sql } from "@club/db/orm";
import type { AuditKind } from "@club/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { operatorActor, recordAudit } from "./domain/audit/record";
import { issueInvitationCode } from "./domain/membership/invitation-codes";
import { type TestApi, testApi } from "./test/api";
import { Throttle } from "./throttle";

let api: TestApi;
let admin: SessionUser;
let ann: SessionUser;
const IP = "127.0.0.1";

beforeAll(async () => {
  api = await testApi();
  admin = await api.member("root@club.test", { admin: true, type: "Founding" });
  ann = await api.member("ann@club.test", { type: "Standard" });
});
afterAll(() => api.close());

/** Each test starts from an empty log (the table's owner may empty it; rows are never changed or removed one by one). */
beforeEach(async () => {
  await api.db.execute(sql`truncate audit_log`);
});

const records = (kind?: AuditKind) =>
  api.db
    .select()
    .from(auditLog)
    .where(kind ? eq(auditLog.kind, kind) : undefined)
    .orderBy(auditLog.id);

/** Exactly one record, of this kind, and no other record beside it. */
async function onlyRecord(kind: AuditKind) {
  const all = await records();
  expect(all.map((r) => r.kind)).toEqual([kind]);
  return all[0]!;
}

const byAdmin = { actorId: expect.any(String), actorEmail: "root@club.test", ip: IP };

async function pendingApplication(email: string) {
  const [row] = await api.db
    .insert(applications)
    .values({ fullName: "Pat Applicant", email, reason: "r", membershipType: "Standard" })
    .returning({ id: applications.id });
  return row!.id;
}

describe("every act writes its one record, in its transaction", () => {
  it("application accepted and rejected", async () => {
    const a = await pendingApplication("pat@club.test");
    await api.callerFor(admin).applications.setStatus({ id: a, accepted: true });
    expect(await onlyRecord("application.accepted")).toMatchObject({
      ...byAdmin,
      actorId: admin.id,
      targetId: a,
      targetEmail: "pat@club.test",
      detail: { name: "Pat Applicant", membershipType: "Standard" },
    });
    await api.db.execute(sql`truncate audit_log`);
    const b = await pendingApplication("quinn@club.test");
    await api.callerFor(admin).applications.setStatus({ id: b, accepted: false });
    expect(await onlyRecord("application.rejected")).toMatchObject({ targetId: b, targetEmail: "quinn@club.test" });
  });

  it("a decision refused (decided already) writes none", async () => {
    const a = await pendingApplication("rae@club.test");
    await api.callerFor(admin).applications.setStatus({ id: a, accepted: true });
    await expect(api.callerFor(admin).applications.setStatus({ id: a, accepted: false })).rejects.toThrow(
      "already been decided",
    );
    expect((await records()).map((r) => r.kind)).toEqual(["application.accepted"]);
  });

  it("a group e-mail whose subject holds a lone surrogate is sent and recorded (jsonb refuses one)", async () => {
    // Found by the fuzzer: the record's detail could not be written, so the mail failed with a 500.
    await api
      .callerFor(admin)
      .adminMail.send({ subject: "Hi \ud800 there", body: "<p>Hello</p>", recipientGroup: "admins" });
    expect((await onlyRecord("mail.group_sent")).detail).toMatchObject({ subject: "Hi \ufffd there" });
  });

  it("an account made by an admin, with its type and admin right; an e-mail taken writes none", async () => {
    // Found in review: an admin could make another admin's account without a record.
    const made = await api.callerFor(admin).users.create({
      email: "dee@club.test",
      name: "Dee",
      password: "password1",
      type: "Founding",
      admin: true,
    });
    expect(await onlyRecord("member.created")).toMatchObject({
      ...byAdmin,
      targetId: made.id,
      targetEmail: "dee@club.test",
      detail: { type: "Founding", admin: true },
    });
    await expect(
      api.callerFor(admin).users.create({ email: "dee@club.test", name: "Dee", password: "password1" }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await records()).toHaveLength(1);
  });

  it("member type changed, with from and to; the same type again writes none", async () => {
    const bo = await api.member("bo@club.test", { type: "Standard" });
    await api.callerFor(admin).users.setPrivilege({ userId: bo.id, type: "Founding" });
    expect(await onlyRecord("member.type_changed")).toMatchObject({
      ...byAdmin,
      targetId: bo.id,
      targetEmail: "bo@club.test",
      detail: { from: "Standard", to: "Founding" },
    });
    await api.callerFor(admin).users.setPrivilege({ userId: bo.id, type: "Founding" });
    expect(await records()).toHaveLength(1);
  });

  it("admin right changed (users.update), and a type change beside it is its own record", async () => {
    const cy = await api.member("cy@club.test", { type: "Standard" });
    await api.callerFor(admin).users.update({ userId: cy.id, admin: true, type: "Travel Host" });
    const all = await records();
    expect(all.map((r) => r.kind).sort()).toEqual(["member.admin_changed", "member.type_changed"]);
    expect(all.find((r) => r.kind === "member.admin_changed")).toMatchObject({
      ...byAdmin,
      targetId: cy.id,
      detail: { from: false, to: true },
    });
    await api.db.execute(sql`truncate audit_log`);
    await api.callerFor(admin).users.update({ userId: cy.id, name: "Cy Renamed" });
    expect(await records()).toHaveLength(0);
  });

  it("password reset to the temporary one, never the password itself", async () => {
    const di = await api.member("di@club.test");
    await api.callerFor(admin).users.resetPasswordToTemp({ userId: di.id });
    const r = await onlyRecord("member.password_reset");
    expect(r).toMatchObject({ ...byAdmin, targetId: di.id, targetEmail: "di@club.test" });
    expect(JSON.stringify(r.detail)).not.toContain("Temp-Pass-1");
  });

  it("group e-mail sent: group, subject, recipient count", async () => {
    await api.callerFor(admin).adminMail.send({
      subject: "Gala",
      body: "<p>Come</p>",
      recipientGroup: "selected",
      selectedMemberIds: [ann.id, admin.id],
    });
    expect(await onlyRecord("mail.group_sent")).toMatchObject({
      ...byAdmin,
      detail: { group: "selected", subject: "Gala", recipients: 2 },
    });
  });

  it("a group e-mail whose outbox insert fails writes no record (rolled back with it)", async () => {
    const before = (await api.db.select().from(mailOutbox)).length;
    const failingJobs = {
      ...api.jobs,
      send: api.jobs.send.bind(api.jobs),
      sendMany: async () => {
        throw new Error("the queue refused the messages");
      },
    } as unknown as typeof api.jobs;
    await expect(
      api
        .callerFor(admin, { jobs: failingJobs })
        .adminMail.send({ subject: "Lost", body: "<p>x</p>", recipientGroup: "all" }),
    ).rejects.toThrow();
    expect(await records()).toHaveLength(0);
    expect((await api.db.select().from(mailOutbox)).length).toBe(before);
  });

  it("a transaction that throws after its record leaves none", async () => {
    await expect(
      api.db.transaction(async (tx) => {
        await recordAudit(tx, operatorActor, { kind: "invitation_code.created" });
        throw new Error("the act failed");
      }),
    ).rejects.toThrow("the act failed");
    expect(await records()).toHaveLength(0);
  });

  it("invitation code created and revoked: its hint, never the code", async () => {
    const { id, code } = await api.callerFor(admin).invitationCodes.create({ maxUses: 3 });
    const created = await onlyRecord("invitation_code.created");
    expect(created).toMatchObject({ ...byAdmin, targetId: id, detail: { hint: code.slice(-4), maxUses: 3 } });
    expect(JSON.stringify(created.detail)).not.toContain(code);
    await api.callerFor(admin).invitationCodes.revoke({ id });
    expect((await records("invitation_code.revoked"))[0]).toMatchObject({ ...byAdmin, targetId: id });
    // Revoked already: refused, nothing more on record.
    await expect(api.callerFor(admin).invitationCodes.revoke({ id })).rejects.toThrow();
    expect(await records()).toHaveLength(2);
  });

  it("the command line's code is the operator's", async () => {
    await issueInvitationCode(api.db, {}, operatorActor);
    expect(await onlyRecord("invitation_code.created")).toMatchObject({
      actorId: null,
      actorEmail: "operator@localhost",
      ip: null,
    });
  });

  it("an event deleted by an admin is on record; by its creator, not", async () => {
    const host = await api.member("host@club.test", { type: "Founding" });
    const theirs = await api.callerFor(host).events.create({ title: "Picnic" });
    await api.callerFor(admin).events.delete({ id: theirs.id });
    expect(await onlyRecord("event.deleted")).toMatchObject({
      ...byAdmin,
      targetId: theirs.id,
      detail: { title: "Picnic", createdBy: host.id },
    });
    const own = await api.callerFor(host).events.create({ title: "Own" });
    await api.callerFor(host).events.delete({ id: own.id });
    expect(await records()).toHaveLength(1);
  });

  it("media deleted by an admin is on record, naming the uploader; her own deletion is not", async () => {
    const item = await api.mediaRow({ uploadedBy: ann.id, name: "beach.jpg" });
    const own = await api.mediaRow({ uploadedBy: ann.id, name: "own.jpg" });
    await api.callerFor(admin).media.delete({ media: [item] });
    expect(await onlyRecord("media.deleted")).toMatchObject({
      ...byAdmin,
      targetId: item,
      detail: { uploadedBy: "ann@club.test" },
    });
    await api.callerFor(ann).media.delete({ media: [own] });
    expect(await records()).toHaveLength(1);
  });

  it("API token created and revoked", async () => {
    const { id } = await api.callerFor(ann).apiTokens.create({ name: "ci", scope: "read" });
    expect(await onlyRecord("api_token.created")).toMatchObject({
      actorId: ann.id,
      actorEmail: "ann@club.test",
      ip: IP,
      targetId: id,
      targetEmail: "ann@club.test",
      detail: { name: "ci", scope: "read" },
    });
    await api.callerFor(ann).apiTokens.revoke({ id });
    expect((await records("api_token.revoked"))[0]).toMatchObject({ actorId: ann.id, targetId: id });
    expect(await records()).toHaveLength(2);
  });

  it("throttled sign-ins: one record per locked address and window, however many refusals", async () => {
    const throttle = new Throttle();
    const attacker = { throttle, ip: "203.0.113.9" };
    for (let i = 0; i < 14; i++) {
      await api
        .callerFor(null, attacker)
        .auth.login({ email: "ann@club.test", password: "wrong-password" })
        .catch(() => undefined);
    }
    // The first wrong password, once; then the lockout, once.
    expect((await records()).map((x) => x.kind).sort()).toEqual(["sign_in.failed", "sign_in.throttled"]);
    const [r] = await records("sign_in.throttled");
    expect(r).toMatchObject({
      actorId: null,
      actorEmail: null,
      ip: "203.0.113.9",
      targetId: ann.id,
      targetEmail: "ann@club.test",
      detail: { lockedBy: "address" },
    });
  }, 30_000);

  it("failed sign-ins: the first wrong password for an account is recorded, then once per window", async () => {
    const throttle = new Throttle();
    for (let i = 0; i < 3; i++) {
      await api
        .callerFor(null, { throttle, ip: "203.0.113.11", userAgent: "Mozilla/5.0 (Macintosh) Firefox/131.0" })
        .auth.login({ email: "ann@club.test", password: "wrong-password" })
        .catch(() => undefined);
    }
    const r = await onlyRecord("sign_in.failed");
    expect(r).toMatchObject({ actorId: null, ip: "203.0.113.11", targetId: ann.id, targetEmail: "ann@club.test" });
    // An address no member has: recorded without it (it may be a password typed in the wrong field).
    await api
      .callerFor(null, { throttle, ip: "203.0.113.12" })
      .auth.login({ email: "my-secret-password@club.test", password: "hunter22" })
      .catch(() => undefined);
    const failed = await records("sign_in.failed");
    expect(failed).toHaveLength(2);
    expect(failed.find((f) => f.ip === "203.0.113.12")).toMatchObject({ targetId: null, targetEmail: null });
    expect(JSON.stringify(failed)).not.toContain("my-secret-password");
  }, 30_000);

  it("a throttled sign-in for an e-mail nobody has keeps no e-mail", async () => {
    const throttle = new Throttle();
    for (let i = 0; i < 12; i++) {
      await api
        .callerFor(null, { throttle, ip: "203.0.113.10" })
        .auth.login({ email: "nobody@club.test", password: "hunter22" })
        .catch(() => undefined);
    }
    expect((await records()).map((x) => x.kind).sort()).toEqual(["sign_in.failed", "sign_in.throttled"]);
    const [r] = await records("sign_in.throttled");
    expect(r).toMatchObject({ targetId: null, targetEmail: null, ip: "203.0.113.10" });
  }, 30_000);
});

describe("the log is append-only", () => {
  it("refuses UPDATE and DELETE of a record", async () => {
    await recordAudit(api.db, operatorActor, { kind: "invitation_code.created" });
    await expect(api.db.update(auditLog).set({ kind: "member.password_reset" })).rejects.toThrow();
    await expect(api.db.delete(auditLog)).rejects.toThrow();
    expect(await onlyRecord("invitation_code.created")).toBeTruthy();
  });
});
