import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, atBothSizes, createMember, expectAccessible, screenshot, signIn, takenOver } from "../fixtures";
import { BASE_URL } from "../playwright.config";

// Messages end to end: Ana, on a laptop, writes to Bea from her profile; Bea, on a phone, sees the
// unread count arrive without a reload, reads and answers; Ana sees the answer arrive; Bea blocks
// Ana, who then cannot write; Bea reports one of Ana's messages and an admin sees it in context;
// Cora, who is not in the conversation, finds no such page.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const POSTER = readFileSync(join(import.meta.dirname, "../../apps/web/src/assets/hero/hero-poster.webp"));

async function member(browser: Browser, email: string, viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    ...(viewport === PHONE ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Her unread messages as the header shows them: beside Messages in the bar, or on the phone's menu button. */
const unreadBadge = (page: Page) => page.locator("header").getByTestId("messages-unread").filter({ visible: true });

test("two members write to each other live; a block stops one; a report reaches the admins; no one else can read it", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const ana = { email: `ana-msg-${tag}@club.test`, name: `Ana Letters ${tag}` };
  const bea = { email: `bea-msg-${tag}@club.test`, name: `Bea Replies ${tag}` };
  const cora = { email: `cora-msg-${tag}@club.test`, name: `Cora Outside ${tag}` };
  for (const m of [ana, bea, cora]) await createMember(request, m);

  // Bea, on her phone, has her Messages open: nothing yet, said in words.
  const beaPage = await member(browser, bea.email, PHONE);
  await beaPage.goto("/messages");
  await expect(beaPage.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
  await expect(unreadBadge(beaPage)).toHaveCount(0);
  await takenOver(beaPage);
  await expectAccessible(beaPage);
  await screenshot(beaPage, "messages-empty-mobile");

  // Ana, on her laptop, finds Bea in the directory: "Write to her" opens the dialog on her profile.
  const anaPage = await member(browser, ana.email, DESKTOP);
  await anaPage.goto(`/members?q=${encodeURIComponent(bea.name)}`);
  await takenOver(anaPage);
  const beaCard = anaPage
    .getByRole("listitem")
    .filter({ has: anaPage.getByRole("link", { name: bea.name, exact: true }) });
  await expect(beaCard.getByRole("link", { name: "Write to her" })).toHaveAccessibleDescription(bea.name);
  await beaCard.getByRole("link", { name: "Write to her" }).click();
  const write = anaPage.getByRole("dialog", { name: "Write to Bea" });
  await expect(write).toBeVisible();
  await write.getByRole("button", { name: "Cancel" }).click();
  await expect(write).toHaveCount(0);
  await expect(anaPage.getByRole("heading", { level: 1 })).toContainText(bea.name);
  // Her own card has no such link.
  await anaPage.goto(`/members?q=${encodeURIComponent(ana.name)}`);
  const anaCard = anaPage
    .getByRole("listitem")
    .filter({ has: anaPage.getByRole("link", { name: ana.name, exact: true }) });
  await expect(anaCard).toHaveCount(1);
  await expect(anaCard.getByRole("link", { name: "Write to her" })).toHaveCount(0);

  // From Bea's profile: "Write to her", a message with a link and some markup, sent.
  await anaPage.goto(`/members?q=${encodeURIComponent(bea.name)}`);
  await takenOver(anaPage);
  await anaPage.getByRole("link", { name: bea.name, exact: true }).click();
  await expect(anaPage.getByRole("heading", { level: 1 })).toContainText(bea.name);
  await takenOver(anaPage);
  await anaPage.getByRole("button", { name: "Write to her" }).click();
  await expect(write).toBeVisible();
  await write.getByRole("button", { name: "Send" }).click();
  await expect(write.getByText("Write a message.")).toBeVisible();
  const first = "Lunch at the club on Friday? The menu: https://club.example/menu. <b>Not bold</b>";
  await write.getByLabel("Your message").fill(first);
  await atBothSizes(anaPage, "messages-write-to-her");
  await write.getByRole("button", { name: "Send" }).click();
  await expect(anaPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationUrl = new URL(anaPage.url()).pathname;
  await expect(anaPage.getByText("Your message is sent.")).toBeVisible();
  await expect(anaPage.getByRole("heading", { level: 1 })).toContainText(bea.name);
  await expect(anaPage.getByRole("main").getByText("Not bold")).toBeVisible();

  // Bea's phone tells her at once, without a reload: the menu button's count, and her list.
  await expect(unreadBadge(beaPage)).toHaveText("1");
  await expect(beaPage.getByRole("button", { name: /1 unread messages/ })).toBeVisible();
  const line = beaPage.getByRole("link", { name: new RegExp(ana.name) });
  await expect(line).toContainText("Lunch at the club on Friday?");
  await expect(line).toContainText("1 unread");
  await beaPage.getByRole("button", { name: /Menu/ }).click();
  await expect(
    beaPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages\W+1 unread$/ }),
  ).toBeVisible();
  await screenshot(beaPage, "messages-menu-unread-mobile");
  await beaPage.keyboard.press("Escape");
  await atBothSizes(beaPage, "messages-list-unread");
  await beaPage.setViewportSize(PHONE);

  // She opens it: the message as plain text, its link safe, and nothing left unread.
  await line.click();
  await expect(beaPage).toHaveURL(new RegExp(`${conversationUrl}$`));
  const message = beaPage.getByRole("main").getByText(/^Lunch at the club on Friday\?/);
  await expect(message).toHaveText(first);
  await expect(message.locator("b")).toHaveCount(0);
  const link = message.getByRole("link", { name: "https://club.example/menu" });
  await expect(link).toHaveAttribute("href", "https://club.example/menu");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(unreadBadge(beaPage)).toHaveCount(0);

  // She answers with Ctrl+Enter; Ana's open conversation shows it without a reload, read at once.
  const composer = beaPage.getByRole("form", { name: "Write a message" });
  await composer.getByLabel("Your message").fill("Yes please! One o'clock?");
  await composer.getByLabel("Your message").press("Control+Enter");
  await expect(composer.getByLabel("Your message")).toHaveValue("");
  await expect(beaPage.getByRole("main").getByText("Yes please! One o'clock?")).toBeVisible();
  await expect(anaPage.getByRole("main").getByText("Yes please! One o'clock?")).toBeVisible();
  await expect(unreadBadge(anaPage)).toHaveCount(0);
  await expect(
    anaPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Messages", exact: true }),
  ).toBeVisible();
  // A shared gallery photo shows as a card.
  const upload = await anaPage.request.post("/upload-media", {
    headers: { origin: BASE_URL },
    multipart: { media: { name: `terrace-${tag}.webp`, mimeType: "image/webp", buffer: POSTER } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const photo = (await upload.json()) as { id: string };
  // Ana shares it from the gallery: the photo's details, "Share in a message", Bea, a line.
  await anaPage.goto(`/gallery?media=${photo.id}`);
  await takenOver(anaPage);
  const details = anaPage
    .getByRole("dialog")
    .filter({ has: anaPage.getByRole("button", { name: "Share in a message" }) });
  await details.getByRole("button", { name: "Share in a message" }).click();
  const share = anaPage.getByRole("dialog", { name: "Share in a message" });
  await share.getByRole("button", { name: "Send" }).click();
  await expect(share.getByText("Choose who to write to.")).toBeVisible();
  // She is taken to the search once the form's check has ended (typing before then went into the
  // message when that check moved the focus there).
  await expect(share.getByLabel("Find a member by name")).toBeFocused();
  await share.getByLabel("Find a member by name").fill(bea.name);
  await share.getByRole("radio", { name: new RegExp(bea.name) }).check();
  await share.getByLabel("Your message").fill("The terrace, for Friday.");
  await screenshot(anaPage, "messages-share-photo-desktop");
  await share.getByRole("button", { name: "Send" }).click();
  // Written to Bea again: the same conversation goes on.
  await expect(anaPage).toHaveURL(new RegExp(`${conversationUrl.split("/").at(-1)}$`));
  await expect(anaPage.getByRole("main").getByText("The terrace, for Friday.")).toBeVisible();
  await expect(beaPage.getByRole("main").getByText("The terrace, for Friday.")).toBeVisible();
  const card = beaPage.getByRole("main").getByRole("link", { name: /in the gallery/ });
  await expect(card.locator("img")).toHaveJSProperty("complete", true);
  expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(unreadBadge(beaPage)).toHaveCount(0);
  await expectAccessible(beaPage);
  await atBothSizes(beaPage, "messages-conversation");
  await beaPage.setViewportSize(PHONE);
  await atBothSizes(anaPage, "messages-conversation-ana");
  await anaPage.setViewportSize(DESKTOP);

  // Bea mutes it and unmutes it from the actions.
  await beaPage.getByRole("button", { name: "Actions" }).click();
  await beaPage.getByRole("menuitem", { name: "Mute" }).click();
  await expect(beaPage.getByText("The conversation is muted: no e-mail, and not counted.")).toBeVisible();
  await expect(beaPage.getByText("Muted: no e-mail, and not counted", { exact: true })).toBeVisible();
  await beaPage.getByRole("button", { name: "Actions" }).click();
  await beaPage.getByRole("menuitem", { name: "Unmute" }).click();
  await expect(beaPage.getByText("The conversation is no longer muted.")).toBeVisible();

  // Bea reports one of Ana's messages, with why.
  await beaPage
    .getByRole("button", { name: `Report the message from ${ana.name}` })
    .first()
    .click();
  const report = beaPage.getByRole("dialog", { name: "Report this message" });
  await report.getByLabel("Why do you report it?").fill("no");
  await report.getByRole("button", { name: "Report to the administrators" }).click();
  await expect(report.getByText("Say why you report this message.")).toBeVisible();
  await report.getByLabel("Why do you report it?").fill("She keeps sending me menus I did not ask for.");
  await screenshot(beaPage, "messages-report-mobile");
  await report.getByRole("button", { name: "Report to the administrators" }).click();
  await expect(beaPage.getByText("Thank you: the message is reported to the club's administrators.")).toBeVisible();
  await expect(report).toHaveCount(0);

  // Bea blocks Ana from Ana's profile (asked first); Ana then cannot write to her.
  await beaPage.getByRole("main").getByRole("heading", { level: 1 }).getByRole("link", { name: ana.name }).click();
  await expect(beaPage.getByRole("heading", { level: 1 })).toContainText(ana.name);
  await takenOver(beaPage);
  await beaPage.getByRole("button", { name: `Block ${ana.name}` }).click();
  const confirm = beaPage.getByRole("dialog", { name: "Block Ana?" });
  await expect(confirm).toContainText("She will not be able to write to you. She is not told that you blocked her.");
  await screenshot(beaPage, "messages-block-mobile");
  await confirm.getByRole("button", { name: "Yes, Block" }).click();
  await expect(beaPage.getByText(`${ana.name} is blocked: she cannot write to you.`)).toBeVisible();
  await expect(beaPage.getByRole("button", { name: `Unblock ${ana.name}` })).toBeVisible();
  await atBothSizes(beaPage, "messages-profile-blocked");

  const anaComposer = anaPage.getByRole("form", { name: "Write a message" });
  await anaComposer.getByLabel("Your message").fill("Are you there?");
  await anaComposer.getByRole("button", { name: "Send" }).click();
  await expect(anaPage.getByRole("main").getByText("You cannot write to this member.")).toBeVisible();
  await expect(anaComposer).toHaveCount(0);
  await expect(anaPage.getByRole("main").getByText("Are you there?")).toHaveCount(0);
  await atBothSizes(anaPage, "messages-cannot-write");
  // A reload says the same, and so does her profile's "Write to her".
  await anaPage.reload();
  await expect(anaPage.getByRole("main").getByText("You cannot write to this member.")).toBeVisible();
  // The reloaded page is the server's until the app takes it over: a click before that was lost
  // once, and the page stayed where it was. Then the app scrolls the conversation to its newest
  // part: a click on her name at the top, as the page moved under it, once landed on the page
  // below the header instead.
  await takenOver(anaPage);
  await expect(anaPage.getByRole("main").getByText("You cannot write to this member.")).toBeInViewport();
  // Her name is followed from the keyboard: a click, aimed at where the link was, twice landed on
  // what the page had moved under the pointer (the conversation scrolls itself as it settles);
  // Enter on the focused link does not depend on where the page stands.
  await anaPage
    .getByRole("main")
    .getByRole("heading", { level: 1 })
    .getByRole("link", { name: bea.name })
    .press("Enter");
  await expect(anaPage).toHaveURL(/\/members\//);
  await takenOver(anaPage);
  await anaPage.getByRole("button", { name: "Write to her" }).click();
  await write.getByLabel("Your message").fill("Hello again?");
  await write.getByRole("button", { name: "Send" }).click();
  await expect(write.getByText("You cannot write to this member.")).toBeVisible();
  await anaPage.context().close();

  // An admin finds the report in the Admin Panel: who, why, when, whose conversation, and the
  // message among those around it.
  const admin = await member(browser, ADMIN.email, DESKTOP);
  await admin.goto("/admin");
  await takenOver(admin);
  await admin.getByRole("link", { name: /Reported messages\W+1 open report/ }).click();
  await expect(admin).toHaveURL(/\/admin\/reports$/);
  const open = admin.getByRole("article", { name: `Report by ${bea.name}` });
  await expect(open).toContainText("She keeps sending me menus I did not ask for.");
  await expect(open).toContainText(`${ana.name} and ${bea.name}`);
  const reported = open.getByRole("listitem", { name: new RegExp(`^Reported message, from ${ana.name}`) });
  await expect(reported).toContainText("Lunch at the club on Friday?");
  await expect(open.getByText("Yes please! One o'clock?")).toBeVisible();
  await expectAccessible(admin);
  await atBothSizes(admin, "messages-admin-reports");
  await open.getByRole("button", { name: "Close report" }).click();
  await admin.getByRole("dialog", { name: "Close this report?" }).getByRole("button", { name: "Yes, Close" }).click();
  await expect(admin.getByText("The report is closed.")).toBeVisible();
  await expect(open).toHaveCount(0);
  await admin.context().close();

  // Cora is in no such conversation: for her, there is no such page.
  const coraPage = await member(browser, cora.email, PHONE);
  const answer = await coraPage.goto(conversationUrl);
  expect(answer?.status()).toBe(404);
  await expect(coraPage.getByRole("heading", { name: "Oops! You're not supposed to be here!" })).toBeVisible();
  await expect(coraPage.getByText("Lunch at the club on Friday?")).toHaveCount(0);
  await takenOver(coraPage);
  await expect(coraPage.getByRole("heading", { name: "Oops! You're not supposed to be here!" })).toBeVisible();
  await screenshot(coraPage, "messages-not-found-mobile");
  await coraPage.context().close();

  // Bea leaves the conversation (asked first): it leaves her list.
  await beaPage.goto(conversationUrl);
  await takenOver(beaPage);
  await beaPage.getByRole("button", { name: "Actions" }).click();
  await beaPage.getByRole("menuitem", { name: "Leave the conversation…" }).click();
  const leave = beaPage.getByRole("dialog", { name: "Leave this conversation?" });
  await expect(leave).toContainText("It leaves your list");
  await leave.getByRole("button", { name: "Yes, Leave" }).click();
  await expect(beaPage.getByText("You left the conversation.")).toBeVisible();
  await expect(beaPage).toHaveURL(/\/messages$/);
  await expect(beaPage.getByRole("heading", { name: "No conversations yet" })).toBeVisible();

  // Settings → Profile lists whom she blocked; she unblocks Ana there.
  await beaPage.goto("/settings/profile");
  await takenOver(beaPage);
  const blockedList = beaPage.getByRole("list", { name: "Blocked members" });
  await expect(blockedList.getByRole("link", { name: ana.name })).toBeVisible();
  await blockedList.scrollIntoViewIfNeeded();
  await screenshot(beaPage, "messages-blocked-settings-mobile");
  await blockedList.getByRole("button", { name: `Unblock ${ana.name}` }).click();
  await expect(beaPage.getByText(`${ana.name} is no longer blocked.`)).toBeVisible();
  await expect(beaPage.getByText("You have blocked no one.", { exact: false })).toBeVisible();
  await beaPage.context().close();
});
