import { expect, test } from "@playwright/test";
import { ADMIN, expectAccessible, signIn, takenOver } from "../fixtures";

/**
 * axe on every screen, at a desktop size and a phone size, as a visitor and as an admin (who sees
 * every members' and admin screen): no serious or critical violation.
 */
const sizes = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const publicScreens = [
  "/",
  "/about",
  "/membership",
  "/activities",
  "/login",
  "/request",
  "/forgot-password",
  "/no-permission",
  "/privacy-policy",
  "/no/such/page",
];
const memberScreens = [
  "/member-home",
  "/calendar",
  "/calendar?view=month",
  // A month that starts and ends mid-week, whatever month the suite runs in: the grid draws days of
  // both neighbouring months (in a month that showed none, their contrast went unchecked).
  "/calendar?view=month&month=2027-09",
  "/events/poetry-reading-salon",
  "/events/poetry-reading-salon?tab=participation",
  "/events/poetry-reading-salon?tab=images",
  "/events/poetry-reading-salon?tab=notes",
  "/gallery",
  "/travel",
  "/travel/trips",
  "/travel/hosting",
  "/settings",
  "/activities-member",
  "/admin",
  "/applications",
  "/users",
  "/mail",
  "/invitation-codes",
  "/outbox",
  "/jobs",
  "/messages",
  "/admin/reports",
];

// The screens in parts of about eight, each its own test, and this file's tests spread over the
// workers: the file took five and a half minutes on one worker while the other had finished.
test.describe.configure({ mode: "parallel" });
const PART = 8;
const memberParts = Array.from({ length: Math.ceil(memberScreens.length / PART) }, (_, i) =>
  memberScreens.slice(i * PART, (i + 1) * PART),
);

for (const size of sizes) {
  test(`every public screen passes axe (${size.name})`, async ({ page }) => {
    // axe's analysis is CPU work: a budget per screen, which a busy machine needs.
    test.setTimeout(publicScreens.length * 15_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize(size);
    for (const path of publicScreens) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await test.step(path, () => expectAccessible(page));
    }
  });

  for (const [index, part] of memberParts.entries()) {
    test(`every members' and admin screen passes axe (${size.name}, part ${index + 1} of ${memberParts.length})`, async ({
      page,
    }) => {
      test.setTimeout(30_000 + part.length * 25_000);
      // No colour half-way through a transition (a button enabled as the page starts) when axe reads it.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.setViewportSize(size);
      await signIn(page, ADMIN.email);
      for (const path of part) {
        await page.goto(path);
        // The screen itself, not its loading state.
        await expect(page.locator("h1")).toBeVisible();
        await expect(page.locator("h1")).not.toHaveText(/^Loading/);
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await test.step(path, () => expectAccessible(page));
      }
    });
  }
}

test("with less motion asked for, a button enabled shows its colours at once, not a frame later", async ({ page }) => {
  // The group e-mail's Send button is enabled as its part of the page starts; axe, reading its
  // colours in that frame, measured the disabled half-transparent plum (seen twice on /mail in CI).
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/login");
  await takenOver(page);
  const colours = await page.getByRole("button", { name: "Login", exact: true }).evaluate(async (button) => {
    const enabled = getComputedStyle(button).backgroundColor;
    button.setAttribute("disabled", "");
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const disabled = getComputedStyle(button).backgroundColor;
    button.removeAttribute("disabled");
    // The style as it is read right after the change, as axe reads it.
    return { enabled, disabled, after: getComputedStyle(button).backgroundColor };
  });
  expect(colours.disabled).not.toBe(colours.enabled);
  expect(colours.after).toBe(colours.enabled);
});
