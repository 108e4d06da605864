import { expect, test } from "@playwright/test";
import { atBothSizes, expectAccessible, FOUNDING, screenshot, signIn } from "../fixtures";
import { linkTo, waitForMail } from "../mail";
import { BASE_URL } from "../playwright.config";

// With motion, as most members see the club: its dialogs, lightbox and toasts animate in and out
// (the other specs ask for less motion; playwright.config.ts says why).
test.use({ reducedMotion: "no-preference" });

test("create a physical event in the United States and a virtual one, then find them", async ({ page }) => {
  await signIn(page, "host@club.local", { to: "/calendar" });
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
  await dialog.getByLabel("Title").fill("  Lakeside Picnic  ");
  await dialog.getByLabel("Type").selectOption("picnic");
  await dialog.getByLabel("Description").fill("Bring a blanket.");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByRole("button", { name: "Next" })).toBeDisabled();
  await dialog.getByLabel("Date").fill("2027-07-04");
  await dialog.getByLabel("Start time").fill("11:00");
  await dialog.getByLabel("End time").fill("15:00");
  await dialog.getByLabel("Address").fill("Walden Pond");
  await dialog.getByLabel("Country").selectOption("United States");
  await dialog.getByLabel("State").selectOption("Massachusetts");
  await dialog.getByLabel("City", { exact: true }).fill("Concord");
  await screenshot(page, "event-wizard");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Create Event" }).click();
  await dialog.getByLabel("Title").fill("Online Salon");
  await dialog.getByRole("tab", { name: /Date & Location/ }).click();
  await dialog.getByLabel("Date").fill("2027-08-01");
  await dialog.getByLabel("Virtual").check();
  await dialog.getByLabel("Virtual link").fill("meet.example.com/salon");
  await dialog.getByRole("tab", { name: /Overview/ }).click();
  // A problem is shown by its field, on its step, and goes once it is fixed.
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The link must start with https://.");
  await dialog.getByLabel("Virtual link").fill("https://meet.example.com/salon");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Search events").fill("LAKESIDE");
  await expect(page).toHaveURL(/q=LAKESIDE/);
  const cards = page.getByRole("link").filter({ hasText: "Lakeside Picnic" });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Jul 04, 2027");
  await page.reload();
  await expect(page.getByLabel("Search events")).toHaveValue("LAKESIDE");

  await page.goto("/calendar?sort=desc");
  await expect(page.getByRole("link").filter({ hasText: "Online Salon" })).toBeVisible();
  const titles = await page.locator("main ul > li a span.font-serif").allTextContents();
  const salon = titles.indexOf("Online Salon");
  const picnic = titles.indexOf("Lakeside Picnic");
  expect(salon).toBeGreaterThanOrEqual(0);
  expect(salon).toBeLessThan(picnic);
  await expectAccessible(page);
  await screenshot(page, "calendar");

  await page.getByRole("link").filter({ hasText: "Lakeside Picnic" }).click();
  await expect(page.getByRole("heading", { name: "Lakeside Picnic" })).toBeVisible();
  await expect(page.getByText("Sunday, July 4, 2027")).toBeVisible();
  await expect(page.getByText("11:00 AM – 3:00 PM")).toBeVisible();
  await expect(page.getByText("Walden Pond, Concord, Massachusetts, United States")).toBeVisible();

  await page.getByRole("button", { name: "Edit Details" }).click();
  await dialog.getByLabel("Title").fill("Lakeside Picnic & Swim");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { name: "Lakeside Picnic & Swim" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "event-details");

  await page.goto("/events/online-salon");
  await expect(page.getByRole("link", { name: "https://meet.example.com/salon" })).toBeVisible();
});

