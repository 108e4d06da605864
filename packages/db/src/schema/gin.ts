/**
 * How the GIN indexes take new entries. By default (`fastupdate`) Postgres appends them to a pending
 * list, merged into the index by (auto)vacuum or once it passes 4 MB, and every search reads that
 * whole list first. On a club of 10,000 members and 50,000 media items a full list made the tag
 * suggestions 22–111 ms instead of 4–8 and a member search 41 ms instead of 1.3
 * (docs/decisions/a-gin-indexs-pending-list.md).
 */

/** Rows written rarely, with a few entries each (an item's tags, a profile's talents): straight into the index. */
export const GIN_WRITTEN_AT_ONCE = { fastupdate: false } as const;

/**
 * Rows written often, with tens of entries each (the trigrams of a name, an address, a subject):
 * still batched, as merging each write's trigrams at once made an update of a member's row 10×
 * slower, but the list read by a search is kept to 256 kB.
 */
export const GIN_WRITES_BATCHED = { gin_pending_list_limit: 256 } as const;
