import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { type Db, dataExports, type Queryable, users } from "@club/db";
import { and, desc, eq, gte, isNotNull, lt } from "@club/db/orm";
import type { JobInfo, JobSender } from "@club/jobs";
import { dataExportReadyMail, enqueueMail } from "@club/mail";
import type { MediaStore } from "@club/storage";
import { z } from "zod";
import type { ApiConfig, ApiContext, Logger } from "../../context";
import { conflict, DATA_EXPORT_EXPIRED, DATA_EXPORT_PENDING, gone } from "../../errors";
import { Throttled } from "../../throttle";
import { type MemberContext, ownDataExports, requireDataExportCaller, requireOwnDataExport } from "../access";
import { type AuditActor, auditActor, recordAudit } from "../audit/record";
import { exportedMember } from "./contents";
import { dataExportZip } from "./zip";

/** How long a ready copy may be downloaded. */
export const DATA_EXPORT_HOURS = 24;
/** Copies asked for per member per day: each reads all her rows and files. */
export const DATA_EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 3600 * 1000;
/** Where the zips live in the media store: `exports/<uuid>/club-data.zip`. */
const EXPORTS_PREFIX = "exports";
/** Rows of old exports stay this long (Settings shows them as expired; the throttle counts them). */
const KEEP_ROWS_DAYS = 7;

/** The download's address (it takes her signed in: the access module's `requireDataExportCaller`). */
export const dataExportPath = (id: string) => `/api/me/data-export/${id}`;

/** Her exports as Settings shows them, newest first: a handful at most (older rows are removed). */
export async function listDataExports(member: MemberContext) {
  const rows = await member.db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      size: dataExports.size,
      createdAt: dataExports.createdAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(ownDataExports(member.user))
    .orderBy(desc(dataExports.createdAt))
    .limit(10);
  const now = Date.now();
  return rows.map((r) => {
    const expired = r.status === "ready" && (r.expiresAt === null || r.expiresAt.getTime() <= now);
    return {
      ...r,
      status: expired ? ("expired" as const) : r.status,
      downloadUrl: r.status === "ready" && !expired ? dataExportPath(r.id) : null,
    };
  });
}

export type DataExportDto = Awaited<ReturnType<typeof listDataExports>>[number];

/**
 * "Download my data": a row and its job, in one transaction. One copy is prepared at a time, and
 * a few a day at most (each reads all her rows and files); her row is locked while this is
 * decided, so two clicks at once make one.
 */
export async function requestDataExport(member: MemberContext): Promise<DataExportDto> {
  const id = await member.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.user.id)).for("update");
    const recent = await tx
      .select({ status: dataExports.status, createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(and(ownDataExports(member.user), gte(dataExports.createdAt, new Date(Date.now() - DAY_MS))))
      .orderBy(dataExports.createdAt);
    if (recent.some((r) => r.status === "pending")) throw conflict(DATA_EXPORT_PENDING);
    const oldest = recent[0];
    if (oldest && recent.length >= DATA_EXPORTS_PER_DAY) {
      throw new Throttled(
        oldest.createdAt.getTime() + DAY_MS - Date.now(),
        `You can ask for a copy of your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again in {minutes} minute(s).`,
      );
    }
    const [row] = await tx.insert(dataExports).values({ userId: member.user.id }).returning({ id: dataExports.id });
    if (!row) throw new Error("The data export was not recorded.");
    await member.jobs.send("data-export.build", { exportId: row.id }, { tx });
    await recordAudit(tx, auditActor(member), {
      kind: "data_export.requested",
      targetId: member.user.id,
      targetEmail: member.user.email,
      detail: { exportId: row.id },
    });
    return row.id;
  });
  const [made] = (await listDataExports(member)).filter((e) => e.id === id);
  if (!made) throw new Error("The data export just made is missing.");
  return made;
}

export interface BuildDeps {
  db: Db;
  store: MediaStore;
  jobs: JobSender;
  config: Pick<ApiConfig, "appOrigin" | "timeZone">;
  /** Where the zip is written before it goes into the store (which wants its size). */
  tmpDir: string;
  log: Logger;
}

/**
 * The `data-export.build` job: her zip (dataExportZip) written to a temporary file, then into the
 * store under a fresh random key, and the mail that it is ready queued with the row's change. The
 * key is recorded before the file is written, so housekeeping never takes it for a leftover; a
 * try that fails removes what it wrote, and the last one marks the export failed.
 */
