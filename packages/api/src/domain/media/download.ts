import { media } from "@club/db";
import { and, asc, eq } from "@club/db/orm";
import { findNul, nulMessage } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest } from "../../errors";
import { requireMember, requireVisibleEvent, visibleMedia } from "../access";

/** The most items one "Download all" carries (an event's photos, not the whole gallery). */
export const DOWNLOAD_ALL_MAX = 2000;

/**
 * The marks that change the order in which text is shown (bidirectional controls): invisible, they
 * let a name pass for another ("Invoice\u202Egnp.exe" is shown as "Invoiceexe.png").
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A file name people can keep: the item's title (or its uploaded name) without path separators,
 * control characters or bidirectional marks, with the stored object's extension.
 */
export function downloadName(
  item: { title: string | null; name: string | null; fileName?: string | null },
  key: string,
): string {
  const ext = key.slice(key.lastIndexOf(".") + 1);
  const unsafe = (c: string) => /\p{Cc}/u.test(c) || '\\/:*?"<>|'.includes(c);
  const base = [
    ...(item.title || item.name || item.fileName || "media")
      .replace(BIDI_CONTROLS, "")
      .replace(/\.[a-z0-9]{2,5}$/i, ""),
  ]
    .map((c) => (unsafe(c) ? " " : c))
    .join("")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+/, "") // not a hidden file, nor a way up
    .trim()
    .slice(0, 120);
  return `${base || "media"}.${ext}`;
}

/**
 * "Download all" of an event's Images tab: what the member may see of the event's photos and
 * videos, oldest first, each with a unique file name for the archive.
 */
export async function eventDownloadList(ctx: ApiContext, eventRef: string) {
  const member = requireMember(ctx);
  // The event comes from the link's path, not through a procedure's input checks.
  const nul = findNul({ id: eventRef });
  if (nul) throw badRequest(nulMessage(nul));
  const event = await requireVisibleEvent(member, eventRef);
  const rows = await member.db
    .select({
      key: media.storageKey,
      title: media.title,
      name: media.name,
      fileName: media.fileName,
      uploadDate: media.uploadDate,
    })
    .from(media)
    .where(and(eq(media.associatedEventId, event.id), visibleMedia(member.user)))
    .orderBy(asc(media.uploadDate), asc(media.id))
    .limit(DOWNLOAD_ALL_MAX);
  const taken = new Map<string, number>();
  const files = rows.map((r) => {
    const name = downloadName(r, r.key);
    const n = (taken.get(name.toLowerCase()) ?? 0) + 1;
    taken.set(name.toLowerCase(), n);
    const unique = n === 1 ? name : name.replace(/(\.[^.]+)$/, ` (${n})$1`);
    return { key: r.key, name: unique, modified: r.uploadDate };
  });
  return { event: { id: event.id, slug: event.slug, title: event.title }, files };
}