test("a Standard member cannot create, and only the creator or an admin manages an event", async ({ page }) => {
  await signIn(page, "standard@club.local", { to: "/calendar" });
  await expect(page.getByRole("heading", { name: "Events" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Event" })).toHaveCount(0);
  await page.goto("/events/tea-culture-afternoon");
  await expect(page.getByRole("heading", { name: "Tea Culture Afternoon" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Details" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete Event" })).toHaveCount(0);
  await page.goto("/events/no-such-event");
  await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 10_000 });
});

test("join with a confirmation, leave, invite a member who accepts, announce and delete", async ({ page, browser }) => {
  await signIn(page, FOUNDING.email, { to: "/events/garden-design-walk" });
  // The tab is in the address: a link opens it, Back returns to the one before.
  await page.getByRole("tab", { name: "Images" }).click();
  await expect(page).toHaveURL(/\?tab=images$/);
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
  await page.goto("/events/garden-design-walk?tab=participation");
  await expect(page.getByRole("tab", { name: "Participation" })).toHaveAttribute("aria-selected", "true");
  // She hosts it, so she is going: on its guest list, marked as its host. She gives up her seat.
  await expect(page.getByText("Hosted by you")).toBeVisible();
  await expect(page.getByText("Current Participants (1)")).toBeVisible();
  const hostRow = page.getByRole("listitem").filter({ hasText: FOUNDING.name });
  await expect(hostRow.getByText("Host", { exact: true })).toBeVisible();
  await expect(hostRow.getByText("(You)")).toBeVisible();
  await page.getByRole("button", { name: "Leave Event" }).click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to leave?" })
    .getByRole("button", { name: "Yes, Leave" })
    .click();
  await expect(page.getByText("No participants yet. Be the first to join!")).toBeVisible();
  // Joining is on the Details tab too.
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByText("Nobody has joined yet.")).toBeVisible();
  await page.getByRole("button", { name: "Join Event" }).click();
  const welcome = page.getByRole("dialog", { name: "Welcome to Garden Design Walk!" });
  await expect(welcome.getByText("You have successfully joined the event.")).toBeVisible();
  await welcome.getByRole("button", { name: "Send Confirmation Email" }).click();
  await expect(page.getByText("Confirmation email sent.")).toBeVisible();
  await expect(welcome).toBeHidden();
  const confirmation = await waitForMail(FOUNDING.email, /You're joining Garden Design Walk/);
  expect(confirmation.attachments).toEqual(["garden-design-walk.ics"]);
  await expect(page.getByText("1 going")).toBeVisible();
  await screenshot(page, "event-details");
  await page.getByRole("tab", { name: "Participation" }).click();
  await expect(page.getByText("Current Participants (1)")).toBeVisible();
  await expect(page.getByText("(You)")).toBeVisible();
  await page.getByRole("button", { name: "Leave Event" }).click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to leave?" })
    .getByRole("button", { name: "Yes, Leave" })
    .click();
  await expect(page.getByText("Current Participants (0)")).toBeVisible();

  await page.getByRole("button", { name: "Invite Member(s)" }).click();
  const invite = page.getByRole("dialog", { name: "Invite Members" });
  await expect(invite.getByRole("button", { name: "Invite Selected (0)" })).toBeDisabled();
  // Helena keeps her address to herself (the default): part of it finds nobody, the whole of it
  // finds her (docs/decisions/e-mail-addresses-in-the-directory-and-the-invite.md).
  await invite.getByLabel("Search by name or e-mail").fill("host@");
  await expect(invite.getByRole("checkbox")).toHaveCount(0);
  await invite.getByLabel("Search by name or e-mail").fill("host@club.local");
  await expect(invite.getByRole("checkbox")).toHaveCount(1);
  await expect(invite.getByText("Helena Host")).toBeVisible();
  await invite.getByRole("checkbox").first().check();
  await invite.getByRole("button", { name: "Invite Selected (1)" }).click();
  await expect(invite).toBeHidden();
  await expect(page.getByText("Invitations sent to 1 member(s).")).toBeVisible();
  const invitation = await waitForMail("host@club.local", /invites you to Garden Design Walk/);

  const host = await browser.newPage();
  await host.goto(linkTo(invitation, "/events/invite/"));
  await expect(host).toHaveURL(/\/login\?redirect=/);
  await host.getByLabel("Email").fill("host@club.local");
  await host.getByLabel("Password").fill("club-demo-2026");
  await host.getByRole("button", { name: "Login" }).click();
  await expect(host.getByText("Joined 'Garden Design Walk' successfully!")).toBeVisible();
  await expect(host).toHaveURL(/\/events\/garden-design-walk$/, { timeout: 10_000 });
  await host.close();

  await page.goto("/events/garden-design-walk");
  await page.getByRole("button", { name: "Draft Announcement Email" }).click();
  const announce = page.getByRole("dialog", { name: "Draft Announcement Email" });
  await expect(announce.getByLabel("Subject")).toHaveValue(/^Upcoming Event: Garden Design Walk on /);
  await announce.getByLabel("Recipients").selectOption("selected");
  await announce.getByLabel(/Sofia Standard/).check();
  await announce.getByRole("button", { name: "Send Email" }).click();
  await page
    .getByRole("dialog", {
      name: /^Send 'Upcoming Event: Garden Design Walk on .+' to 1 member of Selected Members\?$/,
    })
    .getByRole("button", { name: "Yes, Send" })
    .click();
  // The result is a toast; the dialog closes.
  await expect(page.getByText("Email sent successfully.")).toBeVisible();
  await expect(announce).toBeHidden();
  const announcement = await waitForMail("standard@club.local", /Upcoming Event: Garden Design Walk/);
  expect(announcement.html).toContain("calendar.google.com/calendar/render?action=TEMPLATE");

  await page.getByRole("button", { name: "Delete Event" }).click();
  const confirm = page.getByRole("dialog", { name: 'Are you sure you want to delete "Garden Design Walk"?' });
  // The host joined through her invitation: she is told, with the organiser's message.
  await expect(
    confirm.getByText(
      "This action cannot be undone. The member going or waiting will be e-mailed that it is cancelled.",
    ),
  ).toBeVisible();
  await confirm.getByLabel("Message to them (optional)").fill("The gardens are flooded; we will plan a new date.");
  await confirm.getByRole("button", { name: "Yes, Delete" }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("link").filter({ hasText: "Garden Design Walk" })).toHaveCount(0);
  const cancelled = await waitForMail("host@club.local", /^Cancelled: Garden Design Walk$/);
  expect(cancelled.text).toContain("The gardens are flooded; we will plan a new date.");
  expect(cancelled.attachments).toEqual(["garden-design-walk.ics"]);
});

test("a month calendar beside the list, and 'my events', both in the address", async ({ page }) => {
  await signIn(page, FOUNDING.email, { to: "/calendar" });
  await page.getByRole("button", { name: "Month" }).click();
  await expect(page).toHaveURL(/view=month/);
  // The Tea Culture Afternoon is three days from today (the demo data's dates): in this month or the next.
  const today = new Date();
  const teaDay = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 3);
  if (teaDay.getMonth() !== today.getMonth()) await page.getByRole("button", { name: "Next month →" }).click();
  const monthName = teaDay.toLocaleDateString("en-US", { month: "long", year: "numeric" });
  await expect(page.getByRole("heading", { name: monthName })).toBeVisible();
  const tea = page.getByRole("link", { name: "Tea Culture Afternoon" });
  await expect(tea.first()).toBeVisible();
  await screenshot(page, "calendar-month");
  await page.getByRole("button", { name: "Next month →" }).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await page.goBack();
  await expect(tea.first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "calendar-month-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "List" }).click();
  const cards = page.getByRole("main").getByRole("listitem").getByRole("link");
  // She joined the Tea Culture Afternoon (the demo data); the Sunrise Yoga is Helena's, and she did not.
  const joined = cards.filter({ hasText: "Tea Culture Afternoon" });
  const notJoined = cards.filter({ hasText: "Sunrise Yoga by the Harbour" });
  await expect(joined).toBeVisible();
  await expect(notJoined).toBeVisible();
  await page.getByRole("button", { name: "Invited to" }).click();
  await expect(page).toHaveURL(/mine=invited/);
  await page.getByRole("button", { name: "Joined" }).click();
  await expect(page).toHaveURL(/mine=joined/);
  await expect(notJoined).toHaveCount(0);
  await expect(joined).toBeVisible();
  // Every event listed under "Joined" has her among its participants.
  await cards.first().click();
  await page.getByRole("tab", { name: "Participation" }).click();
  await expect(page.getByText("(You)")).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/mine=joined/);
  await expectAccessible(page);
});

