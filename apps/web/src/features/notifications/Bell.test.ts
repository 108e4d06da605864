import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { trpc } from "../../lib/trpc";
import { applyLiveNews } from "./Bell";

const news = (unread: number, messages: number, changed: string | null) => ({
  unread,
  messages: { unread: messages, changed },
});

/** The procedures whose queries a call invalidated, by name ("conversations.list"). */
function invalidated(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([filters]) => ((filters as { queryKey: string[][] }).queryKey[0] ?? []).join("."));
}

describe("the bell's stream", () => {
  it("sets both unread numbers, and reads her conversations again only when they changed", () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, "invalidateQueries");

    // The first event: they may have changed while the page was on its way.
    let changed = applyLiveNews(queryClient, news(3, 2, "2026-11-24 10:00:00.123456+00 0"), undefined);
    expect(changed).toBe("2026-11-24 10:00:00.123456+00 0");
    expect(queryClient.getQueryData(trpc.notifications.unread.queryKey())).toEqual({ unread: 3 });
    expect(queryClient.getQueryData(trpc.conversations.unread.queryKey())).toEqual({ unread: 2 });
    expect(invalidated(spy)).toEqual([
      "notifications.list",
      "conversations.list",
      "conversations.messages",
      "conversations.get",
    ]);

    // A new notification only: her conversations are not read again.
    spy.mockClear();
    changed = applyLiveNews(queryClient, news(4, 2, changed), changed);
    expect(queryClient.getQueryData(trpc.notifications.unread.queryKey())).toEqual({ unread: 4 });
    expect(invalidated(spy)).toEqual(["notifications.list"]);

    // A message read elsewhere: none unread now, and her conversations read again.
    spy.mockClear();
    changed = applyLiveNews(queryClient, news(4, 0, "2026-11-24 10:01:00.5+00 0"), changed);
    expect(queryClient.getQueryData(trpc.conversations.unread.queryKey())).toEqual({ unread: 0 });
    expect(invalidated(spy)).toContain("conversations.messages");
  });
});
