import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

// jsdom has no scrolling; the router restores scroll positions on navigation (the server renderer's
// tests run without a window).
if (typeof window !== "undefined") window.scrollTo = () => {};
