import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  type MemberContext,
  requireMember,
  requireOwnUpload,
  requireTokenScope,
  requireUploadTarget,
  UNAVAILABLE_MESSAGE,
  uploadMedia,
} from "@club/api";
import { FileStore } from "@tus/file-store";
import { ERRORS, Server, type Upload } from "@tus/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { tusHeaders } from "../openapi/describe";
import { type ContextDeps, createContext } from "../plugins/trpc";
import { describeError } from "../rest/errors";
import { megabytes, UploadTooLarge } from "./spool";

/** Where unfinished resumable uploads wait (outside the spool directory, which is swept by age). */
export const resumableDir = (dataDir: string) => join(dataDir, "uploads");

/** An unfinished upload is kept a day from its start; housekeeping removes it after that. */
export const RESUMABLE_EXPIRY_MS = 24 * 3600_000;

/**
 * tus's file store, less the folder it makes itself. Its constructor starts an `fs.mkdir` that
 * nothing can wait for, and throws, unhandled, from its callback when that fails: a server closed
 * and its DATA_DIR removed at once (every test does so) races that mkdir when the thread pool is
 * busy, and the process dies of an `ENOENT mkdir …/uploads` (or the folder comes back after the
 * removal). `resumableStore` makes the folder itself, before the store exists, so the store's own
 * attempt has nothing left to do.
 */
export class ResumableStore extends FileStore {}
// The method is private in tus's types, so it cannot be overridden in the class body; it is the
// one the constructor calls (@tus/file-store 2.x). resumable.test.ts checks the store makes nothing.
Object.defineProperty(ResumableStore.prototype, "checkOrCreateDirectory", { value: () => {} });

export function resumableStore(dataDir: string): FileStore {
  mkdirSync(resumableDir(dataDir), { recursive: true });
  return new ResumableStore({ directory: resumableDir(dataDir), expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS });
}

/**
 * What one member may leave unfinished at once. The page sends three files at a time, and a reload
 * or a dropped connection leaves those waiting to be resumed (for a day): 20 is far more than a
 * member uploading in good faith ever has, and keeps one member from filling the disk with uploads
 * she never finishes. Four times the upload limit in declared bytes lets three of the largest files
 * be sent at once with one more waiting (2,000 MB by default).
 */
export const MAX_UNFINISHED_UPLOADS = 20;
export const maxUnfinishedBytes = (maxUploadBytes: number) => 4 * maxUploadBytes;

/** tus names an upload with 16 random bytes in hex. */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32})$/;

/** tus's own refusals of too many bytes (its errors are objects or, from a stream, instances). */
const TUS_TOO_LARGE = new Set<string>([ERRORS.ERR_MAX_SIZE_EXCEEDED.body, ERRORS.ERR_SIZE_EXCEEDED.body]);

/** A refusal tus sends as it is: the status and a message a person can act on. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

/** Where a resumable upload goes, from its metadata: an event's images, a home's photos, or the gallery. */
const placeOf = (upload: Upload) => ({
  eventRef: upload.metadata?.event_id || undefined,
  homeRef: upload.metadata?.home_id || undefined,
});

/** One request to tus: whose it is, and the place it holds among her unfinished uploads, if any. */
interface TusRequest {
  ctx: MemberContext;
  release?: () => void;
}

/**
 * Resumable uploads (the tus protocol, `@tus/server` with its file store) at `/uploads`: the
 * gallery sends each file in chunks and, after a dropped connection or a reload, asks where the
 * server got to and continues from there. The same rules as POST /upload-media: members only
 * (checked before a byte is read), the size limit from the declared length, an event she can see,
 * the type from the file's bytes once it is complete. Each upload belongs to the member who began
 * it; another member's upload is "not found". The finished file goes through the same ingestion
 * (metadata removed, copies and poster, conversion queued) and the answer is the new media item.
 * The upload's id is read from the path alone (never a query string) by tus and by the owner check
 * alike, so the id that is checked is the id that is used.
 */
