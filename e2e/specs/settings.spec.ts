import { expect, test } from "@playwright/test";
import { atBothSizes, createMember, DEMO_PASSWORD, expectAccessible, screenshot, signIn } from "../fixtures";

test("a member renames herself, sees no Type control, and checks her new password", async ({ page }) => {
  await signIn(page, "host@club.local");
  // Settings opens on its index; each section has its own address.
  await page.goto("/settings");
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link")).toHaveCount(6);
  await atBothSizes(page, "settings-index");
  // On a phone a section leads back to the index instead of a side list.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings/security");
  await page.getByRole("link", { name: "← All settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: /^Profile/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByLabel(/^type$/i)).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill("Helena Host-Smith");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("User details updated successfully")).toBeVisible();

  // The others are beside it on a wide screen.
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);

  await page.getByLabel("Old password").fill(DEMO_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-1");
  await page.getByLabel("Confirm new password").fill("brand-new-2");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("New passwords do not match")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "settings");
});

test("an admin can change her own member Type", async ({ page }) => {
  await signIn(page, "admin@club.local", { to: "/settings/profile" });
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
  await signIn(page, "host@club.local", { to: "/settings/developers" });
  await page.getByLabel("Token name").fill("calendar export");
  // Read only unless she picks more.
  await expect(page.getByLabel("Scope")).toHaveValue("read");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByRole("status").locator("code").textContent())!.trim();
  expect(token).toMatch(/^club_/);
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.get("/api/events", { headers: auth });
  expect(list.ok()).toBe(true);
  // A read token reads, and writes nothing.
  const write = await request.post("/api/events", { headers: auth, data: { title: "Not with this token" } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error).toContain('scope "read"');
  await page.reload();
  const row = page.getByRole("listitem").filter({ hasText: "calendar export" });
  await expect(row).toBeVisible();
  await expect(row.getByText("Read only")).toBeVisible();
  await expect(row).toContainText(/last used \w{3} \d{1,2}, \d{4}/);
  await expect(row).toContainText("expires never");
  await expect(page.getByText(/Changing or resetting your password.*ends all your tokens/)).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  // A name is required, and the form says so by the field.
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Give the token a name.")).toBeVisible();
  // A scoped token with an expiry, listed with both.
  await page.getByLabel("Token name").fill("seeding ci");
  await page.getByLabel("Scope").selectOption("seed");
  await page.getByLabel("Expires (optional)").fill("2099-12-31");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("status").locator("code")).toHaveText(/^club_/);
  const seeding = page.getByRole("listitem").filter({ hasText: "seeding ci" });
  await expect(seeding.getByText("Seeding", { exact: true })).toBeVisible();
  await expect(seeding).toContainText("last used never · expires Dec 31, 2099 23:59");
  await screenshot(page, "settings-api-tokens");
  await page.getByRole("button", { name: "Revoke seeding ci" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Revoke" }).click();
  await expect(page.getByText('The token "seeding ci" was revoked.')).toBeVisible();
  await page.getByRole("button", { name: "Revoke calendar export" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Revoke" }).click();
  await expect(page.getByText('The token "calendar export" was revoked.')).toBeVisible();
  await expect(page.getByText("No tokens yet.")).toBeVisible();
  const refused = await request.get("/api/events", { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test("a member turns event reminders off and subscribes to her calendar feed", async ({ page, request }) => {
  const member = { email: "cleo.calendar@club.local", name: "Cleo Calendar" };
  await createMember(request, member);
  await signIn(page, member.email, { to: "/events/cooking-class-spring-menus" });
  await page.getByRole("button", { name: "Join Event" }).click();
  await page
    .getByRole("dialog", { name: /Welcome to/ })
    .getByRole("button", { name: "Close" })
    .click();

  await page.goto("/settings/email");
  const reminders = page.getByLabel(/E-mail me a reminder 1 day before each event I joined/);
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await expect(page.getByText("Event reminders are off.")).toBeVisible();
  await page.reload();
  await expect(reminders).not.toBeChecked();

  await page.goto("/settings/calendar");
  await page.getByRole("button", { name: "Make my calendar link" }).click();
  const link = (await page
    .getByRole("status")
    .filter({ hasText: "Your calendar link" })
    .locator("code")
    .textContent())!;
  expect(link).toMatch(/^webcal:\/\/localhost:\d+\/calendar\/[a-z0-9]+\.ics$/);
  await expect(page.getByRole("link", { name: "Open in my calendar app" })).toHaveAttribute("href", link);
  await expectAccessible(page);
  await screenshot(page, "settings-calendar");

  // What a calendar application fetches (it sends no cookie).
  const feed = await request.get(link.replace("webcal://", "http://"), { headers: { cookie: "" } });
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toContain("SUMMARY:Cooking Class: Spring Menus");
  expect(text).toContain("STATUS:CONFIRMED");

  // A new link replaces the old one, after a confirmation.
  await page.reload();
  await page.getByRole("button", { name: "Make a new link" }).click();
  await page
    .getByRole("dialog", { name: "Make a new calendar link?" })
    .getByRole("button", { name: "Yes, make a new link" })
    .click();
  const code = page.getByRole("status").filter({ hasText: "Your calendar link" }).locator("code");
  await expect(code).not.toHaveText(link);
  expect((await request.get(link.replace("webcal://", "http://"))).status()).toBe(404);

  // A new password ends the link too: the card says the feed is off and offers a new one.
  const current = (await code.textContent())!;
  await expect(page.getByText("Changing or resetting your password turns it off.")).toBeVisible();
  await page.goto("/settings/security");
  await page.getByLabel("Old password").fill(DEMO_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("calendar-new-1");
  await page.getByLabel("Confirm new password").fill("calendar-new-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(/password.*(changed|updated)/i).first()).toBeVisible();
  await page.goto("/settings/calendar");
  await expect(page.getByRole("button", { name: "Make my calendar link" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Your calendar link" })).toHaveCount(0);
  expect((await request.get(current.replace("webcal://", "http://"), { headers: { cookie: "" } })).status()).toBe(404);
});
