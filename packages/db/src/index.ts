export {
  createDb,
  type Db,
  type DbConfig,
  type DbHandle,
  migrationsFolder,
  type Queryable,
  type RawConnection,
  type Schema,
  type Tx,
} from "./client";
export { DatabaseLockedError } from "./lock";
export { rowsOf } from "./rows";
export * from "./schema";
