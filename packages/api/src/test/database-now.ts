import { type Queryable, rowsOf } from "@club/db";
import { sql } from "@club/db/orm";
import { z } from "zod";

/** The database's clock now: the moment a sync would have asked at (its changes carry that clock's times). */
export async function databaseNow(db: Queryable): Promise<Date> {
  const [row] = rowsOf(await db.execute(sql`select now() as now`), z.object({ now: z.union([z.date(), z.string()]) }));
  if (!row) throw new Error("the database told no time");
  return new Date(row.now);
}
