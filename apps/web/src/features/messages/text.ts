import { MESSAGE_MAX_LENGTH } from "@club/shared";

/** A run of a message's text: plain, or a web address made a link. */
export type TextPart = { text: string } | { text: string; href: string };

/**
 * Where a web address may start: "http://" or "https://" at the start of the text or after a
 * character that is not a letter or digit (so "xhttps://" is not one). Only these two: whatever
 * else a message holds ("javascript:", "data:", "mailto:") stays text.
 */
const ADDRESS = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"]+/giu;
/** What ends a sentence rather than an address: "see https://club.example." links without the dot. */
const TRAILING = /[.,;:!?'’”»]+$/u;
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** An address found in text, less the punctuation and unmatched brackets that close the sentence around it. */
function trimAddress(found: string): string {
  let address = found;
  for (;;) {
    const before = address;
    address = address.replace(TRAILING, "");
    const last = address.at(-1);
    const opener = last ? CLOSERS[last] : undefined;
    if (opener && count(address, opener) < count(address, last as string)) address = address.slice(0, -1);
    if (address === before) return address;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address as a link's target, or null: only a well-formed http or https address with a host. */
function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * A message's text cut into plain runs and links, for React to render as text nodes and anchors:
 * nothing in a message is ever markup, so "<b>" shows as it was typed.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = "";
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = safeHref(address);
    plain += text.slice(at, start);
    if (href) {
      if (plain) parts.push({ text: plain });
      plain = "";
      parts.push({ text: address, href });
    } else {
      plain += address;
    }
    at = start + address.length;
  }
  plain += text.slice(at);
  if (plain) parts.push({ text: plain });
  return parts;
}

/** The most a list line quotes of a message, in characters. */
const LINE_LENGTH = 140;

/** A message as one line of her list: its spaces and line breaks made single spaces, and cut with "…". */
export function oneLine(text: string, length = LINE_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length > length
    ? `${chars
        .slice(0, length - 1)
        .join("")
        .trimEnd()}…`
    : line;
}

/** Whose the last message is, before its text: "You: ", a group's "Ana: ", nothing in a pair. */
export function lastLinePrefix(last: { mine: boolean; author_name: string }, group: boolean): string {
  if (last.mine) return "You: ";
  return group ? `${firstName(last.author_name)}: ` : "";
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The other members as a conversation names them: "Ana", "Ana and Bea", "Ana, Bea and Cora". */
export function namesOf(people: readonly { name: string }[]): string {
  const names = people.map((p) => p.name);
  if (names.length === 0) return "No one else";
  if (names.length === 1) return names[0] as string;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** How near the longest message she is: said once fewer than this many characters are left. */
export const COUNTER_FROM = 500;

/** "312 characters left", once she nears the longest message; null before. */
export function charactersLeft(length: number, max = MESSAGE_MAX_LENGTH): string | null {
  const left = max - length;
  if (left > COUNTER_FROM) return null;
  if (left === 1) return "1 character left";
  if (left >= 0) return `${left.toLocaleString("en-US")} characters left`;
  return `${(-left).toLocaleString("en-US")} characters too many`;
}

/** Ctrl+Enter (Cmd+Enter on a Mac) sends; Enter alone is a new line. */
export function isSendKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; isComposing?: boolean }) {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.isComposing;
}
