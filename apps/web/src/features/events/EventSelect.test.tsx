import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient, trpc } from "../../lib/trpc";
import { EventSelect } from "./EventSelect";

afterEach(() => queryClient.clear());

describe("the event picker", () => {
  it("gives the date of each event whose title another shares (a repeating event's dates), and only those", async () => {
    queryClient.setQueryData(trpc.events.choices.queryOptions({ withMedia: undefined }).queryKey, [
      { id: "1", title: "Salon", event_date: "2027-02-09" },
      { id: "2", title: "Garden walk", event_date: "2027-01-20" },
      { id: "3", title: "Salon", event_date: "2027-01-12" },
    ]);
    await act(async () => {
      render(
        <QueryClientProvider client={queryClient}>
          <EventSelect label="Associated event" emptyLabel="(None)" value="" onChange={() => {}} />
        </QueryClientProvider>,
      );
    });
    const options = within(screen.getByLabelText("Associated event")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "(None)",
      "Salon · Feb 09, 2027",
      "Garden walk",
      "Salon · Jan 12, 2027",
    ]);
  });
});
