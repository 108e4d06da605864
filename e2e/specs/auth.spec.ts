import { expect, test } from "@playwright/test";
import { ADMIN, expectAccessible, FOUNDING, STANDARD, screenshot, signIn } from "../fixtures";

test("a wrong password shows 'Login failed'", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(FOUNDING.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
});

test("the guard sends visitors to /login and back to the page they asked for", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel("Email").fill(FOUNDING.email);
  await page.getByLabel("Password").fill("club-demo-2026");
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test("members see the members' menu; admins also the Admin Panel", async ({ page }) => {
  await signIn(page, STANDARD.email);
  await page.getByRole("button", { name: /menu/i }).click();
  await expect(page.getByText(`Logged in as ${STANDARD.name}`)).toBeVisible();
  await expect(page.getByText("Members' Section")).toBeVisible();
  await expect(page.getByText("Info Section")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await screenshot(page, "menu-member");

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/home$/);
});

test("an admin reaches the dashboard", async ({ page }) => {
  await signIn(page, ADMIN.email);
  await page.getByRole("button", { name: /menu/i }).click();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  await expect(page.getByText(`Welcome to the Admin Dashboard, ${ADMIN.name}!`)).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-dashboard");
});

test("the menu closes on a backdrop click", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: /menu/i }).click();
  const nav = page.getByRole("navigation", { name: /main/i });
  await expect(nav.getByRole("link", { name: "About" })).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(nav.getByRole("link", { name: "About" })).toBeHidden();
});

test("logging out shows 'Logging out...' and ends the session", async ({ page }) => {
  await signIn(page, FOUNDING.email);
  // The answer is held back a moment, so the page's waiting state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/trpc/auth.logout**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/logout");
  await expect(page.getByRole("heading", { name: "Logging out..." })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});
