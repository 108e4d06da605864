import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { confirmByEmail, createMember, expectAccessible, shoot, signIn } from "../fixtures";
import { waitForMail } from "../mail";

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools' WebAuthn domain): a platform
 * authenticator (ctap2, internal) holding discoverable credentials, that verifies the user and
 * answers every prompt at once, as a phone's fingerprint reader would with a finger on it.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Once the app runs the page (its controls are disabled while it is the server's HTML). */
const taken = (page: Page) => page.waitForFunction(() => document.querySelector("#root fieldset[disabled]") === null);

async function shots(page: Page, name: string, target?: () => Promise<unknown>) {
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 900 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await target?.();
    await shoot(page, `${name}-${label}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member adds a passkey, signs in with it and no password, and removes it", async ({ page, request }) => {
  const member = { email: `passkey-${Date.now()}@club.local`, name: "Petra Passkey" };
  await createMember(request, member);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await signIn(page, member.email, { to: "/settings/security" });
  await taken(page);
  const security = page.getByRole("region", { name: "Security" });
  await expect(security.getByText("No passkeys yet.")).toBeVisible();
  // Signed in with a password alone: she confirms by e-mail first (docs/decisions/README.md, "New ways in").
  await security.getByRole("button", { name: "Add a passkey" }).click();
  await expect(security.getByText("First, confirm it is you")).toBeVisible();
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(0);
  await expectAccessible(page);
  await shots(page, "settings-confirm-by-email", () =>
    security
      .getByText("First, confirm it is you")
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 300)),
  );
  // Her mailbox is on her phone: she types the code from it here.
  await confirmByEmail(page, member.email, { shots: "settings-confirm-by-email", by: "code" });
  await taken(page);
  await security.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText(/The passkey ".+" was added/)).toBeVisible();
  await expect(security.getByText("First, confirm it is you")).toHaveCount(0);
  // She is told by e-mail, with what to do if it was not her.
  const notice = await waitForMail(member.email, /^A change to how you sign in to the club$/);
  expect(notice.text).toMatch(/was added on\s+your\s+club\s+account/);
  expect(notice.text).toContain("/forgot-password");
  const passkeys = security.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("last used never");
  // The authenticator now holds a discoverable credential for this site.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await security.getByRole("button", { name: /^Rename / }).click();
  await security.getByLabel("Passkey name").fill("  Work laptop  ");
  await security.getByRole("button", { name: "Save" }).click();
  await expect(passkeys.first()).toContainText("Work laptop");
  await expectAccessible(page);
  // Without the toast, with the Security heading at the top, below the header.
  await page.reload();
  await taken(page);
  await shots(page, "settings-security", () =>
    security.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80)),
  );

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);

  // Conditional UI: the e-mail field's autofill offers the passkey as soon as the Login screen is
  // the app's; this authenticator answers at once, so she is signed in without touching anything.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByText(`Logged in as ${member.name}`).first()).toBeVisible();
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);

  // A browser without autofill for passkeys: the button asks, with no e-mail and no password.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.goto("/login");
  await taken(page);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await expectAccessible(page);
  await shots(page, "login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByText(`Logged in as ${member.name}`).first()).toBeVisible();
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(0);

  await page.goto("/settings/security");
  await taken(page);
  await expect(passkeys.first()).not.toContainText("last used never");
  await security.getByRole("button", { name: "Remove Work laptop" }).click();
  await page.getByRole("button", { name: "Yes, Remove" }).click();
  await expect(page.getByText('The passkey "Work laptop" was removed.')).toBeVisible();
  await expect(security.getByText("No passkeys yet.")).toBeVisible();

  // The authenticator still offers it, but the club no longer knows it: a clear message, no session.
  await page.goto("/logout");
  // Signed out before Login opens: Login sends someone still signed in on to her home.
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await taken(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("This passkey is not known to the club");
  await expect(page).toHaveURL(/\/login/);
});
