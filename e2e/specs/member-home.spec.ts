import { type APIRequestContext, expect, test } from "@playwright/test";
import { ADMIN, atBothSizes, createMember, DEMO_PASSWORD, expectAccessible, signIn } from "../fixtures";
import { BASE_URL } from "../playwright.config";

const headers = { origin: BASE_URL, "content-type": "application/json" };

/** A tRPC mutation as the caller signed in on `request`: its data. */
async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/trpc/${path}`, { headers, data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}
async function query<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/trpc/${path}`, { headers });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()).result.data.json as T;
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a member's home: her invitations answered there, her next events, and a way there from Home", async ({
  page,
  request,
}) => {
  const tag = Date.now().toString(36);
  const member = { email: `home-${tag}@club.test`, name: "Hannah Home" };
  await createMember(request, member);

  // An admin plans three events and invites her to the two private ones.
  await request.post("/login", { headers, data: { email: ADMIN.email, password: DEMO_PASSWORD } });
  type Made = { id: string; slug: string };
  const supper = await mutate<Made>(request, "events.create", {
    title: `Private supper ${tag}`,
    event_date: inDays(10),
    start_time: "19:00",
    city: "Boston",
    exclusivity: "invite-only",
  });
  const tea = await mutate<Made>(request, "events.create", {
    title: `Private tea ${tag}`,
    event_date: inDays(12),
    exclusivity: "invite-only",
  });
  const salon = await mutate<Made>(request, "events.create", {
    title: `Open salon ${tag}`,
    event_date: inDays(5),
    start_time: "18:30",
    is_physical: false,
    virtual_link: "https://meet.example/salon",
  });
  const members = await query<{ user_id: string; email: string }[]>(request, "events.invitableMembers");
  const her = members.find((m) => m.email === member.email)!.user_id;
  for (const e of [supper, tea]) await mutate(request, "events.invite", { eventId: e.id, userIds: [her] });
  await request.post("/logout", { headers });

  await signIn(page, member.email);
  // Home leads to her own page in one click.
  await page.getByRole("link", { name: "Go to My club" }).click();
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${member.name}`);

  const invitations = page.getByRole("region", { name: "Invitations waiting for you" });
  const next = page.getByRole("region", { name: "Your next events" });
  await expect(invitations.getByRole("listitem")).toHaveCount(2);
  await expect(invitations.getByRole("listitem").first()).toContainText(`Private supper ${tag}`);
  await expect(invitations.getByRole("listitem").first()).toContainText("7:00 PM · Boston · from Alexandra Admin");
  await expect(next).toContainText("Nothing booked yet.");
  await expect(page.getByRole("region", { name: "From the club" })).toBeVisible();
  await expectAccessible(page);
  await atBothSizes(page, "member-home-invitations");

  // Accept the supper right there.
  await invitations
    .getByRole("listitem")
    .filter({ hasText: `Private supper ${tag}` })
    .getByRole("button", { name: "Accept" })
    .click();
  await expect(page.getByText("You have joined the event.")).toBeVisible();
  await expect(next.getByRole("listitem")).toHaveCount(1);
  await expect(next.getByRole("listitem")).toContainText("Going");

  // Declining asks first, then the invitation is gone and the private tea hidden from her.
  await invitations.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: `Decline the invitation to Private tea ${tag}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, Decline" }).click();
  await expect(page.getByText("Invitation declined.")).toBeVisible();
  await expect(invitations).toHaveCount(0);
  const hidden = await page.request.get(`/api/events/${tea.id}`, { headers });
  expect(hidden.status()).toBe(404);

  // She joins the online salon from its page; her home lists both, soonest first.
  await page.goto(`/events/${salon.slug}`);
  await page.getByRole("button", { name: "Join Event" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.goto("/member-home");
  await expect(next.getByRole("listitem")).toHaveCount(2);
  await expect(next.getByRole("listitem").first()).toContainText(`Open salon ${tag}`);
  await expect(next.getByRole("listitem").first()).toContainText("6:30 PM · Online");
  await expect(next.getByRole("listitem").nth(1)).toContainText(`Private supper ${tag}`);
  await expectAccessible(page);
  await atBothSizes(page, "member-home");

  // The menu names it.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: /menu/i }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My club" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
