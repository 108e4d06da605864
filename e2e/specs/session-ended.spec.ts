import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, atBothSizes, createMember, DEMO_PASSWORD, signIn } from "../fixtures";

const SIGNED_OUT = "You were signed out. Please sign in again.";

// Each test signs in four or five times (argon2 on a machine shared with others): more than the usual 30 s.
test.describe.configure({ timeout: 90_000 });

/** A fresh member signed in on two browsers: `page` is the one she reads, `other` the one she acts in. */
async function twoBrowsers(browser: Browser, request: Parameters<typeof createMember>[0], tag: string) {
  const email = `ended-${tag}-${Date.now()}@club.local`;
  await createMember(request, { email, name: `Erin Ended ${tag}`, type: "Founding" });
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  const [here, elsewhere] = contexts as [BrowserContext, BrowserContext];
  const other = await elsewhere.newPage();
  await signIn(other, email);
  const page = await here.newPage();
  await signIn(page, email);
  return { email, page, other, close: () => Promise.all(contexts.map((c) => c.close())) };
}

/** The other browser ends every session but its own (Settings → Security). */
async function signOutEverywhereElse(other: Page) {
  await other.goto("/settings/security");
  await other.getByRole("button", { name: "Sign out everywhere else" }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Yes, Sign out everywhere else" }).click();
  await expect(other.getByText(/Signed out everywhere else \(1 session ended\)/)).toBeVisible();
}

/** The Login screen with the message, asked to bring her back to `back`. */
async function expectSignedOut(page: Page, back: string) {
  await expect(page.getByText(SIGNED_OUT)).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  await expect.poll(() => new URL(page.url()).searchParams.get("redirect")).toBe(back);
  await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
}

/** Signing in on the Login screen she was sent to (not through /login afresh, which would lose the redirect). */
async function signInAgain(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^log ?in$/i }).click();
}

const pathAndSearch = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

test("signed out everywhere else from another browser: Events → Month leads to Login and back", async ({
  browser,
  request,
}) => {
  const { email, page, other, close } = await twoBrowsers(browser, request, "month");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();

  await signOutEverywhereElse(other);
  await page.getByRole("button", { name: "Month", exact: true }).click();
  await expectSignedOut(page, "/calendar?view=month");
  await atBothSizes(page, "session-ended-login");

  await signInAgain(page, email);
  await expect.poll(() => pathAndSearch(page)).toBe("/calendar?view=month");
  await expect(page.getByRole("button", { name: "Month", exact: true })).toHaveAttribute("aria-pressed", "true");

  // A page loaded afresh (rendered on the server) with an ended session says the same.
  await signOutEverywhereElse(other);
  await page.reload();
  await expectSignedOut(page, "/calendar?view=month");
  await close();
});

test("a password changed in another browser: the Gallery's event filter leads to Login and back", async ({
  browser,
  request,
}) => {
  const { email, page, other, close } = await twoBrowsers(browser, request, "gallery");
  await page.goto("/gallery");
  const filter = page.getByRole("combobox", { name: "Event", exact: true });
  await expect.poll(() => filter.locator("option").count()).toBeGreaterThan(1);

  // The new password is typed in the other browser, which stays signed in; this one's session ends.
  const newPassword = `new-${Date.now()}-password`;
  await other.goto("/settings/security");
  await other.getByLabel("Old password").fill(DEMO_PASSWORD);
  await other.getByLabel("New password", { exact: true }).fill(newPassword);
  await other.getByLabel("Confirm new password").fill(newPassword);
  await other.getByRole("button", { name: "Change password" }).click();
  await expect(other.getByText(/password.*(changed|updated)/i).first()).toBeVisible();

  const choice = filter.locator("option").nth(1);
  const [event, title] = [await choice.getAttribute("value"), await choice.textContent()];
  await filter.selectOption({ label: title ?? "" });
  await expectSignedOut(page, `/gallery?event=${event}`);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect.poll(() => pathAndSearch(page)).toBe(`/gallery?event=${event}`);
  await expect(page.getByRole("heading", { name: "Media Gallery" })).toBeVisible();
  await close();
});

test("an admin deletes her: Events → Joined leads to Login, where she can no longer sign in", async ({
  browser,
  request,
}) => {
  const { email, page, other, close } = await twoBrowsers(browser, request, "deleted");
  await page.goto("/calendar");
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();

  // The other browser is the admin's.
  await other.context().clearCookies();
  await signIn(other, ADMIN.email, { to: `/users?q=${encodeURIComponent(email)}` });
  await other.getByRole("button", { name: "Manage Erin Ended deleted" }).click();
  await other.getByRole("menuitem", { name: /^Delete account/ }).click();
  await other.getByRole("dialog").getByRole("button", { name: "Yes, Delete" }).click();
  await expect(other.getByText(`The account of ${email} has been deleted.`)).toBeVisible();

  await page.getByRole("button", { name: "Joined", exact: true }).click();
  await expectSignedOut(page, "/calendar?mine=joined");
  await signInAgain(page, email);
  await expect(page.getByRole("alert")).toBeVisible();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  await close();
});

test("a comment she was writing when her session ended is there again after she signs in", async ({
  browser,
  request,
}) => {
  const { email, page, other, close } = await twoBrowsers(browser, request, "draft");
  await page.goto("/calendar");
  await page.locator('main a[href^="/events/"]').first().click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/[^/]+$/);
  await page.getByRole("tab", { name: "Notes and Comments" }).click();
  await expect.poll(() => new URL(page.url()).search).toBe("?tab=notes");
  const eventPath = pathAndSearch(page);
  const draft = `A comment written before the session ended ${Date.now()}`;
  const box = page.getByPlaceholder("Write a comment...");
  await box.fill(draft);

  await signOutEverywhereElse(other);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expectSignedOut(page, eventPath);

  await signInAgain(page, email);
  await expect.poll(() => pathAndSearch(page)).toBe(eventPath);
  await expect(box).toHaveValue(draft);
  await box.focus();
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText(draft)).toBeVisible();
  await expect(box).toHaveValue("");
  await close();
});
