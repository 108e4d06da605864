import { describe, expect, it } from "vitest";
import {
  formatCardDate,
  formatCardDateRange,
  formatCommentAge,
  formatLongDate,
  formatTime12h,
  maskEmail,
  mediaLabel,
  truncateDescription,
} from "./format";

describe("event formatting", () => {
  it("formats card dates and ranges", () => {
    expect(formatCardDate("2026-03-04")).toBe("Mar 04, 2026");
    expect(formatCardDateRange("2026-03-04", null)).toBe("Mar 04, 2026");
    expect(formatCardDateRange("2026-03-04", "2026-03-04")).toBe("Mar 04, 2026");
    expect(formatCardDateRange("2026-03-04", "2026-03-07")).toBe("Mar 04, 2026 to Mar 07, 2026");
  });

  it("formats the long date and 12-hour times", () => {
    expect(formatLongDate("2026-03-14")).toBe("Saturday, March 14, 2026");
    expect(formatTime12h("16:00")).toBe("4:00 PM");
    expect(formatTime12h("00:05")).toBe("12:05 AM");
    expect(formatTime12h("12:30")).toBe("12:30 PM");
  });

  it("cuts descriptions at 120 characters plus an ellipsis", () => {
    expect(truncateDescription("short")).toBe("short");
    expect(truncateDescription("x".repeat(120))).toBe("x".repeat(120));
    expect(truncateDescription("x".repeat(121))).toBe(`${"x".repeat(120)}...`);
  });
});

describe("comment age", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("follows the spec's thresholds", () => {
    expect(formatCommentAge(ago(4 * 60_000), now)).toBe("commented");
    expect(formatCommentAge(ago(-60_000), now)).toBe("commented");
    expect(formatCommentAge(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatCommentAge(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(formatCommentAge(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatCommentAge(ago(13 * 3_600_000), now)).toBe("1 day ago");
    expect(formatCommentAge(ago(36 * 3_600_000), now)).toBe("1 day ago");
    expect(formatCommentAge(ago(29 * 86_400_000), now)).toBe("29 days ago");
    expect(formatCommentAge(ago(30 * 86_400_000), now)).toBe("1 month ago");
    expect(formatCommentAge(ago(95 * 86_400_000), now)).toBe("3 months ago");
  });
});

describe("maskEmail", () => {
  it("keeps the first and last letters and the domain", () => {
    expect(maskEmail("ada.lovelace@example.com")).toBe("a•••e@example.com");
    expect(maskEmail("bo@club.test")).toBe("b•••@club.test");
    expect(maskEmail("not-an-address")).toBe("•••");
  });
});

describe("mediaLabel", () => {
  const now = new Date("2026-12-07T12:00:00Z");
  it("is her title, or the kind and the day it was uploaded in the club's zone, never a file name", () => {
    expect(mediaLabel({ title: "Red study", mediaType: "image", uploadDate: now }, "America/New_York", now)).toBe(
      "Red study",
    );
    // 02:00 UTC on the 7th is still the 6th in New York.
    const late = new Date("2026-12-07T02:00:00Z");
    expect(mediaLabel({ title: null, mediaType: "image", uploadDate: late }, "America/New_York", now)).toBe(
      "Photo, 6 December",
    );
    expect(mediaLabel({ title: "  ", mediaType: "video", uploadDate: "2025-03-02T15:00:00Z" }, "UTC", now)).toBe(
      "Video, 2 March 2025",
    );
  });
});
