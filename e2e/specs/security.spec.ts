import { expect, type Page, test } from "@playwright/test";
import { ADMIN, createMember, DEMO_PASSWORD, expectAccessible, shoot, signIn } from "../fixtures";

const SIZES = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The screen as she sees it at each size, scrolled to `what`. */
async function screenshots(page: Page, name: string, what?: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (what) await page.locator(what).evaluate((e) => e.scrollIntoView({ block: "start" }));
    else await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, `${name}-${size.name}`);
  }
  await page.setViewportSize(SIZES[0]);
}

test("a member sees where she is signed in and signs out everywhere else", async ({ browser, request }) => {
  const email = `sessions-${Date.now()}@club.local`;
  await createMember(request, { email, name: "Sasha Sessions" });

  // Two browsers: another one first, then this one.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, email, { password: DEMO_PASSWORD });
  const here = await browser.newContext();
  const page = await here.newPage();
  await signIn(page, email, { password: DEMO_PASSWORD });

  // A link made before the sections had addresses of their own still leads to Security.
  await page.goto("/settings#security");
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByRole("heading", { name: "Security", exact: true })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText("This browser");
  await expect(sessions.first()).toContainText("Chrome");
  await expect(page.getByText("This browser")).toHaveCount(1);
  await expect(
    page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Security" }),
  ).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
  await screenshots(page, "settings-security", "#security");

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Sign out everywhere else?");
  await dialog.getByRole("button", { name: "Yes, Sign out everywhere else" }).click();
  await expect(page.getByText(/Signed out everywhere else \(1 session ended\)/)).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

  // The other browser finds itself signed out.
  await other.goto("/settings");
  await expect(other).toHaveURL(/\/login/);
  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await elsewhere.close();
  await here.close();
});

test("an admin finds the admins' sign-in rule in the Admin Panel (left off)", async ({ page }) => {
  await signIn(page, ADMIN.email, { to: "/admin" });
  await page.getByRole("link", { name: /Security settings/ }).click();
  const rule = page.getByRole("switch", { name: /Administrators sign in with a passkey/ });
  await expect(rule).toHaveAttribute("aria-checked", "false");
  await expectAccessible(page);
  await screenshots(page, "admin-security-settings");
  await rule.click();
  // Turning it on is confirmed first; the demo admin signs in with a password, so she is refused.
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Require a passkey or the identity provider for administrators?");
  await screenshots(page, "admin-security-settings-confirm");
  await dialog.getByRole("button", { name: "Yes, Require it" }).click();
  await expect(page.getByText(/would lock you out of the admin tools/)).toBeVisible();
  await expect(rule).toHaveAttribute("aria-checked", "false");
});

test("the pages keep their own Content-Security-Policy: no violation while a form is checked, nor on a member's pages", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", (e) => issues.push(e.issue.code));
  await cdp.send("Audits.enable");
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@club.test");
  await page.getByLabel("Password").fill("not-a-password");
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
  // Zod's compiler tried `new Function`, which the policy forbids: a violation on every such page.
  expect(issues.filter((code) => code === "ContentSecurityPolicyIssue")).toEqual([]);

  // A member's pages load the schemas in a chunk of their own: built before the app's own setting,
  // they tried the compiler on every page (fails before packages/shared/src/zod.ts).
  await signIn(page, "founding@club.local");
  for (const path of ["/calendar", "/members", "/gallery", "/settings/profile"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(issues.filter((code) => code === "ContentSecurityPolicyIssue")).toEqual([]);
});
