import { expect, type Page, test } from "@playwright/test";
import { ADMIN, createMember, DEMO_PASSWORD, expectAccessible, shoot, signIn } from "../fixtures";
import { waitForMail } from "../mail";

const sizes = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The viewport only (the page behind a dialog is long): what a member sees at that size. */
async function shot(page: Page, name: string) {
  await shoot(page, name);
}

test("a member deletes her account from Settings, is signed out with a message, and cannot sign in again", async ({
  page,
  request,
}) => {
  const email = `leaving-${Date.now()}@club.local`;
  await createMember(request, { email, name: "Lena Leaving" });
  await signIn(page, email, { to: "/settings/data" });

  const zone = page.getByRole("heading", { name: "Delete my account" });
  await zone.scrollIntoViewIfNeeded();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await zone.scrollIntoViewIfNeeded();
    await shot(page, `account-deletion-settings-${size.name}`);
  }
  await page.setViewportSize(sizes[0]);

  await page.getByRole("button", { name: "Delete my account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  // It says first what becomes of what she shared (the club keeps it as a former member's).
  await expect(
    dialog.getByText('Your 0 comments and 0 photos and videos will stay in the club under the name "Former member".'),
  ).toBeVisible();
  // No passkey: only the password.
  await expect(dialog.getByRole("button", { name: "Confirm with a passkey instead" })).toHaveCount(0);
  await expectAccessible(page);

  // A wrong password is refused, and the dialog says so.
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(dialog.getByText("The password is not correct.")).toBeVisible();

  await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Yes, delete my account" }).click();
  await expect(page.getByText("Your account has been deleted.")).toBeVisible();
  // And confirms by e-mail what was done.
  const confirmation = await waitForMail(email, /^Your club account has been deleted$/);
  expect(confirmation.text).toContain("Former member");
  await expect(page).not.toHaveURL(/\/settings/);

  // Signed out: the members' area sends her to the Login screen; her password opens nothing.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: /^log ?in$/i }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("an admin deletes a member in User Management after a dialog naming her", async ({ page, request }) => {
  const email = `removed-${Date.now()}@club.local`;
  await createMember(request, { email, name: "Rita Removed" });
  await signIn(page, ADMIN.email, { to: `/users?q=${encodeURIComponent(email)}` });
  await page.getByRole("button", { name: "Manage Rita Removed" }).click();
  await page.getByRole("menuitem", { name: /^Delete account/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete the account of Rita Removed?" });
  await expect(dialog).toContainText(email);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await shot(page, `account-deletion-admin-${size.name}`);
  }
  await page.setViewportSize(sizes[0]);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page.getByText(`The account of ${email} has been deleted.`)).toBeVisible();
  await expect(page.getByText(`No member's name or e-mail contains "${email}".`)).toBeVisible();
});
