import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";

describe("the plain-text part of an HTML mail", () => {
  it("keeps the words, the links' addresses and the lists, without markup", () => {
    const text = htmlToText(
      `<h1>Spring Salon</h1><p>Dear Ada,<br>join us &amp; bring a friend.</p>` +
        `<ul><li>Tea</li><li>Talks</li></ul>` +
        `<p><a href="https://club.test/events/salon">See the event</a> or <a href="https://club.test">https://club.test</a></p>` +
        `<script>alert(1)</script><img src="https://club.test/x.png" alt="x">`,
    );
    expect(text).toContain("Spring Salon");
    expect(text).toContain("Dear Ada,\njoin us & bring a friend.");
    expect(text).toMatch(/\* Tea\n \* Talks/);
    expect(text).toContain("See the event (https://club.test/events/salon)");
    expect(text).toContain("or https://club.test");
    expect(text).not.toContain("https://club.test (https://club.test)");
    expect(text).not.toMatch(/<|alert|x\.png/);
  });
});
