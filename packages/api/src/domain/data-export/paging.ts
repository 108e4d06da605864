/** A section of data.json: one value, or rows read a page at a time. */
type Rows = AsyncIterable<unknown>;
export type Section = { name: string; value: () => Promise<unknown> } | { name: string; rows: () => Rows };

export const PAGE = 500;

/** Pages of a keyset-ordered query, one page in memory at a time. */
export async function* paged<T extends { cursor: string }>(page: (after: string | null) => Promise<T[]>) {
  let after: string | null = null;
  for (;;) {
    const rows = await page(after);
    for (const { cursor: _cursor, ...row } of rows) yield row;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]?.cursor ?? null;
  }
}
