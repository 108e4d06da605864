/**
 * Drizzle's query helpers (eq, and, sql…), for every package: only @club/db depends on drizzle-orm,
 * so the whole workspace uses one copy of it, whatever drivers another package brings along (the
 * job queue brings `pg`, which would otherwise give its dependents a copy of their own).
 */
export * from "drizzle-orm";
