import { mediaLabel } from "@club/shared";
import { displayZone } from "../../lib/time-zone";

/** What names an item where a title goes: her title, or "Photo, 6 December"; never its file's name. */
export function labelOf(item: { name: string | null; media_type: string; upload_date: Date | string | null }): string {
  return mediaLabel(
    { title: item.name, mediaType: item.media_type, uploadDate: item.upload_date ?? new Date() },
    displayZone(),
  );
}
