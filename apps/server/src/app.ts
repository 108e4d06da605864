import { join } from "node:path";
import { BackgroundTasks, memoryLimiters, operatorSocketPath, redisLimiters, Throttle } from "@club/api";
import { createDb, type DbHandle } from "@club/db";
import { createCaptureTransport, createSmtpTransport, type MailWorker, startMailWorker } from "@club/mail";
import { createFileStore, createMinioStore, type MediaStore } from "@club/storage";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { AppConfig } from "./config";
import { startHousekeeping } from "./housekeeping";
import { listenOperatorSocket } from "./operator-socket";
import { healthPlugin } from "./plugins/health";
import { mediaFiles } from "./plugins/media-files";
import { originCheck } from "./plugins/origin-check";
import { securityHeaders } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { spaPlugin } from "./plugins/spa";
import { trpcPlugin } from "./plugins/trpc";
import { adminRoutes } from "./rest/admin";
import { authRoutes } from "./rest/auth";
import { restErrorHandler } from "./rest/errors";
import { eventRoutes } from "./rest/events";
import { mediaRoutes } from "./rest/media";
import { membershipRoutes } from "./rest/membership";
import { uploadRoutes, uploadTmpDir } from "./uploads/routes";

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise opened from the config and closed with the app. */
  db?: DbHandle;
  /** Run the mail worker in this process (default true). */
  mailWorker?: boolean;
  logger?: boolean;
  /** Where log lines go (stdout by default). */
  logStream?: { write(line: string): unknown };
  /** Answer `club` on this machine through a socket in DATA_DIR (the embedded database's server does). */
  operatorSocket?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    dbHandle: DbHandle;
    mediaStore: MediaStore;
    mailWorker: MailWorker | undefined;
    /** Work requests started after answering; drained before the app closes. */
    background: BackgroundTasks;
    /** Runs once at start, then hourly; tests run it on demand. */
    housekeeping: ReturnType<typeof startHousekeeping>;
    /** Where this app keeps the embedded database, media files and upload spools. */
    dataDir: string;
  }
}

/** A hop count trusts that many proxies nearest the server; a list trusts those addresses. */
function trustProxyOption(
  setting: AppConfig["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return setting || false;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // tRPC batches put every procedure name in one path segment.
    routerOptions: { maxParamLength: 2000 },
    // TRUST_PROXY: off unless the operator names the proxies (see loadEnv); the client's address
    // is what sign-in throttling counts, so it must not be a header any client can write.
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify finishes in-flight requests on close and refuses new ones meanwhile.
    return503OnClosing: true,
  });

  const ownsDb = !options.db;
  const dbHandle =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, "pglite"),
      processName: "club server",
    }));
  app.decorate("dbHandle", dbHandle);
  app.decorate("dataDir", config.dataDir);
  if (ownsDb) {
    try {
      await dbHandle.migrate();
    } catch (err) {
      await dbHandle.close();
      throw err;
    }
  }

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  const store = config.s3 ? await createMinioStore(config.s3) : createFileStore(join(config.dataDir, "media"));
  app.decorate("mediaStore", store);
  const deps = {
    db: dbHandle.db,
    store,
    config: {
      appOrigin: config.appOrigin,
      tempPassword: config.tempPassword,
      timeZone: config.timeZone,
      mailDelivery: config.smtpUrl ? ("smtp" as const) : ("capture" as const),
    },
    throttle: new Throttle(redis ? redisLimiters(redis) : memoryLimiters),
    background: new BackgroundTasks(app.log),
  };
  app.decorate("background", deps.background);

  // While stopping, answers to requests already under way close their connection, so a client's
  // keep-alive socket does not hold the stop up for the keep-alive timeout (and is not reset later).
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  restErrorHandler(app);
  await app.register(securityHeaders, { appOrigin: config.appOrigin });
  await app.register(originCheck, { appOrigin: config.appOrigin });
  await app.register(sessionPlugin, { db: dbHandle.db, appOrigin: config.appOrigin });
  await app.register(healthPlugin, { ping: dbHandle.ping });
  await app.register(trpcPlugin, deps);
  await app.register(authRoutes, deps);
  await app.register(membershipRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(uploadRoutes, {
    ...deps,
    tmpDir: uploadTmpDir(config.dataDir),
    maxUploadBytes: config.maxUploadBytes,
  });
  await app.register(mediaFiles, deps);
  await app.register(spaPlugin, { webDist: config.webDist });

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createCaptureTransport();
  const worker =
    options.mailWorker === false ? undefined : startMailWorker({ db: dbHandle.db, transport, log: app.log });
  app.decorate("mailWorker", worker);

  const housekeeping = startHousekeeping({
    db: dbHandle.db,
    store,
    tmpDir: uploadTmpDir(config.dataDir),
    mailKeepDays: config.mailKeepDays ?? 7,
    log: app.log,
  });
  app.decorate("housekeeping", housekeeping);

  const operator = options.operatorSocket
    ? await listenOperatorSocket(operatorSocketPath(config.dataDir), deps, app.log)
    : undefined;

  app.addHook("onClose", async () => {
    await operator?.close();
    await housekeeping.stop();
    await deps.background.drain();
    await worker?.stop();
    transport.close();
    redis?.disconnect();
    if (ownsDb) await dbHandle.close();
  });
  return app;
}
