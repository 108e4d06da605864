import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  LiveChanges,
  memoryLimiters,
  operatorSocketPath,
  redisLimiters,
  sightChangesAt,
  sightOf,
  Throttle,
} from "@club/api";
import { SessionCache } from "@club/auth";
import {
  AUTH_CHANGES_CHANNEL,
  type ChangeListener,
  COMMENTS_CHANNEL,
  createDb,
  DATA_CHANGES_CHANNEL,
  type DbHandle,
  listenChanges,
  NOTIFY_CHANNEL,
} from "@club/db";
import { JobQueue, jobKinds } from "@club/jobs";
import { createCaptureTransport, createSmtpTransport } from "@club/mail";
import { createFileStore, createMinioStore, type MediaStore } from "@club/storage";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { AnswerCache } from "./answers/answer-cache";
import { BROTLI_OPTIONS, COMPRESS_THRESHOLD, compressZlib, ENCODINGS, SYNC_COMPRESS_LIMIT } from "./answers/encodings";
import { keepAnswers } from "./answers/keep-answers";
import type { AppConfig } from "./config";
import { keepDataPrivate, narrowTree } from "./data-dir";
import { type HousekeepingOptions, runHousekeeping } from "./housekeeping";
import { requestLogFields } from "./log-redact";
import { describedRoutes } from "./openapi/describe";
import { openApiDocument } from "./openapi/document";
import { limitsOf } from "./openapi/limits";
import { listenOperatorSocket } from "./operator-socket";
import { catchUp } from "./plugins/catch-up";
import { healthPlugin } from "./plugins/health";
import { idempotency } from "./plugins/idempotency";
import { mediaFiles } from "./plugins/media-files";
import { metricsPlugin } from "./plugins/metrics";
import { openApiPlugin } from "./plugins/openapi";
import { originCheck } from "./plugins/origin-check";
import { securityHeaders } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { spaPlugin } from "./plugins/spa";
import { trpcPlugin } from "./plugins/trpc";
import { JSON_BODY_LIMIT_BYTES } from "./request-limits";
import { adminRoutes } from "./rest/admin";
import { authRoutes } from "./rest/auth";
import { conversationRoutes } from "./rest/conversations";
import { restErrorHandler } from "./rest/errors";
import { eventRoutes } from "./rest/events";
import { ledgerRoutes } from "./rest/ledger";
import { mediaRoutes } from "./rest/media";
import { membershipRoutes } from "./rest/membership";
import { oidcRoutes } from "./rest/oidc";
import { travelRoutes } from "./rest/travel";
import { unsubscribeRoutes } from "./rest/unsubscribe";
import { resumableStore, resumableUploads } from "./uploads/resumable";
import { uploadRoutes, uploadTmpDir } from "./uploads/routes";
import { startWorkers } from "./workers";

