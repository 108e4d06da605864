import { expect, test } from "@playwright/test";
import { ADMIN, expectAccessible, screenshot, signIn, takenOver } from "../fixtures";

test("an admin reads the audit log, filters it by kind, and exports it", async ({ page }) => {
  await signIn(page, ADMIN.email, { to: "/admin" });
  // Once the app runs the page: a click while it takes over a page just rendered by a cold server
  // was lost once in CI (an open problem: see the decision on links clicked before the app has
  // taken the page over); this spec is about the audit log.
  await takenOver(page);
  await page.getByRole("link", { name: /Audit log/ }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  // The first start's demo invitation code was made by the command line; her sign-in is recorded too.
  const records = page.getByRole("list", { name: "Audit records, newest first" });
  await expect(
    records.getByText(/^The operator \(command line\) created an invitation code ending in \w{4}/).first(),
  ).toBeVisible();
  await expect(records.getByText(/^Alexandra Admin signed in with a password from /).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "audit-log");

  await page.getByLabel("Kind").selectOption({ label: "Sign-in throttled" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=sign_in\.throttled/);
  await expect(page.getByText("No records match these filters.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/api/admin/audit.csv?kind=sign_in.throttled",
  );
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page).not.toHaveURL(/kind=/);

  const csv = await page.request.get("/api/admin/audit.csv?kind=invitation_code.created");
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split("\n")[0]).toBe(
    '"time","actor id","actor email","kind","target id","target email","ip","detail","sentence"',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "audit-log-phone");
});