test("the list opens at today's events and pages back through the past", async ({ page }) => {
  await signIn(page, "host@club.local", { to: "/calendar" });
  await page.getByRole("button", { name: "Create Event" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Founders' Garden Party");
  await dialog.getByRole("tab", { name: /Date & Location/ }).click();
  await dialog.getByLabel("Date").fill("2024-06-01");
  await dialog.getByLabel("Virtual").check();
  await dialog.getByLabel("Virtual link").fill("https://meet.example.com/garden");
  await dialog.getByRole("button", { name: "Create Event" }).click();
  await expect(dialog).toBeHidden();

  // A past event is not among the upcoming ones the page opens with; it is one click back.
  const cards = page.getByRole("main").getByRole("listitem").getByRole("link");
  const party = cards.filter({ hasText: "Founders' Garden Party" });
  await expect(cards.filter({ hasText: "Tea Culture Afternoon" })).toBeVisible();
  await expect(party).toHaveCount(0);
  await page.getByRole("button", { name: "Show earlier events" }).click();
  await expect(party).toBeVisible();
  await expect(party).toContainText("Jun 01, 2024");
  // Marked as over, with no "0 going", above a line at today.
  await expect(party).toContainText("Past");
  await expect(party).not.toContainText("going");
  await expect(page.getByRole("listitem", { name: "Today: upcoming events follow" })).toBeVisible();
  // The past comes before the upcoming ones, and there is nothing earlier.
  const titles = await page.locator("main ul > li a span.font-serif").allTextContents();
  expect(titles.indexOf("Founders' Garden Party")).toBeLessThan(titles.indexOf("Tea Culture Afternoon"));
  await expect(page.getByRole("button", { name: "Show earlier events" })).toHaveCount(0);
  await screenshot(page, "calendar-earlier");
});

test("the month's grid shows the events on the neighbouring months' days it draws", async ({ page }) => {
  await signIn(page, FOUNDING.email);
  // November 2027 runs Monday 1 to Tuesday 30: its grid ends on Saturday, December 4.
  const made = await page.request.post("/trpc/events.create", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { json: { title: "Advent Fair", event_date: "2027-12-02", start_time: "10:30", city: "Boston" } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await page.goto("/calendar?view=month&month=2027-11");
  await expect(page.getByRole("heading", { name: "November 2027" })).toBeVisible();
  const day = page.getByRole("listitem", { name: /^Thursday, December 2: / });
  const chip = day.getByRole("link", { name: /Advent Fair/ });
  await expect(chip).toBeVisible();
  // The chip starts with the time.
  await expect(chip).toHaveText("10:30 AM Advent Fair");
  await expect(page.getByRole("listitem", { name: "Wednesday, December 1: no events" })).toBeVisible();
  await screenshot(page, "calendar-month-neighbours");
});

test("an event's page adds it to a calendar: a file with its UID, or Google Calendar", async ({ page }) => {
  await signIn(page, FOUNDING.email, { to: "/events/poetry-reading-salon" });
  const file = page.getByRole("link", { name: "Calendar file (.ics)" });
  await expect(file).toBeVisible();
  const ics = await page.request.get((await file.getAttribute("href")) ?? "");
  expect(ics.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await ics.text();
  expect(text).toContain("BEGIN:VEVENT");
  expect(text).toMatch(/^UID:[0-9a-f-]{36}@localhost\r?$/m);
  await expect(page.getByRole("link", { name: "Google Calendar" })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
});

test("an event that is over says so at the top, and offers nothing to join, invite to or announce", async ({
  page,
}) => {
  await signIn(page, FOUNDING.email);
  // Two days ago in any zone the club or this machine may be in.
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const title = `Yesterday's tea ${Date.now().toString(36)}`;
  const made = await page.request.post("/trpc/events.create", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { json: { title, event_date: day, start_time: "15:00", end_time: "17:00" } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const { slug, id } = (await made.json()).result.data.json;
  // Its host gives up her seat (she did not go after all).
  const left = await page.request.post("/trpc/events.leave", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { json: { id } },
  });
  expect(left.ok(), await left.text()).toBe(true);
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("This event has ended.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Draft Announcement Email" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Join/ })).toHaveCount(0);
  await page.getByRole("tab", { name: "Participation" }).click();
  await expect(page.getByText("Nobody joined this event.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite Member(s)" })).toHaveCount(0);
  await atBothSizes(page, "event-ended");
  // Asked anyway, the server says why in words.
  const joined = await page.request.post("/trpc/events.join", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { json: { id: slug } },
  });
  expect(joined.status()).toBe(400);
  expect((await joined.json()).error.json.message).toMatch(/ended on .*: it can no longer be joined\.$/);
});
