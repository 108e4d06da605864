import { describe, expect, it } from "vitest";
import { PROCESSING_POLL_MS, pollWhileProcessing } from "./processing";

describe("pollWhileProcessing", () => {
  it("asks again only while a video is being converted", () => {
    expect(pollWhileProcessing(undefined)).toBe(false);
    expect(pollWhileProcessing([{ processing: null }, { processing: "failed" }])).toBe(false);
    expect(pollWhileProcessing([{ processing: null }, { processing: "processing" }])).toBe(PROCESSING_POLL_MS);
  });
});
