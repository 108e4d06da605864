import type { RouterOutputs } from "@club/api";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setDisplayZone } from "../../../lib/time-zone";
import { queryClient, trpc } from "../../../lib/trpc";
import { DeliveryLog } from "./DeliveryLog";
import { deliveryPages } from "./delivery-pages";

type Page = RouterOutputs["webhooks"]["deliveries"];
type Delivery = Page["items"][number];

const ID = "7a1d1b0e-2f4c-4c8e-9a51-3c0b8f1e2d4a";
const at = new Date("2026-03-01T15:04:00Z");
const delivery = (id: string, more: Partial<Delivery>): Delivery => ({
  id,
  type: "member.created",
  status: "delivered",
  attempts: 1,
  createdAt: at,
  lastAttemptAt: at,
  dueAt: at,
  responseStatus: 204,
  lastError: null,
  ...more,
});

/** The log as the page shows it, its first page already loaded (as the route's loader leaves it). */
async function show(page: Page) {
  queryClient.setQueryData(deliveryPages(trpc, ID).queryKey, { pages: [page], pageParams: [null] });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <DeliveryLog id={ID} />
      </QueryClientProvider>,
    );
  });
}

beforeEach(() => setDisplayZone("UTC"));
afterEach(() => {
  queryClient.clear();
  setDisplayZone(undefined);
});

describe("a webhook's delivery log", () => {
  it("says each message's state, tries and last answer in words, and offers Redeliver only for one not waiting", async () => {
    await show({
      items: [
        delivery("w", {
          type: "comment.created",
          status: "pending",
          attempts: 0,
          lastAttemptAt: null,
          responseStatus: null,
          dueAt: new Date("2026-03-01T15:09:00Z"),
        }),
        delivery("f", {
          type: "event.created",
          status: "failed",
          attempts: 8,
          responseStatus: 500,
          lastError: "The endpoint answered 500 Internal Server Error.",
        }),
        delivery("n", {
          status: "failed",
          attempts: 8,
          responseStatus: null,
          lastError: "No answer within 10 seconds.",
        }),
        delivery("d", {}),
      ],
      nextCursor: null,
    });
    const table = screen.getByRole("table", { name: "Messages, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "comment.createdA comment was written",
      "event.createdAn event was published",
      "member.createdA member registered or was added",
      "member.createdA member registered or was added",
    ]);
    expect(rows.map(cells)).toEqual([
      ["Mar 1, 20263:04 PM", "Waiting — next try Mar 1, 3:09 PM", "0", "Not tried yet", "—None", ""],
      [
        "Mar 1, 20263:04 PM",
        "Failed",
        "8",
        "HTTP 500Mar 1, 3:04 PM",
        "The endpoint answered 500 Internal Server Error.",
        "Redeliver",
      ],
      ["Mar 1, 20263:04 PM", "Failed", "8", "No answerMar 1, 3:04 PM", "No answer within 10 seconds.", "Redeliver"],
      ["Mar 1, 20263:04 PM", "Delivered", "1", "HTTP 204Mar 1, 3:04 PM", "—None", "Redeliver"],
    ]);
    expect(
      within(table).getByRole("button", { name: "Redeliver the event.created message of Mar 1, 2026, 3:04 PM" }),
    ).toBeTruthy();
    // The phones' cards say the same, with the same buttons.
    const cards = screen.getByRole("list", { name: "Messages, newest first" });
    expect(within(cards).getAllByRole("listitem")).toHaveLength(4);
    expect(within(cards).getAllByRole("button", { name: /^Redeliver/ })).toHaveLength(3);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("offers more while the log has an older page", async () => {
    await show({ items: [delivery("d", {})], nextCursor: 12 });
    expect(screen.getByRole("button", { name: "Load more" })).toBeTruthy();
  });

  it("says what a message is when there is none yet", async () => {
    await show({ items: [], nextCursor: null });
    expect(
      screen.getByText("No messages yet: one is written each time something it listens for happens."),
    ).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
