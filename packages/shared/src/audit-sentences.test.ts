import { describe, expect, it } from "vitest";
import { type AuditRecordWords, auditSentence } from "./audit-sentences";
import { type AuditKind, auditKinds } from "./enums";

const ADMIN = {
  actorId: "a0000000-0000-4000-8000-000000000001",
  actorEmail: "alex@club.test",
  actorName: "Alexandra Admin",
};
const FIONA = {
  targetId: "f0000000-0000-4000-8000-000000000002",
  targetEmail: "fiona@club.test",
  targetName: "Fiona Founding",
};
const BEA = {
  actorId: "b0000000-0000-4000-8000-000000000003",
  actorEmail: "bea@club.test",
  actorName: "Bea Member",
  targetId: "b0000000-0000-4000-8000-000000000003",
  targetEmail: "bea@club.test",
  targetName: "Bea Member",
};
const THING = { targetId: "70000000-0000-4000-8000-000000000004", targetEmail: null };
const rec = (r: Partial<AuditRecordWords>): AuditRecordWords => ({
  kind: "",
  actorId: null,
  actorEmail: null,
  targetId: null,
  targetEmail: null,
  ip: "203.0.113.9",
  detail: {},
  ...r,
});

/** A record of every kind, as its recordAudit call writes it, and the sentence it reads as. */
const examples: Record<AuditKind, [Partial<AuditRecordWords>, string]> = {
  "application.accepted": [
    {
      ...ADMIN,
      ...THING,
      targetEmail: "pat@example.com",
      detail: { name: "Pat Applicant", membershipType: "Standard" },
    },
    "Alexandra Admin accepted the application of Pat Applicant (pat@example.com) as a Standard member.",
  ],
  "application.rejected": [
    {
      ...ADMIN,
      ...THING,
      targetEmail: "pat@example.com",
      detail: { name: "Pat Applicant", membershipType: "Standard" },
    },
    "Alexandra Admin declined the application of Pat Applicant (pat@example.com).",
  ],
  "member.created": [
    { ...ADMIN, ...FIONA, detail: { type: "Founding", admin: true } },
    "Alexandra Admin created an account for Fiona Founding as a Founding member, with the admin right.",
  ],
  "member.type_changed": [
    { ...ADMIN, ...FIONA, detail: { from: "Standard", to: "Founding" } },
    "Alexandra Admin changed Fiona Founding’s type from Standard to Founding.",
  ],
  "member.admin_changed": [
    { ...ADMIN, ...FIONA, detail: { from: false, to: true } },
    "Alexandra Admin gave Fiona Founding the admin right.",
  ],
  "member.password_reset": [
    { ...ADMIN, ...FIONA },
    "Alexandra Admin reset Fiona Founding’s password to the temporary one.",
  ],
  "member.deleted": [
    {
      ...ADMIN,
      ...FIONA,
      targetName: null,
      detail: {
        by: "admin",
        content: "anonymise",
        comments: 2,
        media: 1,
        eventsPassed: 1,
        eventsPassedTo: "alex@club.test",
      },
    },
    "Alexandra Admin deleted the account of fiona@club.test; 2 comments and 1 upload kept as a former member’s; 1 event passed to alex@club.test.",
  ],
  "member.email_changed": [
    { ...BEA, actorEmail: "bea@old.test", detail: { from: "bea@old.test", to: "bea@club.test" } },
    "Bea Member changed their e-mail address from bea@old.test to bea@club.test.",
  ],
  "mail.group_sent": [
    { ...ADMIN, detail: { group: "all", subject: "Autumn news", recipients: 42 } },
    "Alexandra Admin sent “Autumn news” to 42 members of All Members.",
  ],
  "mail.group_scheduled": [
    {
      ...ADMIN,
      ...THING,
      detail: { subject: "Winter ball", recipientGroup: "founding", recipients: 7, sendAt: "2026-12-01T18:00:00.000Z" },
    },
    "Alexandra Admin scheduled “Winter ball” to 7 members of Founder Members for 2026-12-01 18:00 UTC.",
  ],
  "mail.group_cancelled": [
    {
      ...ADMIN,
      ...THING,
      detail: { subject: "Winter ball", recipientGroup: "founding", sendAt: "2026-12-01T18:00:00.000Z" },
    },
    "Alexandra Admin cancelled “Winter ball” to Founder Members, scheduled for 2026-12-01 18:00 UTC.",
  ],
  "invitation_code.created": [
    { ...ADMIN, ...THING, detail: { hint: "K7QZ", maxUses: 5, expiresAt: null } },
    "Alexandra Admin created an invitation code ending in K7QZ, for 5 uses.",
  ],
  "invitation_code.revoked": [
    { ...ADMIN, ...THING, detail: { hint: "K7QZ" } },
    "Alexandra Admin revoked the invitation code ending in K7QZ.",
  ],
  "event.deleted": [
    {
      ...ADMIN,
      ...THING,
      ownerName: "Carl Creator",
      detail: { title: "Summer Ball", date: "2026-06-15", createdBy: "x" },
    },
    "Alexandra Admin deleted the event “Summer Ball” of June 15, 2026 by Carl Creator.",
  ],
  "media.deleted": [
    {
      ...ADMIN,
      ...THING,
      ownerName: "Carl Creator",
      detail: { title: "Sunset", mediaType: "image", uploadedBy: "c@x" },
    },
    "Alexandra Admin deleted the photo “Sunset” uploaded by Carl Creator.",
  ],
  "sign_in.succeeded": [
    { ...BEA, detail: { method: "passkey", browser: "Firefox 133 on macOS" } },
    "Bea Member signed in with a passkey from Firefox 133 on macOS (203.0.113.9).",
  ],
  "sign_in.throttled": [
    { ...FIONA, detail: { lockedBy: "account" } },
    "Sign-ins to Fiona Founding’s account from new devices were paused after too many wrong passwords (203.0.113.9).",
  ],
  "sign_in.failed": [
    { ...FIONA, detail: { browser: "Firefox on macOS" } },
    "A wrong password was given for Fiona Founding from 203.0.113.9 (Firefox on macOS); further failures in the next 15 minutes are not recorded one by one.",
  ],
  "identity.linked": [
    { ...BEA, detail: { issuer: "https://id.example.com", email: "bea@id.example.com", via: "settings" } },
    "Bea Member connected their account at id.example.com (bea@id.example.com).",
  ],
  "identity.unlinked": [
    { ...BEA, detail: { issuer: "https://id.example.com", email: "bea@id.example.com" } },
    "Bea Member disconnected their account at id.example.com (bea@id.example.com).",
  ],
  "passkey.added": [{ ...BEA, detail: { name: "MacBook" } }, "Bea Member added the passkey “MacBook”."],
  "passkey.removed": [
    { ...ADMIN, ...FIONA, detail: { name: "MacBook" } },
    "Alexandra Admin removed the passkey “MacBook” of Fiona Founding.",
  ],
  "api_token.created": [
    {
      ...ADMIN,
      ...THING,
      targetEmail: "alex@club.test",
      targetName: "Alexandra Admin",
      detail: { name: "CI", scope: "read", expiresAt: null },
    },
    "Alexandra Admin created the API token “CI” (read only).",
  ],
  "api_token.revoked": [
    {
      ...ADMIN,
      ...THING,
      targetEmail: "fiona@club.test",
      targetName: "Fiona Founding",
      detail: { name: "CI", scope: "admin" },
    },
    "Alexandra Admin revoked the API token “CI” (all its owner’s rights) of Fiona Founding.",
  ],
  "sessions.ended": [
    { ...BEA, detail: { count: 3, which: "all others", sessions: [] } },
    "Bea Member ended their 3 other sessions.",
  ],
  "session.confirmed": [
    { ...BEA, detail: { until: "2026-11-26T18:15:00.000Z" } },
    "Bea Member confirmed a session by the link mailed to them, and may add ways in until 2026-11-26 18:15 UTC.",
  ],
  "stay.requested": [
    {
      ...BEA,
      ...THING,
      detail: { home: "Garden flat", guest: "Bea Member", arrive: "2031-07-10", depart: "2031-07-14", nights: 4 },
    },
    "Bea Member asked to stay at “Garden flat”, July 10, 2031 to July 14, 2031 (4 nights).",
  ],
  "stay.accepted": [
    {
      ...ADMIN,
      ...THING,
      detail: { home: "Garden flat", guest: "Bea Member", arrive: "2031-07-10", depart: "2031-07-14", nights: 4 },
    },
    "Alexandra Admin accepted Bea Member’s stay at “Garden flat”, July 10, 2031 to July 14, 2031 (4 nights).",
  ],
  "stay.declined": [
    {
      ...THING,
      actorId: null,
      actorEmail: null,
      ip: null,
      detail: { home: "Garden flat", guest: "Bea Member", expired: true },
    },
    "Bea Member’s request to stay at “Garden flat” lapsed unanswered after 72 hours.",
  ],
  "stay.cancelled": [
    {
      ...BEA,
      ...THING,
      detail: { home: "Garden flat", guest: "Bea Member", guestId: BEA.actorId, reason: "A family matter." },
    },
    "Bea Member cancelled their stay at “Garden flat”: A family matter.",
  ],
  "stay.payment_recorded": [
    {
      ...ADMIN,
      ...THING,
      detail: { home: "Garden flat", guest: "Bea Member", amount: 30_000, method: "Bank transfer" },
    },
    "Alexandra Admin recorded $300 received for Bea Member’s stay at “Garden flat” (bank transfer).",
  ],
  "stay.payment_reversed": [
    {
      ...ADMIN,
      ...THING,
      detail: { home: "Garden flat", guest: "Bea Member", amount: -30_000, reason: "Plans changed." },
    },
    "Alexandra Admin reversed $300 paid for Bea Member’s stay at “Garden flat”: Plans changed.",
  ],
  "club_settings.changed": [
    { ...ADMIN, targetId: "adminSignIn", detail: { setting: "adminSignIn", old: "any", new: "passkey-or-provider" } },
    "Alexandra Admin changed how admins sign in from any way to a passkey or the identity provider only.",
  ],

  "data_export.requested": [{ ...BEA, detail: { exportId: "e" } }, "Bea Member asked for a copy of their data."],
  "data_export.downloaded": [
    { ...BEA, detail: { exportId: "e", bytes: 2_400_000 } },
    "Bea Member downloaded a copy of their data (2.3 MB).",
  ],
  "webhook.added": [
    {
      ...ADMIN,
      ...THING,
      detail: { name: "CRM", url: "https://crm.example.com/hooks", events: ["event.created", "member.created"] },
    },
    "Alexandra Admin added the webhook “CRM” posting to https://crm.example.com/hooks for event.created, member.created.",
  ],
  "webhook.removed": [
    { ...ADMIN, ...THING, detail: { name: "CRM", url: "https://crm.example.com/hooks" } },
    "Alexandra Admin removed the webhook “CRM” that posted to https://crm.example.com/hooks.",
  ],
  "webhook.changed": [
    {
      ...ADMIN,
      ...THING,
      detail: {
        name: "CRM",
        oldName: "Old CRM",
        oldUrl: "https://old.example.com",
        url: "https://crm.example.com/hooks",
      },
    },
    "Alexandra Admin changed the webhook “CRM”: renamed it from “Old CRM”; pointed it to https://crm.example.com/hooks.",
  ],
};

