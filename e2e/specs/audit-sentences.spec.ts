import { expect, type Page, type Route, test } from "@playwright/test";
import { ADMIN, createMember, DEMO_PASSWORD, screenshot, shoot, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

// The audit log in words (issue 36): each record a sentence, its time in the reader's own zone,
// its raw data behind Details.

test.use({ timezoneId: "Europe/Paris" });

const AUDREY = { email: "audrey.audit@club.local", name: "Audrey Audit" };

test("records made in the browser read as sentences, with the raw detail behind Details", async ({ page, request }) => {
  await createMember(request, AUDREY);
  // She signs in and asks for a copy of her data, as Settings does.
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  expect((await request.post("/login", { headers, data: { email: AUDREY.email, password: DEMO_PASSWORD } })).ok()).toBe(
    true,
  );
  const asked = await request.post("/trpc/dataExport.request", { headers, data: {} });
  expect(asked.ok(), await asked.text()).toBe(true);

  await signIn(page, ADMIN.email, { to: "/audit-log" });
  const records = page.getByRole("list", { name: "Audit records, newest first" });
  await expect(records.getByText("Audrey Audit asked for a copy of their data.")).toBeVisible();
  await expect(
    records.getByText(/^Audrey Audit signed in with a password from \S+ \d+ on .+\.$/).first(),
  ).toBeVisible();
  await expect(
    records.getByText("Alexandra Admin created an account for Audrey Audit as a Standard member."),
  ).toBeVisible();
  await expect(records.getByText(/^Alexandra Admin signed in with a password from /).first()).toBeVisible();

  // The raw data, as the record keeps it, opens under its sentence.
  const item = records.getByRole("listitem").filter({ hasText: "Audrey Audit asked for a copy of their data." });
  const detail = item.locator("dl");
  await expect(detail).toBeHidden();
  await item.getByText("Details").click();
  await expect(detail).toBeVisible();
  await expect(detail).toContainText("data_export.requested");
  await expect(detail).toContainText(AUDREY.email);
  await expect(detail).toContainText("Export id");
});

/** One record of every kind, as its recordAudit call writes it, and the sentence the page shows. */
const ALEX = { actorId: "a0000000-0000-4000-8000-000000000001", actorEmail: ADMIN.email, actorName: ADMIN.name };
const FIONA = {
  targetId: "f0000000-0000-4000-8000-000000000002",
  targetEmail: "founding@club.local",
  targetName: "Fiona Founding",
};
const BEA = {
  actorId: "b0000000-0000-4000-8000-000000000003",
  actorEmail: "bea@club.local",
  actorName: "Bea Member",
  targetId: "b0000000-0000-4000-8000-000000000003",
  targetEmail: "bea@club.local",
  targetName: "Bea Member",
};
const THING = { targetId: "70000000-0000-4000-8000-000000000004", targetEmail: null, targetName: null };
const KINDS: [string, Record<string, unknown>, string][] = [
  [
    "application.accepted",
    {
      ...ALEX,
      ...THING,
      targetEmail: "pat@example.com",
      detail: { name: "Pat Applicant", membershipType: "Standard" },
    },
    "Alexandra Admin accepted the application of Pat Applicant (pat@example.com) as a Standard member.",
  ],
  [
    "application.rejected",
    { ...ALEX, ...THING, targetEmail: "quinn@example.com", detail: { name: "Quinn Q", membershipType: "Standard" } },
    "Alexandra Admin declined the application of Quinn Q (quinn@example.com).",
  ],
  [
    "member.created",
    { ...ALEX, ...FIONA, detail: { type: "Founding", admin: false } },
    "Alexandra Admin created an account for Fiona Founding as a Founding member.",
  ],
  [
    "member.type_changed",
    { ...ALEX, ...FIONA, detail: { from: "Standard", to: "Founding" } },
    "Alexandra Admin changed Fiona Founding’s type from Standard to Founding.",
  ],
  [
    "member.admin_changed",
    { ...ALEX, ...FIONA, detail: { from: true, to: false } },
    "Alexandra Admin took the admin right from Fiona Founding.",
  ],
  [
    "member.password_reset",
    { ...ALEX, ...FIONA, targetName: null },
    "Alexandra Admin reset the password of a deleted member (founding@club.local) to the temporary one.",
  ],
  [
    "member.deleted",
    { ...ALEX, ...FIONA, targetName: null, detail: { by: "admin", content: "remove", comments: 1, media: 0 } },
    "Alexandra Admin deleted the account of founding@club.local; 1 comment and 0 uploads removed.",
  ],
  [
    "member.email_changed",
    { ...BEA, actorEmail: "bea@old.example", detail: { from: "bea@old.example", to: "bea@club.local" } },
    "Bea Member changed their e-mail address from bea@old.example to bea@club.local.",
  ],
  [
    "mail.group_sent",
    { ...ALEX, detail: { group: "all", subject: "Autumn news", recipients: 42 } },
    "Alexandra Admin sent “Autumn news” to 42 members of All Members.",
  ],
  [
    "mail.group_scheduled",
    {
      ...ALEX,
      ...THING,
      detail: { subject: "Winter ball", recipientGroup: "founding", recipients: 7, sendAt: "2026-12-01T18:00:00.000Z" },
    },
    // 18:00 UTC is 7 PM in Paris: the reader's zone.
    "Alexandra Admin scheduled “Winter ball” to 7 members of Founder Members for Dec 1, 2026 at 7:00 PM.",
  ],
  [
    "mail.group_cancelled",
    {
      ...ALEX,
      ...THING,
      detail: { subject: "Winter ball", recipientGroup: "founding", sendAt: "2026-12-01T18:00:00.000Z" },
    },
    "Alexandra Admin cancelled “Winter ball” to Founder Members, scheduled for Dec 1, 2026 at 7:00 PM.",
  ],
  [
    "invitation_code.created",
    {
      actorId: null,
      actorEmail: "operator@localhost",
      ...THING,
      detail: { hint: "K7QZ", maxUses: 5, expiresAt: null },
    },
    "The operator (command line) created an invitation code ending in K7QZ, for 5 uses.",
  ],
  [
    "invitation_code.revoked",
    { ...ALEX, ...THING, detail: { hint: "K7QZ" } },
    "Alexandra Admin revoked the invitation code ending in K7QZ.",
  ],
  [
    "event.deleted",
    {
      ...ALEX,
      ...THING,
      ownerName: "Carl Creator",
      detail: { title: "Summer Ball", date: "2026-06-15", createdBy: "x" },
    },
    "Alexandra Admin deleted the event “Summer Ball” of June 15, 2026 by Carl Creator.",
  ],
  [
    "media.deleted",
    {
      ...ALEX,
      ...THING,
      ownerName: null,
      detail: { title: "Sunset", mediaType: "video", uploadedBy: "carl@x.example" },
    },
    "Alexandra Admin deleted the video “Sunset” uploaded by carl@x.example.",
  ],
  [
    "sign_in.succeeded",
    { ...BEA, detail: { method: "passkey", browser: "Firefox 133 on macOS" } },
    "Bea Member signed in with a passkey from Firefox 133 on macOS (203.0.113.9).",
  ],
  [
    "sign_in.throttled",
    { actorId: null, actorEmail: null, targetId: null, targetEmail: null, detail: { lockedBy: "address" } },
    "Sign-ins from 203.0.113.9 were paused after too many attempts.",
  ],
  [
    "identity.linked",
    { ...BEA, detail: { issuer: "https://id.example.com", email: "bea@id.example.com", via: "verified e-mail" } },
    "Bea Member connected their account at id.example.com (bea@id.example.com) on signing in, by its verified e-mail.",
  ],
  [
    "identity.unlinked",
    { ...BEA, detail: { issuer: "https://id.example.com", email: "bea@id.example.com" } },
    "Bea Member disconnected their account at id.example.com (bea@id.example.com).",
  ],
  ["passkey.added", { ...BEA, detail: { name: "iPhone" } }, "Bea Member added the passkey “iPhone”."],
  [
    "passkey.removed",
    { ...ALEX, ...FIONA, detail: { name: "MacBook" } },
    "Alexandra Admin removed the passkey “MacBook” of Fiona Founding.",
  ],
  [
    "api_token.created",
    {
      ...ALEX,
      ...THING,
      targetEmail: ADMIN.email,
      targetName: ADMIN.name,
      detail: { name: "Backup", scope: "read", expiresAt: "2027-01-31T23:00:00.000Z" },
    },
    "Alexandra Admin created the API token “Backup” (read only), valid until Feb 1, 2027 at 12:00 AM.",
  ],
  [
    "api_token.revoked",
    {
      ...ALEX,
      ...THING,
      targetEmail: "founding@club.local",
      targetName: "Fiona Founding",
      detail: { name: "CI", scope: "seed" },
    },
    "Alexandra Admin revoked the API token “CI” (seeding) of Fiona Founding.",
  ],
  [
    "sessions.ended",
    {
      ...BEA,
      detail: { count: 1, which: "one", sessions: [{ browser: "Safari 17 on iOS 17.4", method: "password" }] },
    },
    "Bea Member ended their session in Safari 17 on iOS 17.4.",
  ],
  [
    "session.confirmed",
    { ...BEA, detail: { until: "2026-11-26T18:15:00.000Z" } },
    "Bea Member confirmed a session by the link mailed to them, and may add ways in until Nov 26, 2026 at 7:15 PM.",
  ],
  [
    "club_settings.changed",
    { ...ALEX, targetId: "adminSignIn", detail: { setting: "adminSignIn", old: "passkey-or-provider", new: "any" } },
    "Alexandra Admin changed how admins sign in from a passkey or the identity provider only to any way.",
  ],
  ["data_export.requested", { ...BEA, detail: { exportId: "e1" } }, "Bea Member asked for a copy of their data."],
  [
    "data_export.downloaded",
    { actorId: null, actorEmail: "operator@localhost", ...FIONA, detail: { via: "club user export", bytes: 5000 } },
    "The operator (command line) wrote Fiona Founding’s data to a file with club user export (5 KB).",
  ],
];

/**
 * The page's list of records answered with one record of every kind: the server's embedded
 * database is not reachable from the spec, and most kinds (a passkey removed, an identity linked,
 * a throttled sign-in…) take a whole feature's walk to make. The rest of the answer is the real one.
 */
async function answerWithEveryKind(route: Route) {
  const res = await route.fetch();
  const body = await res.json();
  const path = decodeURIComponent(new URL(route.request().url()).pathname);
  const procedures = path.replace(/^\/trpc\//, "").split(",");
  const at = procedures.indexOf("audit.list");
  const items = KINDS.map(([kind, r], i) => ({
    id: 1000 - i,
    at: new Date(Date.UTC(2026, 10, 26, 17, 59 - i)).toISOString(),
    kind,
    actorId: null,
    actorEmail: null,
    actorName: null,
    targetId: null,
    targetEmail: null,
    targetName: null,
    ownerName: null,
    ip: "203.0.113.9",
    detail: {},
    ...r,
  }));
  const data = {
    json: { items, older: null, newer: null },
    meta: { values: Object.fromEntries(items.map((_, i) => [`items.${i}.at`, ["Date"]])), v: 1 },
  };
  if (Array.isArray(body)) body[at] = { result: { data } };
  else body.result = { data };
  await route.fulfill({ response: res, json: body });
}

/**
 * The page rendered on the server holds its first records in the HTML; a filter then asks the API
 * from the browser, and that answer is the one given every kind.
 */
async function openAuditLogInTheApp(page: Page) {
  await signIn(page, ADMIN.email, { to: "/audit-log" });
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.route(
    (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("audit.list"),
    answerWithEveryKind,
  );
  await page.getByLabel("Person").fill("a");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/actor=a/);
}

test("the audit sentences for every kind", async ({ page }) => {
  await openAuditLogInTheApp(page);
  const records = page.getByRole("list", { name: "Audit records, newest first" });
  await expect(records.getByRole("listitem")).toHaveCount(KINDS.length);
  for (const [kind, , sentence] of KINDS) {
    const item = records.locator(`li[data-kind="${kind}"]`);
    // The kind's label, then its sentence.
    await expect(item.locator("p").nth(1), kind).toHaveText(sentence);
  }
  // Times in the reader's zone (Paris, an hour ahead of UTC in November).
  await expect(records.locator("li").first().locator("time")).toHaveText("Nov 26, 2026 at 6:59 PM");

  const scheduled = records.locator('li[data-kind="mail.group_scheduled"]');
  await scheduled.getByText("Details").click();
  const detail = scheduled.locator("dl");
  await expect(detail).toBeVisible();
  const raw: [string, string][] = [
    ["Subject", "Winter ball"],
    ["Recipient group", "founding"],
    ["Recipients", "7"],
    ["Send at", "2026-12-01T18:00:00.000Z"],
    ["Address", "203.0.113.9"],
  ];
  for (const [k, v] of raw) {
    await expect(detail.getByText(k, { exact: true })).toBeVisible();
    await expect(detail.getByText(v, { exact: true })).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, "audit-every-kind-desktop");
  await scheduled.scrollIntoViewIfNeeded();
  await shoot(page, "audit-details-open-desktop");
  await screenshot(page, "audit-every-kind-desktop-full");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, "audit-every-kind-phone");
  await screenshot(page, "audit-every-kind-phone-full");
  await scheduled.scrollIntoViewIfNeeded();
  await shoot(page, "audit-details-open-phone");
  await screenshot(page, "audit-sentences-phone");
});
