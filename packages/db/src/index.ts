export {
  createDb,
  type Db,
  type DbConfig,
  type DbHandle,
  defaultPoolSize,
  migrationsFolder,
  type Queryable,
  type RawConnection,
  type Schema,
  type Tx,
  withSchemaLock,
} from "./client";
export { DatabaseLockedError } from "./lock";
export {
  AUTH_CHANGES_CHANNEL,
  type AuthChangeListener,
  type AuthChanges,
  type ChangeListener,
  type Changes,
  COMMENTS_CHANNEL,
  DATA_CHANGES_CHANNEL,
  LISTENER_APPLICATION_NAME,
  listenAuthChanges,
  listenChanges,
  NOTIFY_CHANNEL,
} from "./notifications";
export { compileWebAssemblyOnce } from "./pglite-module";
export { rowsOf } from "./rows";
export * from "./schema";
export { ToldCache } from "./told-cache";