describe("the audit log in words", () => {
  it.each([...auditKinds])("%s reads as a sentence", (kind) => {
    const [record, sentence] = examples[kind];
    expect(auditSentence(rec({ ...record, kind }))).toBe(sentence);
  });

  it.each([...auditKinds])("%s still reads with an empty detail and nobody known", (kind) => {
    const words = auditSentence(rec({ kind, ip: null }));
    expect(words).toMatch(/^[A-Z“].+\.$/);
    expect(words).not.toMatch(/undefined|null|\[object|NaN/);
  });

  it("reads the travel discounts, a setting of three numbers, as words", () => {
    const r = rec({
      ...ADMIN,
      kind: "club_settings.changed",
      targetId: "travelDiscounts",
      detail: {
        setting: "travelDiscounts",
        old: { "Travel Host": 100, Founding: 80, Standard: 50 },
        new: { "Travel Host": 100, Founding: 85, Standard: 50 },
      },
    });
    expect(auditSentence(r)).toBe(
      "Alexandra Admin changed the travel discounts from Travel Host 100%, Founding 80%, Standard 50% to Travel Host 100%, Founding 85%, Standard 50%.",
    );
  });

  it("says the club paused a webhook that kept failing, and an admin one she paused", () => {
    const paused = { ...THING, kind: "webhook.changed" };
    expect(auditSentence(rec({ ...paused, detail: { name: "CRM", paused: true, because: "failing" } }))).toBe(
      "The club paused the webhook “CRM” after three days of failures.",
    );
    expect(auditSentence(rec({ ...ADMIN, ...paused, detail: { name: "CRM", paused: true } }))).toBe(
      "Alexandra Admin paused the webhook “CRM”.",
    );
  });

  it("falls back on the e-mail kept when the member was deleted, and names the operator", () => {
    const gone = { ...FIONA, targetName: null };
    expect(auditSentence(rec({ ...ADMIN, ...gone, kind: "member.password_reset" }))).toBe(
      "Alexandra Admin reset the password of a deleted member (fiona@club.test) to the temporary one.",
    );
    expect(
      auditSentence(
        rec({
          actorId: ADMIN.actorId,
          actorEmail: "alex@club.test",
          ...FIONA,
          kind: "passkey.removed",
          detail: { name: "Key" },
        }),
      ),
    ).toBe("A deleted member (alex@club.test) removed the passkey “Key” of Fiona Founding.");
    expect(
      auditSentence(
        rec({
          actorEmail: "operator@localhost",
          ...FIONA,
          kind: "data_export.downloaded",
          detail: { via: "club user export", bytes: 5000 },
        }),
      ),
    ).toBe("The operator (command line) wrote Fiona Founding’s data to a file with club user export (5 KB).");
  });

  it("writes moments in the zone it is given, and names an unknown kind as it is", () => {
    const [record] = examples["mail.group_scheduled"];
    const inParis = (at: Date) =>
      at.toLocaleString("en-GB", { timeZone: "Europe/Paris", dateStyle: "medium", timeStyle: "short" });
    expect(auditSentence(rec({ ...record, kind: "mail.group_scheduled" }), { moment: inParis })).toContain(
      "for 1 Dec 2026, 19:00",
    );
    expect(auditSentence(rec({ ...ADMIN, kind: "something.old" }))).toBe("Alexandra Admin: something.old.");
  });
});
