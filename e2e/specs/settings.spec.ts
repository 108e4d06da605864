import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, expectAccessible, screenshot, signIn } from "../fixtures";

test("a member renames herself, sees no Type control, and checks her new password", async ({ page }) => {
  await signIn(page, "host@club.local");
  await page.goto("/settings");
  await expect(page.getByLabel(/^type$/i)).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill("Helena Host-Smith");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("User details updated successfully")).toBeVisible();

  await page.getByLabel("Old password").fill(DEMO_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await page.getByLabel("Confirm new password").fill("brand-new-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("New passwords do not match")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "settings");
});

test("an admin can change her own member Type", async ({ page }) => {
  await signIn(page, "admin@club.local");
  await page.goto("/settings");
  const type = page.getByLabel("Type", { exact: true });
  const before = await type.inputValue();
  const other = before === "Travel Host" ? "Standard" : "Travel Host";
  await type.selectOption(other);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("User details updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Type", { exact: true })).toHaveValue(other);
  // Put it back: the specs share one server.
  await page.getByLabel("Type", { exact: true }).selectOption(before);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("User details updated successfully")).toBeVisible();
});

test("a member creates an API token, sees it once, uses it from a script and revokes it", async ({ page, request }) => {
  // The specs share one server: this member's password is never changed by another spec.
  await signIn(page, "host@club.local");
  await page.goto("/settings");
  await page.getByLabel("Token name").fill("calendar export");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByRole("status").locator("code").textContent())!.trim();
  expect(token).toMatch(/^club_/);
  const list = await request.get("/api/events", { headers: { authorization: `Bearer ${token}` } });
  expect(list.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText("calendar export")).toBeVisible();
  await expect(page.getByText(/Changing or resetting your password.*ends all your tokens/)).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke calendar export" }).click();
  await expect(page.getByText("No tokens yet.")).toBeVisible();
  const refused = await request.get("/api/events", { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});
