import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { layoutShift } from "../fixtures";

/**
 * The faces a node is painted in, as Chromium reports them (DevTools protocol): for each font that
 * drew its glyphs, its family as the file names it, and whether it came from the page (a web font)
 * or from the system (a fallback).
 */
async function facesOf(cdp: CDPSession, selector: string): Promise<string[]> {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  expect(nodeId, `${selector} is on the page`).toBeGreaterThan(0);
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((f) => `${f.familyName}${f.isCustomFont ? "" : " (system)"}`);
}

/** A first visit: a new browser profile (no cache, no cookies), the page opened from an address. */
async function firstVisit(page: Page, path: string): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.goto(path);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  return cdp;
}

for (const [path, heading, size] of [
  ["/home", "h1", { width: 1280, height: 900 }],
  ["/login", "h1", { width: 1280, height: 900 }],
  ["/home", "h1", { width: 390, height: 844 }],
  ["/login", "h1", { width: 390, height: 844 }],
] as const) {
  test(`a first visit to ${path} at ${size.width}×${size.height} is painted in the club's faces, not the fallback`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const cdp = await firstVisit(page, path);
    // `font-display: optional` never swaps a face in after the first layout: what paints the
    // heading and the text now is what the first paint used.
    expect(await facesOf(cdp, heading)).toEqual([expect.stringMatching(/^Cormorant Garamond( [\w ]+)?$/)]);
    expect(await facesOf(cdp, "header a")).toEqual([expect.stringMatching(/^Cormorant Garamond( [\w ]+)?$/)]);
    expect(await facesOf(cdp, "main p")).toEqual([expect.stringMatching(/^Inter( [\w ]+)?$/)]);
    // And nothing moved while it loaded.
    const shift = await layoutShift(page, 300);
    expect(shift).toEqual({ total: 0, moved: [] });
  });
}
