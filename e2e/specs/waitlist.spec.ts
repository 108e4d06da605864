import { expect, test } from "@playwright/test";
import { atBothSizes, createMember, expectAccessible, screenshot, signIn, takenOver } from "../fixtures";
import { waitForMail } from "../mail";

test("a full event: a member joins its waitlist and gets the seat (and an e-mail) when someone leaves", async ({
  page,
  browser,
  request,
}) => {
  const waiting = { email: "wanda.waitlist@club.local", name: "Wanda Waitlist" };
  await createMember(request, waiting);

  // The host makes an event with one seat: hers, as its host.
  await signIn(page, "host@club.local", { to: "/calendar" });
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Chef's Table for One");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Date").fill("2027-09-10");
  await dialog.getByLabel("Capacity").fill("1");
  await dialog.getByLabel("RSVP deadline").fill("2027-09-09T18:00");
  await screenshot(page, "event-wizard-seats");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("link").filter({ hasText: "Chef's Table for One" });
  await expect(card).toContainText("Full — waitlist open");
  await card.click();
  await expect(page.getByText("Thursday, September 9, 2027 at 6:00 PM")).toBeVisible();
  await expect(page.getByText("Hosted by you")).toBeVisible();
  await expect(page.getByText("1 / 1 going (full)")).toBeVisible();

  // Another member finds it full and joins the waitlist.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, waiting.email, { to: "/calendar" });
  await expect(other.getByRole("link").filter({ hasText: "Chef's Table for One" })).toContainText(
    "Full — waitlist open",
  );
  // Once the app runs the rendered page: a link clicked while React takes it over can be lost (a
  // full run once stayed on the list here).
  await takenOver(other);
  await other.getByRole("link").filter({ hasText: "Chef's Table for One" }).click();
  // She sees who hosts it, with her portrait (initials, until she has one), linking to her profile.
  const hostLine = other.locator("p").filter({ hasText: "Hosted by" });
  await expect(hostLine.getByRole("link", { name: "Helena Host" })).toHaveAttribute("href", /\/members\//);
  await atBothSizes(other, "event-host", () => hostLine.scrollIntoViewIfNeeded());
  await other.getByRole("button", { name: "Join Waitlist" }).click();
  await expect(other.getByRole("status").filter({ hasText: "You are #1 on the waitlist" })).toBeVisible();
  await expect(other.getByRole("button", { name: "Leave Waitlist" })).toBeVisible();
  await expectAccessible(other);
  await screenshot(other, "event-waitlist");

  // The host sees her on the guest list, then gives up her own seat.
  await page.goto(`${new URL(page.url()).pathname}?tab=participation`);
  const guestList = page.getByRole("region", { name: "Guest list" });
  await expect(guestList.getByRole("row").filter({ hasText: waiting.name })).toContainText("Waitlist #1");
  await expect(guestList.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /attendees\.csv$/);
  await expectAccessible(page);
  await screenshot(page, "event-guest-list");
  await page.getByRole("button", { name: "Leave Event" }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure you want to leave?" });
  await expect(confirm).toContainText("Your seat goes to the next person on the waitlist");
  await confirm.getByRole("button", { name: "Yes, Leave" }).click();
  await expect(guestList.getByRole("row").filter({ hasText: waiting.name })).toContainText("Going");

  // The seat is hers: the e-mail arrives over SMTP, with the calendar file, and her page says so.
  const mail = await waitForMail(waiting.email, /A seat opened: you're going to Chef's Table for One/);
  expect(mail.attachments).toEqual(["chefs-table-for-one.ics"]);
  await other.reload();
  await expect(other.getByRole("button", { name: "Leave Event" })).toBeVisible();
  await expect(other.getByText("1 / 1 going (full)")).toBeVisible();
  await context.close();
});
