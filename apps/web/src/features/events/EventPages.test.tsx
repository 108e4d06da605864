import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EventPages, type EventPagesProps } from "./EventPages";
import type { EventSummary } from "./types";

const event = (id: string, title: string, more: Partial<EventSummary> = {}) =>
  ({
    id,
    slug: id,
    title,
    description: "",
    event_date: "2099-12-01",
    end_date: null,
    start_time: "18:30",
    is_physical: true,
    city: "Boston",
    participant_count: 0,
    ...more,
  }) as never as EventSummary;

async function show(props: Partial<EventPagesProps>) {
  const all: EventPagesProps = {
    events: [],
    hasEarlier: false,
    hasMore: false,
    loadingEarlier: false,
    loadingMore: false,
    onEarlier: () => {},
    onMore: () => {},
    empty: "No events yet.",
    ...props,
  };
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <EventPages {...all} /> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

describe("the events page's cards", () => {
  it("offers the past above the cards and more under them, and asks for each", async () => {
    const onEarlier = vi.fn();
    const onMore = vi.fn();
    await show({ events: [event("a", "Salon")], hasEarlier: true, hasMore: true, onEarlier, onMore });
    const buttons = screen.getAllByRole("button").map((b) => b.textContent);
    expect(buttons).toEqual(["Show earlier events", "Show more events"]);
    fireEvent.click(screen.getByRole("button", { name: "Show earlier events" }));
    fireEvent.click(screen.getByRole("button", { name: "Show more events" }));
    expect(onEarlier).toHaveBeenCalledOnce();
    expect(onMore).toHaveBeenCalledOnce();
  });

  it("keeps a button in place, disabled, while its page loads", async () => {
    await show({ events: [event("a", "Salon")], hasEarlier: true, loadingEarlier: true });
    expect(screen.getByRole("button", { name: "Loading earlier events…" })).toHaveProperty("disabled", true);
  });

  it("says there is nothing ahead when only the past holds events", async () => {
    await show({ hasEarlier: true });
    expect(screen.getByText("No upcoming events.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show earlier events" })).toBeTruthy();
  });

  it("shows the empty message when there is nothing to fetch either way", async () => {
    await show({ empty: 'No events match "zz".' });
    expect(screen.getByText('No events match "zz".')).toBeTruthy();
    expect(screen.queryAllByRole("button")).toEqual([]);
  });

  it("gives each card its start time and place, and marks the past below a line at today", async () => {
    await show({
      events: [
        event("p0", "Winter picnic", { event_date: "2020-01-05", participant_count: 0 }),
        event("p1", "Spring fair", { event_date: "2020-04-05", participant_count: 3 }),
        event("u1", "Online salon", { is_physical: false, city: null }),
      ],
      hasMore: false,
    });
    const cards = screen.getAllByRole("link").map((a) => a.textContent);
    expect(cards[0]).toContain("Jan 05, 2020 · 6:30 PM");
    expect(cards[0]).toContain("Past");
    // Nobody came: no "0 going" on an event that is over.
    expect(cards[0]).not.toMatch(/going|went/);
    expect(cards[1]).toContain("3 went");
    expect(cards[1]).toContain("Boston");
    expect(cards[2]).toContain("Online");
    expect(cards[2]).toContain("0 going");
    expect(cards[2]).not.toContain("Past");
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("aria-label") ?? li.textContent)).toEqual([
      expect.stringContaining("Winter"),
      expect.stringContaining("Spring"),
      "Today: upcoming events follow",
      expect.stringContaining("Online"),
    ]);
  });

  it("draws no line at today when every card is to come", async () => {
    await show({ events: [event("a", "Salon"), event("b", "Gala")] });
    expect(screen.queryByLabelText("Today: upcoming events follow")).toBeNull();
  });
});
