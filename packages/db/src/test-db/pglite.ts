import type { PGlite } from "@electric-sql/pglite";
import { type DbHandle, openPglite, pgliteHandle } from "../client";
import { migratedTemplate } from "./template";

/**
 * Starting PGlite costs seconds (compiling its WebAssembly, loading a data directory): more than
 * most test files take to run. So a test worker (a process running test files one after another;
 * the vitest configs set `isolate: false`) keeps one embedded database and lends it to one caller
 * at a time, emptied first: the migrations' tables truncated and pg-boss's schema dropped, as a
 * fresh database has none until a queue starts. After a caller that changed the schema (a table or
 * a trigger of its own) a fresh copy of the template replaces it. A second database wanted while
 * the first is lent (two apps side by side) is a fresh copy of its own.
 */
interface Kept {
  client: PGlite;
  /** The migrations' tables, schema-qualified and quoted. */
  tables: string[];
  /** The schema as migrated (see `catalogOf`). */
  catalog: string;
}

let kept: Promise<Kept> | undefined;
let lent = false;

export async function createPgliteTestDb(): Promise<DbHandle> {
  if (lent) {
    const client = await openPglite({ loadDataDir: await migratedTemplate() });
    return pgliteHandle(client, () => client.close());
  }
  lent = true;
  try {
    return lend((await emptied()).client);
  } catch (err) {
    lent = false;
    throw err;
  }
}

async function emptied(): Promise<Kept> {
  if (kept) {
    const current = await kept;
    if ((await catalogOf(current.client)) === current.catalog) {
      await empty(current);
      return current;
    }
    await current.client.close();
  }
  const opening = open();
  kept = opening;
  opening.catch(() => {
    if (kept === opening) kept = undefined;
  });
  return opening;
}

async function open(): Promise<Kept> {
  const client = await openPglite({ loadDataDir: await migratedTemplate() });
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  return { client, tables: rows.map((r) => r.name), catalog: await catalogOf(client) };
}

async function empty({ client, tables }: Kept): Promise<void> {
  // A transaction left open (or failed) by the last caller would take the next one's statements.
  if (client.isInTransaction()) await client.exec("rollback");
  // Truncating a table costs far more than looking into it (new files for it and its indexes): only those with rows.
  const { rows } = await client.query<{ i: number }>(
    tables.map((table, i) => `select ${i} as i where exists (select from ${table})`).join(" union all "),
  );
  const used = rows.flatMap(({ i }) => tables[i] ?? []);
  if (used.length > 0) await client.exec(`truncate ${used.join(", ")} cascade`);
  await client.exec("drop schema if exists pgboss cascade");
}

/**
 * A digest of what a test could have changed in the schema: schemas (pg-boss's aside, dropped
 * anyway), the public schema's relations, columns, constraints, functions and triggers, and enum labels.
 */
async function catalogOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(`
    select md5(string_agg(entry, ',' order by entry)) as digest from (
      select 'schema ' || nspname as entry from pg_namespace
        where nspname <> 'pgboss' and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
      union all
      select 'relation ' || relname || ' ' || relkind::text from pg_class where relnamespace = 'public'::regnamespace
      union all
      select 'column ' || attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull
        from pg_attribute join pg_class on pg_class.oid = attrelid
        where relnamespace = 'public'::regnamespace and attnum > 0 and not attisdropped
      union all
      select 'constraint ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid) from pg_constraint
        where connamespace = 'public'::regnamespace
      union all
      select 'function ' || oid::regprocedure from pg_proc where pronamespace = 'public'::regnamespace
      union all
      select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
        join pg_class on pg_class.oid = tgrelid where relnamespace = 'public'::regnamespace and not tgisinternal
      union all
      select 'label ' || enumtypid::regtype || ' ' || enumlabel from pg_enum
        join pg_type on pg_type.oid = enumtypid where typnamespace = 'public'::regnamespace
    ) as catalog`);
  return rows[0]?.digest ?? "";
}

/**
 * The kept database as one caller sees it. Once closed, what it handed out refuses to run (the
 * workers of a queue that was never stopped, say), so nothing reaches the next caller's data; and
 * what a caller puts on the client (a spy on `exec`, say) stays on its handle, not on the client.
 */
function lend(client: PGlite): DbHandle {
  let open = true;
  const giveBack = async () => {
    if (!open) return;
    open = false;
    lent = false;
  };
  const own = new Map<PropertyKey, PropertyDescriptor>();
  const guarded = new Proxy(client, {
    get(target, key) {
      if (key === "close") return giveBack;
      const value = own.has(key) ? own.get(key)?.value : Reflect.get(target, key, target);
      if (typeof value !== "function" || key === "constructor") return value;
      return (...args: unknown[]) => {
        if (!open) throw new Error("This test database is closed.");
        // PGlite's methods read its private fields: they run on the client itself.
        return value.apply(target, args);
      };
    },
    defineProperty(_target, key, descriptor) {
      own.set(key, descriptor);
      return true;
    },
    getOwnPropertyDescriptor(target, key) {
      return own.get(key) ?? Reflect.getOwnPropertyDescriptor(target, key);
    },
    deleteProperty(_target, key) {
      own.delete(key);
      return true;
    },
  });
  return pgliteHandle(guarded, giveBack);
}
