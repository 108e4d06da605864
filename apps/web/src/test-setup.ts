import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The files share each worker's jsdom (isolate: false): every test leaves an empty page behind.
// Testing Library's cleanup unmounts what it rendered; a test that wrote the page itself
// (hydrated.test.ts sets document.body's HTML, as the server's page) left its button for the next
// file, whose count of buttons then failed in one order of the files and not in another.
afterEach(() => {
  cleanup();
  if (typeof document !== "undefined") document.body.replaceChildren();
});

// jsdom has no scrolling; the router restores scroll positions on navigation (the server renderer's
// tests run without a window).
if (typeof window !== "undefined") window.scrollTo = () => {};
