import type { RouterOutputs } from "@club/api";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient, trpc } from "../../lib/trpc";
import { GuestList } from "./GuestList";
import type { EventDto } from "./types";

type Attendees = RouterOutputs["events"]["attendees"];

const ID = "5b0e3c4a-8f1d-4e2b-9c6a-7d5e4f3a2b1c";
const joined = new Date("2026-05-01T10:00:00Z");
const person = (user_id: string, name: string, email: string | null, guests = 0) => ({
  user_id,
  name,
  email,
  guests,
  joined_at: joined,
});

/** The guest list as its organiser sees it, the answer already loaded. */
async function show(list: Attendees) {
  queryClient.setQueryData(trpc.events.attendees.queryOptions({ id: ID }).queryKey, list);
  const event = { id: ID, slug: "supper" } as never as EventDto;
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <QueryClientProvider client={queryClient}>
          <GuestList event={event} />
        </QueryClientProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

afterEach(() => queryClient.clear());

describe("the guest list", () => {
  it("leaves the e-mail cell empty for a member who keeps her address hidden, the columns in line", async () => {
    await show({
      event: { id: ID, slug: "supper" },
      participants: [person("a", "Ana", "ana@club.test", 1), person("b", "Bea", null)],
      waitlist: [{ ...person("c", "Cleo", null), position: 1 }],
    });
    const table = screen.getByRole("table");
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ["AnaWrite", "ana@club.test", "1", "Going"],
      ["BeaWrite", "", "0", "Going"],
      ["CleoWrite", "", "0", "Waitlist #1Move in"],
    ]);
    // Each name has its "Write", to her profile with "Write to her" open.
    expect(screen.getByRole("link", { name: "Write to Bea" }).getAttribute("href")).toBe("/members/b?write=1");
  });
});
