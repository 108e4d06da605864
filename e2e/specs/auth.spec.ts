import { expect, test } from "@playwright/test";
import {
  ADMIN,
  expectAccessible,
  FOUNDING,
  holdRequests,
  layoutShift,
  STANDARD,
  screenshot,
  signIn,
  takenOver,
} from "../fixtures";
import { BASE_URL } from "../playwright.config";

test("a wrong password shows 'Login failed'", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(FOUNDING.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
});

test("the guard sends visitors to /login and back to the page they asked for, a Settings section included", async ({
  page,
}) => {
  await page.goto("/settings/data");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel("Email").fill(FOUNDING.email);
  await page.getByLabel("Password").fill("club-demo-2026");
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
});

test("signing in lands a member on My club and an admin on the Admin Panel, with what waits on its cards", async ({
  page,
}) => {
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    for (const [who, lands] of [
      [STANDARD, /\/member-home$/],
      [ADMIN, /\/admin$/],
    ] as const) {
      await page.goto("/login");
      await takenOver(page);
      await page.getByLabel("Email").fill(who.email);
      await page.getByLabel("Password").fill("club-demo-2026");
      await page.getByRole("button", { name: /^log ?in$/i }).click();
      await expect(page).toHaveURL(lands);
      if (who === ADMIN) {
        const counts = (await (await page.request.get("/trpc/adminPanel.counts")).json()).result.data.json as {
          pendingApplications: number;
        };
        const card = page.getByRole("link", { name: /Membership Applications/ });
        const n = counts.pendingApplications;
        if (n > 0) await expect(card).toContainText(`${n} pending application${n === 1 ? "" : "s"}`);
        else await expect(card).not.toContainText("pending");
        await screenshot(page, `admin-panel-${size.width}`);
      } else {
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
      await page.goto("/logout");
      await expect(page).toHaveURL(/\/$/);
    }
  }
});

test("on a phone, members see the members' menu; admins also the Admin Panel", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, STANDARD.email);
  await page.getByRole("button", { name: /menu/i }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByText(`Logged in as ${STANDARD.name}`)).toBeVisible();
  await expect(menu.getByText("Members' Section")).toBeVisible();
  await expect(menu.getByText("Info Section")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await screenshot(page, "menu-member");

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/home$/);
});

test("on a wide screen the menu is a bar in the header", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN.email);
  const bar = page.getByRole("navigation", { name: "Main" });
  await expect(page.getByRole("button", { name: /menu/i })).toBeHidden();
  await expect(bar.getByRole("list", { name: "Members' Section" }).getByRole("link", { name: "Events" })).toBeVisible();
  await expect(bar.getByRole("list", { name: "Info Section" }).getByRole("link", { name: "About" })).toBeVisible();
  // Her account beside the logo, the links in a row of their own under it.
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByText(`Logged in as ${ADMIN.name}`)).toBeVisible();
  const [logo, links] = [await page.getByRole("link", { name: "The Club" }).boundingBox(), await bar.boundingBox()];
  expect(links!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height);
  await screenshot(page, "nav-desktop");
  await bar.getByRole("link", { name: "Admin Panel" }).click();
  await expect(page.getByText(`Welcome to the Admin Dashboard, ${ADMIN.name}!`)).toBeVisible();
  await expect(bar.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
  await screenshot(page, "admin-dashboard");
  // Below 1280 px the admin's bar would not fit: the menu is the toggle again.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(bar).toBeHidden();
  await expect(page.getByRole("button", { name: /menu/i })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await screenshot(page, "nav-desktop-1024");
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await account.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(bar.getByRole("link", { name: "Login" })).toBeVisible();
});

test("the menu closes on a backdrop click", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: /menu/i }).click();
  const nav = page.getByRole("navigation", { name: /main/i });
  await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
});

test("the not-found page has a way home, and Access Denied says what to do", async ({ page }) => {
  await page.goto("/no/such/page");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await signIn(page, STANDARD.email, { to: "/users" });
  await expect(page).toHaveURL(/\/no-permission$/);
  await expect(page.getByText(/ask an administrator to give you access/)).toBeVisible();
  await page.getByRole("link", { name: "Go to Events" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
});

test("logging out shows 'Logging out...' and ends the session", async ({ page }) => {
  await signIn(page, FOUNDING.email);
  // The answer is held back a moment, so the page's waiting state can be seen.
  const release = await holdRequests(page, "**/trpc/auth.logout**");
  await page.goto("/logout");
  await expect(page.getByRole("heading", { name: "Logging out..." })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});

test("Login at an address passkeys cannot work on (an IP address) greets her with no error and does not move", async ({
  page,
}) => {
  // The same server by its IP address: browsers refuse passkeys there. The field's passkey autofill
  // starts by itself, so its refusal is not hers to hear about.
  const byAddress = BASE_URL.replace("localhost", "127.0.0.1");
  await page.goto(`${byAddress}/login`);
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  // What the running app does: the autofill starts once the app runs the page, and is refused after
  // its script and the club's challenge arrive. (The page's loading holds still too: fonts.spec.ts.)
  await takenOver(page);
  const shift = await layoutShift(page, 1500, { since: "now" });
  expect(await page.getByRole("alert").allTextContents()).toEqual([]);
  expect(shift).toEqual({ total: 0, moved: [] });
});
