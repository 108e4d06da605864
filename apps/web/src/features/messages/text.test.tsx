import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText } from "./MessageText";
import { charactersLeft, isSendKey, lastLinePrefix, linkParts, namesOf, oneLine } from "./text";

describe("linkParts", () => {
  it("makes http and https addresses links, and keeps the text around them", () => {
    expect(linkParts("See https://club.example/events?id=1 and http://old.example too")).toEqual([
      { text: "See " },
      { text: "https://club.example/events?id=1", href: "https://club.example/events?id=1" },
      { text: " and " },
      { text: "http://old.example", href: "http://old.example/" },
      { text: " too" },
    ]);
  });

  it("leaves the sentence's punctuation and unmatched brackets out of the link", () => {
    expect(linkParts("Look (at https://club.example/a).")).toEqual([
      { text: "Look (at " },
      { text: "https://club.example/a", href: "https://club.example/a" },
      { text: ")." },
    ]);
    expect(linkParts("https://en.example/wiki/Salon_(gathering), yes")[0]).toEqual({
      text: "https://en.example/wiki/Salon_(gathering)",
      href: "https://en.example/wiki/Salon_(gathering)",
    });
    expect(linkParts("Is it https://club.example?")).toEqual([
      { text: "Is it " },
      { text: "https://club.example", href: "https://club.example/" },
      { text: "?" },
    ]);
  });

  it("never links anything but http and https", () => {
    for (const text of [
      "javascript:alert(1)",
      "JavaScript://%0aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:ana@club.example",
      "ftp://files.example/x",
      "vbscript:msgbox",
    ]) {
      expect(linkParts(text)).toEqual([{ text }]);
    }
  });

  it("does not start an address inside a word, nor link one without a host", () => {
    expect(linkParts("xhttps://club.example")).toEqual([{ text: "xhttps://club.example" }]);
    expect(linkParts("https:// is how it starts")).toEqual([{ text: "https:// is how it starts" }]);
  });

  it("stops an address at angle brackets and quotes", () => {
    expect(linkParts('<https://club.example/"><img src=x onerror=alert(1)>')).toEqual([
      { text: "<" },
      { text: "https://club.example/", href: "https://club.example/" },
      { text: '"><img src=x onerror=alert(1)>' },
    ]);
  });

  it("gives nothing for an empty text, and the whole text when there is no address", () => {
    expect(linkParts("")).toEqual([]);
    expect(linkParts("Dinner at eight?\nYes.")).toEqual([{ text: "Dinner at eight?\nYes." }]);
  });
});

describe("MessageText", () => {
  it("shows markup as the text it is, and links open safely in a new tab", () => {
    const { container } = render(
      <MessageText text={"<b>bold</b> <script>alert(1)</script> https://club.example/x javascript:alert(1)"} />,
    );
    const p = container.querySelector("p");
    expect(p?.querySelector("b")).toBeNull();
    expect(p?.querySelector("script")).toBeNull();
    expect(p?.textContent).toBe("<b>bold</b> <script>alert(1)</script> https://club.example/x javascript:alert(1)");
    const links = [...container.querySelectorAll("a")];
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("href")).toBe("https://club.example/x");
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("escapes what an address carries into its link", () => {
    const { container } = render(<MessageText text={"https://club.example/a'onmouseover='alert(1)"} />);
    const link = container.querySelector("a");
    expect(link?.getAttribute("onmouseover")).toBeNull();
    expect(link?.getAttribute("href")).toBe("https://club.example/a'onmouseover='alert(1)");
  });
});

describe("a conversation in words", () => {
  it("names the other members", () => {
    expect(namesOf([])).toBe("No one else");
    expect(namesOf([{ name: "Ana Atelier" }])).toBe("Ana Atelier");
    expect(namesOf([{ name: "Ana" }, { name: "Bea" }])).toBe("Ana and Bea");
    expect(namesOf([{ name: "Ana" }, { name: "Bea" }, { name: "Cora" }])).toBe("Ana, Bea and Cora");
  });

  it("quotes the last message on one line, cut with an ellipsis, and says whose it is", () => {
    expect(oneLine("  Dinner\n\n at   eight?  ")).toBe("Dinner at eight?");
    expect(oneLine("a".repeat(20), 10)).toBe(`${"a".repeat(9)}…`);
    expect(oneLine("a".repeat(10), 10)).toBe("a".repeat(10));
    expect(lastLinePrefix({ mine: true, author_name: "Ana" }, false)).toBe("You: ");
    expect(lastLinePrefix({ mine: false, author_name: "Bea Brightwater" }, false)).toBe("");
    expect(lastLinePrefix({ mine: false, author_name: "Bea Brightwater" }, true)).toBe("Bea: ");
  });

  it("counts the characters left only near the longest message", () => {
    expect(charactersLeft(0)).toBeNull();
    expect(charactersLeft(3499)).toBeNull();
    expect(charactersLeft(3500)).toBe("500 characters left");
    expect(charactersLeft(3999)).toBe("1 character left");
    expect(charactersLeft(4000)).toBe("0 characters left");
    expect(charactersLeft(4002)).toBe("2 characters too many");
  });

  it("sends on Ctrl+Enter or Cmd+Enter, not on Enter alone or while composing", () => {
    expect(isSendKey({ key: "Enter", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSendKey({ key: "Enter", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSendKey({ key: "Enter", ctrlKey: true, metaKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", ctrlKey: true, metaKey: false })).toBe(false);
  });
});
