/**
 * The row an INSERT … RETURNING gives back when it has no ON CONFLICT clause: the statement either
 * inserts it or fails, so its absence is a bug in the statement, not something to tell a member.
 */
export function insertedRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("An insert returned no row.");
  return row;
}