export async function resumableUploads(
  app: FastifyInstance,
  deps: ContextDeps & { datastore: FileStore; tmpDir: string; maxUploadBytes: number },
): Promise<void> {
  const member = new AsyncLocalStorage<TusRequest>();
  const { datastore } = deps;
  /** Finished uploads being stored now: no second finish, chunk or cancel meanwhile. */
  const storing = new Set<string>();
  /** Uploads being created now, by member: id → declared bytes, until their request ends. */
  const creating = new Map<string, Map<string, number>>();
  await mkdir(deps.tmpDir, { recursive: true });
  const tooManyBytes = refusal(
    413,
    `Your unfinished uploads would come to more than ${megabytes(maxUnfinishedBytes(deps.maxUploadBytes))}, ` +
      "the most that may wait at once. Let them finish, or cancel some, before starting another.",
  );
  const current = () => {
    const request = member.getStore();
    if (!request) throw refusal(401, "Please sign in to upload.");
    return request;
  };
  const tus = new Server({
    path: "/uploads",
    datastore,
    maxSize: deps.maxUploadBytes,
    relativeLocation: true,
    allowedOrigins: [deps.config.appOrigin],
    disableTerminationForFinishedUploads: true,
    getFileIdFromRequest: (req) => UPLOAD_PATH.exec(new URL(req.url).pathname)?.[1],
    async onIncomingRequest(req, id) {
      const { ctx } = current();
      if (req.method === "POST") return;
      if (storing.has(id)) throw refusal(423, "This file has arrived and is being saved. Please wait a moment.");
      const upload = await datastore.getUpload(id).catch((err: { status_code?: number }) => {
        if (err.status_code === 404 || err.status_code === 410) return undefined;
        ctx.log.warn({ err, id }, "could not read a resumable upload");
        throw refusal(503, UNAVAILABLE_MESSAGE);
      });
      try {
        requireOwnUpload(ctx.user, upload?.metadata?.owner);
      } catch (err) {
        rethrow(ctx)(err);
      }
    },
    // A client cannot choose whose upload it is: the owner is set here, from the session.
    async onUploadCreate(_req, upload: Upload) {
      const request = current();
      const { ctx } = request;
      const { member } = await requireUploadTarget(ctx, placeOf(upload)).catch(rethrow(ctx));
      await makeRoomFor(request, member.user.id, upload);
      return { metadata: { ...upload.metadata, owner: member.user.id } };
    },
    async onUploadFinish(_req, upload: Upload) {
      const { ctx } = current();
      storing.add(upload.id);
      // Stored from the spool directory: what a crash half-way leaves (the file, its copy without
      // metadata) is swept there by age, and the uploads directory holds only uploads.
      const received = join(datastore.directory, upload.id);
      const path = join(deps.tmpDir, `resumable-${upload.id}`);
      try {
        await rename(received, path);
        const file = { path, size: upload.size ?? upload.offset, filename: upload.metadata?.filename ?? "upload" };
        const item = await uploadMedia(ctx, file, placeOf(upload));
        await forget(upload.id, path);
        return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(item) };
      } catch (err) {
        const { status, text } = describeError(err, ctx.log);
        if (status < 500) {
          // Refused (not a photo or video, the event gone): nothing to keep.
          await forget(upload.id, path);
        } else {
          // Our side failed (the database or the store is down): the file waits where it was, and
          // the client's retry finishes it without sending it again. If it cannot be put back, the
          // client sends it again whole: the refusal below is what she must hear, not this.
          await rename(path, received).catch(() => {});
        }
        throw refusal(status, text);
      } finally {
        storing.delete(upload.id);
      }
    },
    async onResponseError(_req, err) {
      // Not offered (the file store cannot join uploads): a client asking is told so, not "501".
      if (err === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION) {
        return refusal(
          400,
          "Uploads cannot be sent in parts to be joined (tus concatenation); send the file as one upload.",
        );
      }
      // tus's own "too large" (the declared length, or more bytes than declared) says nothing a
      // person can act on; ours (too much waiting, a video too long) do.
      if ("body" in err && TUS_TOO_LARGE.has(err.body)) {
        return refusal(413, new UploadTooLarge(deps.maxUploadBytes).message);
      }
      return undefined;
    },
  });

  /**
   * Holds the new upload's place among the member's unfinished ones, or refuses it when she has too
   * many or they declare too much (an upload whose length comes later counts as the largest it may
   * become). Her uploads being created now count too, so several begun at once cannot all take
   * the last place: each holds its place before reading what is kept on disk, and gives it back
   * when its request ends (by then it is on disk, or was refused).
   */
  async function makeRoomFor(request: TusRequest, owner: string, upload: Upload) {
    const pending = creating.get(owner) ?? new Map<string, number>();
    creating.set(owner, pending);
    pending.set(upload.id, upload.size ?? deps.maxUploadBytes);
    request.release = () => {
      pending.delete(upload.id);
      if (pending.size === 0 && creating.get(owner) === pending) creating.delete(owner);
    };
    const held = new Map(pending);
    const kept = await unfinishedOf(owner).catch((err: unknown) => {
      request.ctx.log.warn({ err }, "could not list the resumable uploads");
      throw refusal(503, UNAVAILABLE_MESSAGE);
    });
    const all = new Map([...kept, ...held]);
    if (all.size > MAX_UNFINISHED_UPLOADS) {
      request.release();
      throw refusal(
        429,
        `You have ${MAX_UNFINISHED_UPLOADS} unfinished uploads. Let them finish, or cancel some, before starting another.`,
      );
    }
    const bytes = [...all.values()].reduce((sum, size) => sum + size, 0);
    if (bytes > maxUnfinishedBytes(deps.maxUploadBytes)) {
      request.release();
      throw tooManyBytes;
    }
  }

  /** A member's unfinished uploads on disk: id → declared bytes. */
  async function unfinishedOf(owner: string): Promise<Map<string, number>> {
    const ids = (await datastore.configstore.list?.()) ?? [];
    const infos = await Promise.all(ids.map(async (id) => [id, await datastore.configstore.get(id)] as const));
    const mine = infos.filter(([, info]) => info?.metadata?.owner === owner);
    return new Map(mine.map(([id, info]) => [id, info?.size ?? deps.maxUploadBytes]));
  }

  async function forget(id: string, path: string) {
    await rm(path, { force: true });
    // Its file is gone: a description left behind names nothing, and the housekeeping's sweep of
    // unfinished uploads removes it within a day.
    await datastore.configstore.delete(id).catch(() => {});
  }

  /** A refusal from the access module or ingestion, as tus answers it. */
  function rethrow(ctx: MemberContext) {
    return (err: unknown): never => {
      const { status, text } = describeError(err, ctx.log);
      throw refusal(status, text);
    };
  }

  // The chunks are read by tus from the request itself: Fastify leaves the body alone.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Members only, before tus reads a byte; whose upload it is, tus asks (onIncomingRequest).
    const ctx = requireMember(await createContext(deps, request, reply));
    // HEAD asks how far an upload got; the rest add to it (or cancel it), what a token must be allowed.
    requireTokenScope(ctx, "uploads.resumable", request.method === "HEAD" ? "query" : "mutation");
    reply.hijack();
    const tusRequest: TusRequest = { ctx };
    try {
      await member.run(tusRequest, () => tus.handle(request.raw, reply.raw));
    } finally {
      tusRequest.release?.();
    }
  };
  app.post(
    "/uploads",
    {
      config: {
        openapi: {
          summary: "Begin a resumable upload (tus)",
          description: `${tusHeaders}; Upload-Metadata may carry \`filename\`, and \`event_id\` or \`home_id\`.`,
          access: "member, own uploads",
          tus: true,
          answer: { kind: "empty", status: 201, description: "Created; the Location header is the upload's URL." },
          limits: "Upload-Length up to MAX_UPLOAD_MB; a member's unfinished uploads are limited in number and bytes.",
        },
      },
    },
    handle,
  );
  // HEAD: where did it get to; PATCH: the next chunk; DELETE: the member cancelled it.
  const uploadId = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });
  app.head(
    "/uploads/:id",
    {
      config: {
        openapi: {
          summary: "Where a resumable upload got to",
          description: tusHeaders,
          access: "member, own uploads",
          tus: true,
          params: uploadId,
          answer: { kind: "empty", status: 200, description: "Upload-Offset says how many bytes arrived." },
        },
      },
    },
    handle,
  );
  app.patch(
    "/uploads/:id",
    {
      config: {
        openapi: {
          summary: "Send the next bytes of a resumable upload",
          description: `${tusHeaders}; Content-Type: application/offset+octet-stream.`,
          access: "member, own uploads",
          tus: true,
          params: uploadId,
          answer: { kind: "empty", status: 204, description: "The new Upload-Offset; the last chunk stores the item." },
        },
      },
    },
    handle,
  );
  app.delete(
    "/uploads/:id",
    {
      config: {
        openapi: {
          summary: "Cancel a resumable upload",
          description: tusHeaders,
          access: "member, own uploads",
          tus: true,
          params: uploadId,
          answer: { kind: "empty", status: 204, description: "Cancelled." },
        },
      },
    },
    handle,
  );
}
