import { expect, test } from "@playwright/test";
import { ADMIN, createMember, expectAccessible, screenshot, signIn } from "../fixtures";
import { waitForMail } from "../mail";

test("an admin reads the mail outbox: the list, a filter, a message with its links", async ({ page, request }) => {
  await createMember(request, { email: "olive@example.com", name: "Olive Outbox" });
  // A reset link for Olive, to be found in the outbox.
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill("olive@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await waitForMail("olive@example.com", /Reset your password/);

  await signIn(page, ADMIN.email, { to: "/admin" });
  await page.getByRole("link", { name: /Mail outbox/ }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByRole("heading", { name: "Mail outbox" })).toBeVisible();
  await page.getByRole("button", { name: /^Sent \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=sent/);
  await page.getByLabel("Search recipient or subject").fill("olive@");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=olive/);
  const row = page.getByRole("button", { name: /Reset your password.*To olive@example.com/ });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "outbox");

  await row.click();
  const dialog = page.getByRole("dialog", { name: /Reset your password/ });
  await expect(dialog.getByText("olive@example.com")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /\/reset-password\// })).toBeVisible();
  await expect(dialog.locator("iframe[sandbox='']")).toBeVisible();
  await expect(page).toHaveURL(/message=/);
  await screenshot(page, "outbox-message");
  // The address opens the same message; closing it clears the address.
  await page.reload();
  await expect(page.getByRole("dialog", { name: /Reset your password/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/message=/);

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "outbox-phone");
});

test("members cannot open the outbox", async ({ page }) => {
  await signIn(page, "standard@club.local", { to: "/outbox" });
  await expect(page).toHaveURL(/\/no-permission$/);
});

test("an admin sees the background jobs: each kind by state, and no failure", async ({ page }) => {
  await signIn(page, ADMIN.email, { to: "/admin" });
  await page.getByRole("link", { name: /Background jobs/ }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  const table = page.getByRole("table", { name: "Jobs by kind and state" });
  for (const kind of ["E-mail delivery", "Password-reset links", "Housekeeping (hourly)"]) {
    await expect(table.getByRole("rowheader", { name: kind })).toBeVisible();
  }
  // Housekeeping ran when the server started: its row counts at least one done.
  const housekeeping = table.getByRole("row", { name: /Housekeeping/ });
  await expect(housekeeping.getByRole("cell").nth(3)).not.toHaveText("0");
  await expect(page.getByText("No job has failed.")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "jobs");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "jobs-phone");
});
