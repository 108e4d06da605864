import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  atBothSizes,
  createMember,
  expectAccessible,
  layoutShift,
  screenshot,
  signIn,
  takenOver,
} from "../fixtures";

// The server under e2e posts only to public addresses: the webhooks here point at one (nothing
// answers there; a message's tries fail, which the log shows).
const ADDRESS = "https://crm.example.com/club-hooks";

/** Adds a webhook through the form; returns the secret it shows once. */
async function addWebhook(page: Page, name: string, events: string[], address = ADDRESS): Promise<string> {
  const form = page.getByRole("form", { name: "Add a webhook" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Address", { exact: true }).fill(address);
  for (const event of events)
    await form.getByRole("checkbox", { name: new RegExp(`^${event.replace(".", "\\.")} `) }).check();
  await form.getByRole("button", { name: "Add webhook" }).click();
  const shown = page.getByRole("status").filter({ hasText: `The webhook “${name}” was added.` });
  await expect(shown).toBeVisible();
  return (await shown.locator("code").textContent())?.trim() ?? "";
}

/** The whole page, at a desktop's width and a phone's. */
async function wholePage(page: Page, name: string): Promise<void> {
  // From the top: the header stays at the top of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-desktop-full`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-mobile-full`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function removeWebhook(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: `Remove the webhook ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Remove the webhook “${name}”?` });
  await expect(confirm.getByText("It stops receiving messages, and its delivery log is deleted.")).toBeVisible();
  await confirm.getByRole("button", { name: "Yes, Remove" }).click();
  await expect(page.getByText(`The webhook “${name}” was removed.`)).toBeVisible();
  await expect(confirm).toBeHidden();
}

test("an admin adds a webhook, sees its secret once, opens its log and removes it", async ({ page, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, ADMIN.email, { to: "/admin" });
  await takenOver(page);
  await page.getByRole("link", { name: /Webhooks/ }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText(/Standard Webhooks/)).toBeVisible();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();

  // Nothing filled in: the form says what is missing, before asking the server.
  const form = page.getByRole("form", { name: "Add a webhook" });
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(form.getByText("Give the webhook a name.")).toBeVisible();
  await expect(form.getByText("Give the address to post to.")).toBeVisible();
  await expect(form.getByText("Choose at least one event.")).toBeVisible();

  // Each event is offered by its name and its words.
  await expect(form.getByRole("group", { name: /Events/ }).getByRole("checkbox")).toHaveCount(19);
  await expect(form.getByRole("checkbox", { name: "event.created An event was published" })).toBeVisible();

  // A plain http:// address: the server refuses it, and says why under the form.
  await form.getByLabel("Name", { exact: true }).fill("Membership CRM");
  await form.getByLabel("Address", { exact: true }).fill("http://crm.example.com/club-hooks");
  await form.getByRole("checkbox", { name: /^event\.created / }).check();
  await form.getByRole("checkbox", { name: /^comment\.created / }).check();
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The address must start with https://" })).toBeVisible();

  // Fixed, it is added: the secret is shown once, and the form is empty again.
  await form.getByLabel("Address", { exact: true }).fill(ADDRESS);
  await form.getByRole("button", { name: "Add webhook" }).click();
  const shown = page.getByRole("status").filter({ hasText: "The webhook “Membership CRM” was added." });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(
    "Copy it now: it is not shown again. The receiver checks each message's signature with it.",
  );
  const secret = (await shown.locator("code").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(form.getByLabel("Address", { exact: true })).toHaveValue("");
  await expect(form.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "https://" })).toHaveCount(0);

  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Secret copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // The list: a table on a wide screen, its row in words.
  const table = page.getByRole("table", { name: "Webhooks, with their messages waiting and failed" });
  const row = table.getByRole("row", { name: /Membership CRM/ });
  await expect(row.getByRole("rowheader")).toHaveText("Membership CRM");
  await expect(row.getByRole("cell").nth(0)).toHaveText(ADDRESS);
  await expect(row.getByRole("cell").nth(1)).toHaveText("event.createdcomment.created");
  await expect(row.getByRole("cell").nth(2)).toHaveText("Answering");
  await expect(row.getByRole("cell").nth(3)).toHaveText("0");
  await expect(row.getByRole("cell").nth(4)).toHaveText("0");
  await expect(page.getByText("No webhooks yet.")).toHaveCount(0);
  await expectAccessible(page);
  await atBothSizes(page, "webhooks-added", () => shown.scrollIntoViewIfNeeded());
  await wholePage(page, "webhooks-added");

  // Not shown again: after a reload the secret is nowhere on the page.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await expect(page.getByText("was added.")).toHaveCount(0);
  // The page as the server rendered it holds still while the app takes it over.
  expect(await layoutShift(page, 500)).toEqual({ total: 0, moved: [] });

  // Its log: empty, with its address and events; and the way back.
  await takenOver(page);
  await row.getByRole("link", { name: "Membership CRM" }).click();
  await expect(page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Membership CRM" })).toBeVisible();
  await expect(page.getByText(`Posts to ${ADDRESS}`)).toBeVisible();
  await expect(page.getByText("Listens for event.created, comment.created.")).toBeVisible();
  await expect(
    page.getByText("No messages yet: one is written each time something it listens for happens."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(
    page.getByText("No messages yet: one is written each time something it listens for happens."),
  ).toBeVisible();
  await expectAccessible(page);
  await atBothSizes(page, "webhook-log-empty");

  // Nothing waits, so nothing to retry; paused and resumed; edited in place.
  await expect(page.getByRole("button", { name: "Retry now" })).toBeDisabled();
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByText("“Membership CRM” is paused: its messages wait until you resume it.")).toBeVisible();
  await expect(page.getByText(/^Paused since .*: its messages wait, in order, until you resume it\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByText(/^Paused since/)).toHaveCount(0);
  // A test message: in the log at once, in words.
  await page.getByRole("button", { name: "Send a test message" }).click();
  await expect(page.getByText("A test message is on its way: its answer shows in the log.")).toBeVisible();
  await expect(
    page
      .getByRole("table", { name: "Messages, newest first" })
      .getByRole("row", { name: /webhook\.ping/ })
      .getByRole("rowheader"),
  ).toHaveText("webhook.pingA test message sent from this page");
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit “Membership CRM”" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue("Membership CRM");
  await expect(edit.getByRole("checkbox", { checked: true })).toHaveCount(2);
  await edit.getByLabel("Address", { exact: true }).fill("ftp://crm.example.com");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("alert").filter({ hasText: "https://" })).toBeVisible();
  await edit.getByLabel("Address", { exact: true }).fill(ADDRESS);
  await edit.getByLabel("Name", { exact: true }).fill("Membership CRM v2");
  await atBothSizes(page, "webhook-edit");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Membership CRM v2" })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const again = page.getByRole("dialog", { name: "Edit “Membership CRM v2”" });
  await again.getByLabel("Name", { exact: true }).fill("Membership CRM");
  await again.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Membership CRM" })).toBeVisible();
  // A new secret, asked first and shown once; the old one signs beside it for a day.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page
    .getByRole("dialog", { name: "Give “Membership CRM” a new secret?" })
    .getByRole("button", { name: "Yes, Rotate" })
    .click();
  const fresh = page.getByRole("status").filter({ hasText: "Its new secret (shown this once):" });
  await expect(fresh.locator("code")).toHaveText(/^whsec_\S{32}$/);
  await expect(fresh).toContainText("The old secret signs each message beside it until");
  await atBothSizes(page, "webhook-rotated");
  await page.getByRole("link", { name: "All webhooks" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);

  // Removed once confirmed.
  await removeWebhook(page, "Membership CRM");
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
  await expect(table).toHaveCount(0);
});

test("a webhook's log lists each message it was sent, in words", async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN.email, { to: "/webhooks" });
  // A long address, as some receivers have: it wraps on a phone rather than widening the page.
  const address = "https://crm.example.com/club-hooks/receivers/members-directory/v2/inbound-events-from-the-club";
  await addWebhook(page, "Members directory", ["member.created", "member.deleted"], address);
  // Something it listens for: a member is added.
  await createMember(request, { email: `hooked-${Date.now()}@example.com`, name: "Hattie Hooked" });

  await takenOver(page);
  await page.getByRole("table").getByRole("link", { name: "Members directory" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Members directory" })).toBeVisible();
  await expect(page.getByText(`Posts to ${address}`)).toBeVisible();
  const log = page.getByRole("table", { name: "Messages, newest first" });
  const message = log.getByRole("row", { name: /member\.created/ });
  await expect(message.getByRole("rowheader")).toHaveText("member.createdA member registered or was added");
  // Nothing answers at the address: the message waits for its next try (or, the address being
  // refused, has failed); it is never lost.
  await expect(message.getByRole("cell").nth(1)).toHaveText(/^(Waiting — next try .+|Delivered|Failed)$/);
  await expect(message.getByRole("cell").nth(3)).toHaveText(/^(HTTP \d{3}|No answer|Not tried yet)/);
  // The page as the server renders it, then as the app takes it over: the same rows.
  await page.reload();
  await expect(message.getByRole("rowheader")).toHaveText("member.createdA member registered or was added");
  await expectAccessible(page);
  await atBothSizes(page, "webhook-log");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await wholePage(page, "webhook-log");

  await page.goto("/webhooks");
  await removeWebhook(page, "Members directory");
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});

test("a webhook that is not there: said in words, with the way back", async ({ page }) => {
  await signIn(page, ADMIN.email, { to: "/webhooks/00000000-0000-4000-8000-000000000000" });
  await expect(page.getByRole("heading", { level: 1, name: "Webhook not found" })).toBeVisible();
  await takenOver(page);
  await page.getByRole("link", { name: "Back to all webhooks" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
});

test("members cannot open the webhooks", async ({ page }) => {
  await signIn(page, "standard@club.local", { to: "/webhooks" });
  await expect(page).toHaveURL(/\/no-permission$/);
});
