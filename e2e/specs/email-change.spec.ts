import { expect, test } from "@playwright/test";
import { atBothSizes, createMember, DEMO_PASSWORD, expectAccessible, shoot, signIn } from "../fixtures";
import { linkTo, waitForMail } from "../mail";
import { BASE_URL } from "../playwright.config";

test("a member changes her e-mail address: a link to the new one, a notice to the old one", async ({
  page,
  request,
  browser,
}) => {
  const tag = Date.now().toString(36);
  const old = `mover-${tag}@club.test`;
  const next = `mover-${tag}@new.example`;
  await createMember(request, { email: old, name: "Maya Mover", password: DEMO_PASSWORD });
  await signIn(page, old, { to: "/settings/email" });

  const card = page.getByRole("form", { name: "Change your e-mail address" });
  await card.getByLabel("New e-mail address").fill(next);
  await card.getByLabel("Your password").fill(DEMO_PASSWORD);
  await card.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`We sent a link to ${next}. Open it to confirm your new address`)).toBeVisible();
  await expect(page.getByText(`We sent a link to ${next}. Open it to make it your address`)).toBeVisible();
  await expectAccessible(page);
  await atBothSizes(page, "settings-email-change-pending", () =>
    page.getByRole("button", { name: "Cancel the change" }).scrollIntoViewIfNeeded(),
  );

  // The link, opened on another device (her phone reads the new mailbox), asks before it acts.
  const mail = await waitForMail(next, /^Confirm your new e-mail address/);
  const phone = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
  const onPhone = await phone.newPage();
  await onPhone.goto(linkTo(mail, "/confirm-email/"));
  await expect(onPhone.getByRole("heading", { name: "Confirm your new e-mail address" })).toBeVisible();
  await shoot(onPhone, "confirm-email-mobile");
  await onPhone.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(onPhone.getByText(`Your e-mail address is now ${next}. Sign in with it from now on.`)).toBeVisible();
  // Not signed in on the phone: on to Login.
  await expect(onPhone.getByRole("link", { name: "Go to Login" })).toBeVisible();
  await phone.close();

  // Her former address hears of it, with the new one masked.
  const notice = await waitForMail(old, /^Your club e-mail address was changed/);
  expect(notice.text).toContain("If it was not you");
  expect(notice.text).not.toContain(next);

  // Her open page shows the new address; she signs in with it, and no longer with the old one.
  await page.reload();
  await expect(page.getByText(`You sign in with ${next}`)).toBeVisible();
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const refused = await request.post("/login", { headers, data: { email: old, password: DEMO_PASSWORD } });
  expect(refused.status()).toBe(401);
  const accepted = await request.post("/login", { headers, data: { email: next, password: DEMO_PASSWORD } });
  expect(accepted.ok()).toBe(true);

  // A link opened where she is signed in already leads back to Settings, not to Login.
  const again = `mover-${tag}@again.example`;
  await page.goto("/settings/email");
  await card.getByLabel("New e-mail address").fill(again);
  await card.getByLabel("Your password").fill(DEMO_PASSWORD);
  await card.getByRole("button", { name: "Send the link" }).click();
  await page.goto(linkTo(await waitForMail(again, /^Confirm your new e-mail address/), "/confirm-email/"));
  await page.getByRole("button", { name: "Confirm my new address" }).click();
  await expect(page.getByText(`Your e-mail address is now ${again}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Settings" }).click();
  await expect(page).toHaveURL(/\/settings/);
});

test("a wrong password or an address in use is refused in words, and nothing is sent", async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const email = `stayer-${tag}@club.test`;
  await createMember(request, { email, name: "Stella Stayer", password: DEMO_PASSWORD });
  await signIn(page, email, { to: "/settings/email" });
  const card = page.getByRole("form", { name: "Change your e-mail address" });
  await card.getByLabel("New e-mail address").fill("founding@club.local");
  await card.getByLabel("Your password").fill(DEMO_PASSWORD);
  await card.getByRole("button", { name: "Send the link" }).click();
  await expect(card.getByText("Another account uses this e-mail address.")).toBeVisible();
  await card.getByLabel("New e-mail address").fill(`stayer-${tag}@new.example`);
  await card.getByLabel("Your password").fill("not-my-password");
  await card.getByRole("button", { name: "Send the link" }).click();
  await expect(card.getByText("The password is not correct.")).toBeVisible();
});
