import { type Queryable, rowsOf } from "@club/db";
import { type SQL, sql } from "@club/db/orm";
import { z } from "zod";

/** A node of Postgres's plan as `explain (analyze, format json)` gives it. */
export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

/** The query run with `explain (analyze)`: its plan's root and every node under it. */
export async function analyzedPlan(db: Queryable, query: SQL): Promise<{ root: PlanNode; nodes: PlanNode[] }> {
  const [row] = rowsOf(
    await db.execute(sql`explain (analyze, format json) ${query}`),
    z.object({ "QUERY PLAN": z.unknown() }),
  );
  const json = row?.["QUERY PLAN"];
  // postgres.js gives the JSON parsed, PGlite as text.
  const [{ Plan: root }] = (typeof json === "string" ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
  const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
  return { root, nodes: nodesOf(root) };
}

/** The rows a plan read from a table, over every loop. */
export const rowsReadFrom = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n["Relation Name"] === table).reduce((sum, n) => sum + n["Actual Rows"] * n["Actual Loops"], 0);
