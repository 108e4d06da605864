/**
 * Runs `work` once the browser has nothing more urgent to do (at the latest after `within` ms), for
 * what the page's start need not wait for. Safari has no requestIdleCallback: a timer there.
 */
export function whenIdle(work: () => void, within = 2000): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout: within });
  else window.setTimeout(work, within);
}
