/**
 * Admin-written HTML for e-mail: formatting, links and images stay; scripts, event handlers,
 * forms, frames, styles and javascript: URLs go. Applied before the body is stored or sent.
 * sanitize-html (with its HTML parser, 2.4 MB of heap) is loaded at the first group mail, not at
 * start (docs/decisions/README.md, "The embedded database's memory").
 */
export async function sanitizeEmailHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await import("sanitize-html");
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "h1", "h2", "span", "u", "s"],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "width", "height"],
      td: ["colspan", "rowspan", "align"],
      th: ["colspan", "rowspan", "align"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https", "http"] },
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}
