import { TRPCClientError } from "@trpc/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mayReopen, REOPEN_AFTER_MS, reopenWhileShown } from "./live";

/** A tab's document: shown or hidden, telling when that changes. */
function tabDocument(shown: boolean) {
  const doc = Object.assign(new EventTarget(), {
    visibilityState: (shown ? "visible" : "hidden") as DocumentVisibilityState,
  });
  return {
    doc,
    show(now: boolean) {
      doc.visibilityState = now ? "visible" : "hidden";
      doc.dispatchEvent(new Event("visibilitychange"));
    },
  };
}

/** A refusal as the tRPC client gives it. */
const refusal = (code: string) =>
  new TRPCClientError("refused", { result: { error: { message: "refused", code: -32001, data: { code } } } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("mayReopen", () => {
  it("opens again a stream the server ended or refused for a while, not one refused for good", () => {
    expect(mayReopen({ status: "idle", error: null })).toBe(true);
    expect(mayReopen({ status: "error", error: new TRPCClientError("Failed to fetch") })).toBe(true);
    expect(mayReopen({ status: "error", error: refusal("SERVICE_UNAVAILABLE") })).toBe(true);
    expect(mayReopen({ status: "error", error: refusal("UNAUTHORIZED") })).toBe(false);
    expect(mayReopen({ status: "error", error: refusal("NOT_FOUND") })).toBe(false);
    expect(mayReopen({ status: "pending", error: null })).toBe(false);
    expect(mayReopen({ status: "connecting", error: null })).toBe(false);
  });
});

describe("reopenWhileShown", () => {
  it("opens again when the page is shown, and every minute while it stays shown; never while hidden", () => {
    const tab = tabDocument(false);
    const reopen = vi.fn();
    const stop = reopenWhileShown(tab.doc, reopen);
    vi.advanceTimersByTime(10 * REOPEN_AFTER_MS);
    expect(reopen).not.toHaveBeenCalled();
    tab.show(true);
    expect(reopen).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(reopen).toHaveBeenCalledTimes(2);
    stop();
    tab.show(false);
    tab.show(true);
    vi.advanceTimersByTime(10 * REOPEN_AFTER_MS);
    expect(reopen).toHaveBeenCalledTimes(2);
  });

  it("lets six tabs of one session share five places without taking them from each other in turn", () => {
    // The server's rule (LIVE_STREAMS_PER_SESSION): a sixth stream of a session ends its oldest.
    const open: Tab[] = [];
    class Tab {
      readonly page: ReturnType<typeof tabDocument>;
      openings = 0;
      private stop: (() => void) | undefined;
      constructor(shown: boolean) {
        this.page = tabDocument(shown);
      }
      connect() {
        this.stop?.();
        this.stop = undefined;
        this.openings++;
        open.push(this);
        if (open.length > 5) open.shift()?.ended();
      }
      /** As useReopenLive does with a stream the server ended. */
      ended() {
        this.stop = reopenWhileShown(this.page.doc, () => this.connect());
      }
    }
    // She reads the first tab and opens five more behind it.
    const tabs = [new Tab(true), ...Array.from({ length: 5 }, () => new Tab(false))];
    for (const tab of tabs) tab.connect();
    expect(open).not.toContain(tabs[0]);

    // The tab she reads gets its stream back within a minute, from the oldest hidden tab, which
    // waits; nothing more happens however long she stays.
    vi.advanceTimersByTime(REOPEN_AFTER_MS);
    expect(open).toContain(tabs[0]);
    expect(open).not.toContain(tabs[1]);
    vi.advanceTimersByTime(60 * REOPEN_AFTER_MS);
    expect(tabs.map((t) => t.openings)).toEqual([2, 1, 1, 1, 1, 1]);

    // She turns to the second tab: it opens its stream at once, from the oldest other; then quiet.
    tabs[0]?.page.show(false);
    tabs[1]?.page.show(true);
    expect(open).toContain(tabs[1]);
    vi.advanceTimersByTime(60 * REOPEN_AFTER_MS);
    expect(tabs.map((t) => t.openings)).toEqual([2, 2, 1, 1, 1, 1]);
  });
});
