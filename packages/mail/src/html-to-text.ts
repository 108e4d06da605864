import { convert } from "html-to-text";

/**
 * A readable plain-text part for HTML e-mail (html-to-text): paragraphs and list items on lines
 * of their own, links with their address after the label (once, when the label is the address),
 * headings as written, images left out. Mail clients that show text only get the message, not
 * markup.
 */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "a", options: { hideLinkHrefIfSameAsText: true, linkBrackets: ["(", ")"] } },
      { selector: "img", format: "skip" },
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: "table", format: "dataTable" },
    ],
  });
}