export async function buildDataExport(deps: BuildDeps, exportId: string, job: JobInfo): Promise<void> {
  const { db, store, log } = deps;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.status !== "pending") return;
  const member = await exportedMember(db, row.userId);
  if (!member) return;
  const key = `${EXPORTS_PREFIX}/${randomUUID()}/club-data.zip`;
  const spool = join(deps.tmpDir, `data-export-${randomUUID()}.zip`);
  try {
    await db.update(dataExports).set({ objectKey: key }).where(eq(dataExports.id, exportId));
    await mkdir(deps.tmpDir, { recursive: true });
    await pipeline(await dataExportZip(deps, member), createWriteStream(spool), { signal: job.signal });
    const { size } = await stat(spool);
    await store.put(key, createReadStream(spool), "application/zip", size);
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_HOURS * 3600 * 1000);
    await db.transaction(async (tx) => {
      const done = await tx
        .update(dataExports)
        .set({ status: "ready", size, readyAt, expiresAt })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "pending"), eq(dataExports.objectKey, key)))
        .returning({ id: dataExports.id });
      if (done.length === 0) return;
      const mail = dataExportReadyMail(member.name, `${deps.config.appOrigin}/settings/data`, when(expiresAt, deps));
      await enqueueMail(tx, deps.jobs, [{ to: member.email, ...mail }]);
    });
    log.info({ exportId, bytes: size }, "data export ready");
  } catch (err) {
    await store
      .delete(key)
      .catch((cleanup: unknown) => log.warn({ err: cleanup, exportId }, "a failed data export's file was not removed"));
    if (!job.signal.aborted && job.lastAttempt) {
      await db
        .update(dataExports)
        .set({ status: "failed", objectKey: null })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "pending")));
    }
    throw err;
  } finally {
    await rm(spool, { force: true });
  }
}

const when = (at: Date, deps: { config: { timeZone: string } }) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: deps.config.timeZone,
    timeZoneName: "short",
  }).format(at);

/**
 * The download of one of her exports (GET /api/me/data-export/:id): hers, from a browser session,
 * ready and not expired. Another member's, or none, is "not found"; an expired one is gone (410).
 */
export async function openDataExport(ctx: ApiContext, ref: string) {
  const member = requireDataExportCaller(ctx);
  const id = z.uuid().safeParse(ref);
  const [row] = id.success
    ? await member.db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id.data), ownDataExports(member.user)))
    : [];
  const found = requireOwnDataExport(row);
  if (found.status === "pending") throw conflict(DATA_EXPORT_PENDING);
  const expired = !found.expiresAt || found.expiresAt.getTime() <= Date.now();
  if (found.status !== "ready" || expired || !found.objectKey) throw gone(DATA_EXPORT_EXPIRED);
  const object = await member.store.get(found.objectKey);
  if (!object) throw gone(DATA_EXPORT_EXPIRED);
  // Each download is the data leaving the club once more: each is recorded (the route has no
  // Range requests, so one download is one request).
  await recordAudit(member.db, auditActor(member), {
    kind: "data_export.downloaded",
    targetId: member.user.id,
    targetEmail: member.user.email,
    detail: { exportId: found.id, bytes: found.size },
  });
  const day = (found.readyAt ?? found.createdAt).toISOString().slice(0, 10);
  return { ...object, fileName: `club-data-${day}.zip` };
}

/**
 * Housekeeping: expired copies' files are removed (their rows stay a week, shown as expired), and
 * zips in the store that no export refers to (an account deleted with its exports) go too.
 */
export async function removeExpiredDataExports(db: Queryable, store: MediaStore): Promise<number> {
  const now = new Date();
  const expired = await db
    .select({ id: dataExports.id, key: dataExports.objectKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.objectKey), lt(dataExports.expiresAt, now)));
  for (const { id, key } of expired) {
    if (key) await store.delete(key);
    await db.update(dataExports).set({ objectKey: null }).where(eq(dataExports.id, id));
  }
  await db.delete(dataExports).where(lt(dataExports.createdAt, new Date(now.getTime() - KEEP_ROWS_DAYS * DAY_MS)));
  let removed = expired.length;
  for await (const prefix of store.listPrefixes(EXPORTS_PREFIX)) {
    const [known] = await db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(eq(dataExports.objectKey, `${prefix}/club-data.zip`));
    if (!known) {
      await store.deletePrefix(prefix);
      removed++;
    }
  }
  return removed;
}

/**
 * `club user export`: the operator wrote a member's copy to a file on the server's machine. Nothing
 * was asked for and prepared, so the one record is the data leaving the club, written once the
 * file is complete.
 */
export async function recordCommandLineExport(
  db: Queryable,
  actor: AuditActor,
  member: { id: string; email: string },
  bytes: number,
): Promise<void> {
  await recordAudit(db, actor, {
    kind: "data_export.downloaded",
    targetId: member.id,
    targetEmail: member.email,
    detail: { via: "club user export", bytes },
  });
}
