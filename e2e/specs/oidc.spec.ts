import { expect, type Page, test } from "@playwright/test";
import { confirmByEmail, createMember, screenshot, signIn } from "../fixtures";
import { BASE_URL, OIDC_ISSUER, OIDC_LABEL } from "../playwright.config";

// Signing in with the identity provider that runs beside the server (oidc-provider.mjs, with its
// development log-in screens: the login names the account, any password does).

const BUTTON = `Sign in with ${OIDC_LABEL}`;

/** Her turn at the provider: its log-in screen, as one of its accounts. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

async function startFromLogin(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByRole("link", { name: BUTTON }).click();
}

test("a member connects her identity in Settings, signs out, and signs in through the provider", async ({
  page,
  request,
}) => {
  const member = { email: `olive-${Date.now()}@club.local`, name: "Olive Linked" };
  await createMember(request, member);
  await signIn(page, member.email, { to: "/settings/security" });
  // Signed in with a password alone: she confirms by e-mail first (docs/decisions/README.md, "New ways in").
  await page.getByRole("button", { name: `Connect ${OIDC_LABEL}` }).click();
  await expect(page.getByText("First, confirm it is you")).toBeVisible();
  await confirmByEmail(page, member.email);
  await page.getByRole("button", { name: `Connect ${OIDC_LABEL}` }).click();
  await signInAtProvider(page, "linked-user");

  await expect(page).toHaveURL(/\/settings\/security\?oidc=linked$/);
  await expect(page.getByText(`Your ${OIDC_LABEL} account is connected`)).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: "someone.else@idp.example" });
  await expect(row).toContainText("last used never");
  // The page as the app runs it, from its top: the header stays at the top.
  await expect(page.getByRole("button", { name: "Change password" })).toBeEnabled();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "oidc-settings-linked-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "oidc-settings-linked-390");

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
  await startFromLogin(page);
  // The provider still knows this browser: it sends her straight back, signed in.
  await expect(page).toHaveURL(/\/member-home$/);
  await page.goto("/settings/security");
  await expect(page.getByRole("listitem").filter({ hasText: "someone.else@idp.example" })).not.toContainText(
    "last used never",
  );
});

test("the first sign-in by a member's verified e-mail signs her in", async ({ page, request }) => {
  await createMember(request, { email: "oidc-verified@club.local", name: "Vera Verified" });
  await page.goto("/login?redirect=%2Fsettings%2Fprofile");
  await page.getByRole("link", { name: BUTTON }).click();
  await signInAtProvider(page, "verified-user");
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Vera Verified");
});

test("an identity that is no member's is refused on the Login screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await startFromLogin(page);
  await signInAtProvider(page, "stranger");
  await expect(page).toHaveURL(/\/login\?error=not_member$/);
  await expect(page.getByRole("alert")).toContainText("does not belong to a member of the club");
  await expect(page.getByRole("link", { name: BUTTON })).toBeVisible();
  await screenshot(page, "oidc-login-refused-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "oidc-login-refused-390");
});

test("an e-mail the provider has not verified is refused, even a member's", async ({ page }) => {
  await startFromLogin(page);
  await signInAtProvider(page, "unverified-user");
  await expect(page).toHaveURL(/\/login\?error=unverified$/);
  await expect(page.getByRole("alert")).toContainText("has not verified this e-mail address");
  // Not signed in as the member with that address (a demo member's).
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test("a callback with a wrong state is refused with 400 and says why", async ({ page }) => {
  await startFromLogin(page);
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/interaction/`));
  // This browser started a sign-in; a callback carrying another state is not it.
  const res = await page.goto(`${BASE_URL}/auth/oidc/callback?code=made-up&state=not-this-browsers-state`);
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("was not started in this browser");
  await page.getByRole("link", { name: "Back to the Login screen" }).click();
  await expect(page).toHaveURL(/\/login\?error=state$/);
  await expect(page.getByRole("alert")).toContainText("was not started in this browser");
});