export interface BuildOptions {
  /** A database opened by the caller (tests); otherwise opened from the config and closed with the app. */
  db?: DbHandle;
  /** Work background jobs (mail, housekeeping…) in this process (default true). */
  workers?: boolean;
  /** How often an idle job worker asks for work, in seconds (tests ask more often). */
  jobPollingSeconds?: number;
  logger?: boolean;
  /** Where log lines go (stdout by default). */
  logStream?: { write(line: string): unknown };
  /** Answer `club` on this machine through a socket in DATA_DIR (the embedded database's server does). */
  operatorSocket?: boolean;
  /** The media store the app uses, made from the configured one (tests put a failing store around it). */
  wrapStore?: (store: MediaStore) => MediaStore;
  /** Told every route as it is added (the fuzz test checks its table against them). */
  onRoute?: (route: RouteOptions) => void;
  /** The attempt counters (a test fills one up to its limit without making every request). */
  throttle?: Throttle;
  /** Live streams the server holds at once (LIVE_STREAMS_PER_SERVER; a test fills a small one). */
  liveStreamsPerServer?: number;
  /**
   * Answer a plain GET of queries without tRPC's fetch adapter (default true; plugins/trpc-queries.ts).
   * False sends every tRPC request through the adapter, for the test that compares the two.
   */
  plainQueries?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    dbHandle: DbHandle;
    mediaStore: MediaStore;
    /** The job queue: mail, password-reset links, housekeeping. */
    jobs: JobQueue;
    /** One housekeeping run now (it also runs at start and hourly, as a job). */
    runHousekeeping(): Promise<void>;
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
        : {
            level: config.logLevel,
            serializers: { req: requestLogFields },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // tRPC batches put every procedure name in one path segment.
    routerOptions: { maxParamLength: 2000 },
    // TRUST_PROXY: off unless the operator names the proxies (see loadEnv); the client's address
    // is what sign-in throttling counts, so it must not be a header any client can write.
    trustProxy: trustProxyOption(config.trustProxy),
    // Fastify finishes in-flight requests on close and refuses new ones meanwhile.
    return503OnClosing: true,
    // Every log line of a request carries its id (reqId), and the answer says it (X-Request-Id), so
    // a member's report of an error can be matched to the logs. A trusted proxy's own id is kept.
    genReqId: () => randomUUID(),
    requestIdHeader: config.trustProxy ? "x-request-id" : false,
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  // Each REST route describes itself (config.openapi); the document is made from what was added.
  const routes = describedRoutes(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  // Before anything is written there (the database, media, uploads).
  if (!keepDataPrivate(config.dataDir).narrowed) {
    app.log.warn(
      { dataDir: config.dataDir },
      "DATA_DIR belongs to another user: it could not be made private (mode 700)",
    );
  }
  const ownsDb = !options.db;
  const pgliteDir = join(config.dataDir, "pglite");
  const dbHandle =
    options.db ??
    (await createDb({
      databaseUrl: config.databaseUrl,
      maxConnections: config.databasePoolSize,
      pgliteDir,
      processName: "club server",
    }));
  if (ownsDb && !config.databaseUrl) narrowTree(pgliteDir);
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

  // ioredis (2 MB of heap) is loaded only when Redis is configured: the embedded default counts
  // sign-in attempts in memory (docs/decisions/README.md, "The embedded database's memory").
  const redis = config.redisUrl
    ? new (await import("ioredis")).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  const configured = config.s3 ? await createMinioStore(config.s3) : createFileStore(join(config.dataDir, "media"));
  const store = options.wrapStore ? options.wrapStore(configured) : configured;
  app.decorate("mediaStore", store);
  const jobs = new JobQueue({
    connection: dbHandle.raw,
    kinds: jobKinds,
    log: app.log,
    ...(options.jobPollingSeconds ? { pollingIntervalSeconds: options.jobPollingSeconds } : {}),
  });
  await jobs.start();
  app.decorate("jobs", jobs);
  const deps = {
    db: dbHandle.db,
    store,
    config: {
      appOrigin: config.appOrigin,
      tempPassword: config.tempPassword,
      deletedMemberContent: config.deletedMemberContent,
      timeZone: config.timeZone,
      reminderHours: config.reminderHours,
      maxVideoSeconds: config.maxVideoSeconds,
      tmpDir: uploadTmpDir(config.dataDir),
      mailDelivery: config.smtpUrl ? ("smtp" as const) : ("capture" as const),
      oidc: config.oidc,
      unsubscribeSecrets: config.unsubscribeSecrets,
      webhookAllowPrivate: config.webhookAllowPrivate,
    },
    throttle: options.throttle ?? new Throttle(redis ? redisLimiters(redis) : memoryLimiters),
    jobs,
    // The live streams (the bell, an open page's comments), woken by the database's notifications.
    live: new LiveChanges(options.liveStreamsPerServer),
  };

  // While stopping, answers to requests already under way close their connection, so a client's
  // keep-alive socket does not hold the stop up for the keep-alive timeout (and is not reset later).
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    // Open live streams end now (browsers reconnect elsewhere) instead of holding the stop up.
    deps.live.close();
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  restErrorHandler(app);
  // JSON and pages above 1 KB go compressed (see encodings.ts); the built assets are compressed
  // once, at their best, by the build. An answer in hand up to 1 MB is compressed in one call, not
  // through a brotli stream above 8 KB (the plugin's default on two cores), which cost the server's
  // one thread more than the compressing itself (docs/decisions/answers-in-hand-compressed-in-one-call-whatever.md).
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ENCODINGS,
    brotliOptions: BROTLI_OPTIONS,
    syncThreshold: SYNC_COMPRESS_LIMIT,
    zlib: compressZlib,
  });
  await app.register(securityHeaders, { appOrigin: config.appOrigin });
  await app.register(originCheck, { appOrigin: config.appOrigin });
  // Sessions are kept a few seconds (SESSION_CACHE_SECONDS), forgotten as soon as the database tells
  // of a change to them or their member (see SessionCache); so are the answers of the lists and reads
  // of events, media and comments (up to ANSWER_CACHE_SECONDS, see AnswerCache), forgotten when what
  // they are made of changes or when time alone changes them. One connection listens for both.
  const { sessionCacheMs, answerCacheMs } = config;
  const sessionCache = sessionCacheMs > 0 ? new SessionCache({ ttlMs: sessionCacheMs }) : undefined;
  const answerCache = answerCacheMs > 0 ? new AnswerCache({ ttlMs: answerCacheMs }) : undefined;
  const listeners = {
    [AUTH_CHANGES_CHANNEL]: sessionCache ? bothListen(sessionCache, deps.live.auth) : deps.live.auth,
    ...(answerCache ? { [DATA_CHANGES_CHANNEL]: answerCache } : {}),
    [NOTIFY_CHANNEL]: deps.live.notifications,
    [COMMENTS_CHANNEL]: deps.live.comments,
  };
  const changes = await listenChanges(dbHandle.raw, listeners);
  if (changes) {
    const forget = () => {
      sessionCache?.clear();
      answerCache?.clear();
    };
    await app.register(catchUp, { changes, forget });
  }
  await app.register(sessionPlugin, { db: dbHandle.db, appOrigin: config.appOrigin, sessions: sessionCache });
  await app.register(idempotency, { db: dbHandle.db, throttle: deps.throttle });
  if (answerCache) {
    await app.register(keepAnswers, {
      cache: answerCache,
      sightOf: async (memberId) => {
        const [sight, changesAt] = await Promise.all([
          sightOf(dbHandle.db, memberId),
          sightChangesAt(dbHandle.db, memberId),
        ]);
        return { sight, changesAt: changesAt?.getTime() ?? Number.POSITIVE_INFINITY };
      },
    });
  }
  await app.register(healthPlugin, { ping: dbHandle.ping });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    db: dbHandle.db,
    ping: dbHandle.ping,
    answerCache,
  });
  await app.register(openApiPlugin, {
    document: () =>
      openApiDocument({
        origin: config.appOrigin,
        limits: limitsOf(config),
        routes,
      }),
  });
  await app.register(trpcPlugin, { deps, plainQueries: options.plainQueries !== false });
  await app.register(authRoutes, deps);
  await app.register(oidcRoutes, deps);
  await app.register(membershipRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(eventRoutes, deps);
  await app.register(travelRoutes, deps);
  await app.register(conversationRoutes, deps);
  await app.register(ledgerRoutes, deps);
  await app.register(mediaRoutes, deps);
  await app.register(uploadRoutes, {
    ...deps,
    tmpDir: uploadTmpDir(config.dataDir),
    maxUploadBytes: config.maxUploadBytes,
  });
  const resumable = resumableStore(config.dataDir);
  await app.register(resumableUploads, {
    ...deps,
    datastore: resumable,
    tmpDir: uploadTmpDir(config.dataDir),
    maxUploadBytes: config.maxUploadBytes,
  });
  await app.register(mediaFiles, deps);
  await app.register(unsubscribeRoutes, deps);
  await app.register(spaPlugin, { webDist: config.webDist, deps });

  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createCaptureTransport();
  const housekeeping: HousekeepingOptions = {
    db: dbHandle.db,
    store,
    tmpDir: uploadTmpDir(config.dataDir),
    resumable,
    mailKeepDays: config.mailKeepDays,
    log: app.log,
    jobs,
    appOrigin: config.appOrigin,
  };
  app.decorate("runHousekeeping", () => runHousekeeping(housekeeping));
  if (options.workers !== false) {
    await startWorkers(jobs, {
      ...housekeeping,
      transport,
      config: deps.config,
      keepVideoOriginals: config.keepVideoOriginals,
    });
  }

  const operator = options.operatorSocket
    ? await listenOperatorSocket(operatorSocketPath(config.dataDir), deps, app.log)
    : undefined;

  app.addHook("onClose", async () => {
    await operator?.close();
    // Jobs under way finish (or are run again later by another instance); then the database closes.
    await jobs.stop(config.shutdownGraceMs);
    transport.close();
    redis?.disconnect();
    await changes?.close();
    if (ownsDb) await dbHandle.close();
  });
  return app;
}

/** One channel's changes told to two listeners (the session cache and the live streams). */
function bothListen(a: ChangeListener, b: ChangeListener): ChangeListener {
  return {
    changed: (payload) => {
      a.changed(payload);
      b.changed(payload);
    },
    listening: () => {
      a.listening();
      b.listening();
    },
    deaf: () => {
      a.deaf();
      b.deaf();
    },
  };
}
