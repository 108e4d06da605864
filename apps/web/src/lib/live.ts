import { useEffect } from "react";
import { errorCode } from "./trpc";

/**
 * How long a page that is shown waits before opening again a live stream that ended. The server
 * ends a session's oldest stream when a sixth tab opens one (LIVE_STREAMS_PER_SESSION), ends
 * every stream when it stops, and refuses a new one when it holds all it can (503): the page she
 * is looking at opens its stream again within a minute, or at once when she comes back to it.
 */
export const REOPEN_AFTER_MS = 60_000;

/** What `useSubscription` tells of a live stream: whether it is open, and how to open it again. */
export interface LiveState {
  status: "idle" | "connecting" | "pending" | "error";
  error: unknown;
  reset(): void;
}

/**
 * Whether a stream that ended may be opened again: one the server ended (`idle`), or one refused
 * for a while (the server full, or a connection that failed: no code of tRPC's). Not one refused
 * for good: signed out (the app sends her to Login), or an item she may no longer see.
 */
export function mayReopen(live: Pick<LiveState, "status" | "error">): boolean {
  if (live.status === "idle") return true;
  if (live.status !== "error") return false;
  const code = errorCode(live.error);
  return code === undefined || code === "SERVICE_UNAVAILABLE";
}

/**
 * Opens again a stream that ended, while the page is shown: when it is shown again, and every
 * REOPEN_AFTER_MS while it stays shown. Never from a hidden page: each stream opened ends the
 * session's oldest, and hidden tabs opening theirs in turn would end each other's without end; a
 * hidden tab waits until she looks at it. Returns what undoes it.
 */
export function reopenWhileShown(
  doc: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">,
  reopen: () => void,
): () => void {
  const ifShown = () => {
    if (doc.visibilityState === "visible") reopen();
  };
  doc.addEventListener("visibilitychange", ifShown);
  const timer = setInterval(ifShown, REOPEN_AFTER_MS);
  return () => {
    doc.removeEventListener("visibilitychange", ifShown);
    clearInterval(timer);
  };
}

/** `reopenWhileShown` for a stream of `useSubscription`, while it is enabled and has ended. */
export function useReopenLive(live: LiveState, enabled: boolean): void {
  const ended = enabled && mayReopen(live);
  const { reset } = live;
  useEffect(() => (ended ? reopenWhileShown(document, reset) : undefined), [ended, reset]);
}
