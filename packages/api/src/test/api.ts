import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUser } from "@club/auth";
import { mailOutbox, users } from "@club/db";
import { eq } from "@club/db/orm";
import { createTestDb } from "@club/db/testing";
import { JobQueue, jobKinds } from "@club/jobs";
import { createFileStore } from "@club/storage";
import { type ApiContext, apiConfigFromEnv, createApiContext } from "../context";
import { createUser } from "../domain/account/users";
import { loadEnv } from "../env";
import { createCaller } from "../root";
import { Throttle } from "../throttle";
import { storeTestSession, testSessionId } from "./cell";
import { insertMediaRow } from "./media-row";

const silent = { info() {}, warn() {}, error() {} };

/** Procedures called directly (createCaller) on a fresh migrated database, as any user. */
export async function testApi() {
  const handle = await createTestDb();
  const mediaDir = mkdtempSync(join(tmpdir(), "club-api-media-"));
  const store = createFileStore(mediaDir);
  // Jobs are sent (and kept, for tests to look at) but not worked: a test runs a job's domain function itself.
  const jobs = new JobQueue({ connection: handle.raw, kinds: jobKinds, log: silent, schedule: false });
  await jobs.start();

  const deps = {
    db: handle.db,
    // The environment's defaults, as a server started with no variables has them, on the tests' club.
    config: {
      ...apiConfigFromEnv(loadEnv({})),
      appOrigin: "http://club.test",
      tempPassword: "Temp-Pass-1",
      timeZone: "America/New_York",
    },
    store,
    jobs,
  };
  function contextFor(user: SessionUser | null, overrides: Partial<ApiContext> = {}): ApiContext {
    const session = user
      ? {
          id: testSessionId(user.id),
          userId: user.id,
          expiresAt: new Date(Date.now() + 86_400_000),
          method: "password" as const,
        }
      : null;
    // A fresh throttle per call: the permission table is not about throttling.
    const ctx = createApiContext(
      { ...deps, throttle: new Throttle() },
      { user, session, log: silent, requestId: "test", ip: "127.0.0.1" },
    );
    // Given its overrides in place: a copy by spread would get a hidden class of its own per call,
    // unlike a server's context (answer-shapes.test.ts).
    return Object.assign(ctx, overrides);
  }

  async function member(
    email: string,
    options: { type?: SessionUser["type"]; admin?: boolean; mustChangePassword?: boolean; name?: string } = {},
  ): Promise<SessionUser> {
    const created = await createUser(handle.db, {
      email,
      name: options.name ?? email.split("@")[0]!,
      password: "password1",
      type: options.type ?? "Standard",
      admin: options.admin ?? false,
    });
    if (options.mustChangePassword) {
      await handle.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, created.id));
    }
    return { ...created, mustChangePassword: options.mustChangePassword ?? false };
  }

  /** A ready media row (no files): what listing and permission tests need. */
  const mediaRow = (values: Parameters<typeof insertMediaRow>[1]) => insertMediaRow(handle.db, values);

  /** The mails queued for an address, oldest first. */
  const mailsTo = (email: string) =>
    handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);

  return {
    db: handle.db,
    kind: handle.kind,
    mediaRow,
    mailsTo,
    store,
    jobs,
    contextFor,
    member,
    /** Her password session may add ways in for 15 minutes, as if she had opened the mailed link. */
    confirm: (user: SessionUser) => storeTestSession(handle.db, user.id, new Date(Date.now() + 15 * 60_000)),
    callerFor: (user: SessionUser | null, overrides?: Partial<ApiContext>) => createCaller(contextFor(user, overrides)),
    close: async () => {
      await jobs.stop(1000);
      await handle.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
export type TestApi = Awaited<ReturnType<typeof testApi>>;
