import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EventPages, type EventPagesProps } from "./EventPages";
import type { EventSummary } from "./types";

const event = (id: string, title: string) =>
  ({
    id,
    slug: id,
    title,
    description: "",
    event_date: "2026-12-01",
    end_date: null,
    participant_count: 0,
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
});
