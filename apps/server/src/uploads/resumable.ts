import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  type ApiContext,
  requireMember,
  requireOwnUpload,
  requireUploadTarget,
  UNAVAILABLE_MESSAGE,
  uploadMedia,
} from "@club/api";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ContextDeps, createContext } from "../plugins/trpc";
import { describeError } from "../rest/errors";
import { UploadTooLarge } from "./spool";

/** Where unfinished resumable uploads wait (outside the spool directory, which is swept by age). */
export const resumableDir = (dataDir: string) => join(dataDir, "uploads");

/** An unfinished upload is kept a day from its start; housekeeping removes it after that. */
export const RESUMABLE_EXPIRY_MS = 24 * 3600_000;

export function resumableStore(dataDir: string): FileStore {
  // Made here, before the store is: the store makes it in the background and throws, unhandled,
  // when that fails.
  mkdirSync(resumableDir(dataDir), { recursive: true });
  return new FileStore({ directory: resumableDir(dataDir), expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS });
}

/** tus names an upload with 16 random bytes in hex. */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32})$/;

/** A refusal tus sends as it is: the status and a message a person can act on. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

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
  const member = new AsyncLocalStorage<ApiContext>();
  const { datastore } = deps;
  /** Finished uploads being stored now: no second finish, chunk or cancel meanwhile. */
  const storing = new Set<string>();
  await mkdir(deps.tmpDir, { recursive: true });
  const current = () => {
    const ctx = member.getStore();
    if (!ctx) throw refusal(401, "Please sign in to upload.");
    return ctx;
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
      const ctx = current();
      if (req.method === "POST") return;
      if (storing.has(id)) throw refusal(423, "This file has arrived and is being saved. Please wait a moment.");
      const upload = await datastore.getUpload(id).catch((err: { status_code?: number }) => {
        if (err.status_code === 404 || err.status_code === 410) return undefined;
        ctx.log.warn({ err, id }, "could not read a resumable upload");
        throw refusal(503, UNAVAILABLE_MESSAGE);
      });
      try {
        requireOwnUpload(ctx.user!, upload?.metadata?.owner);
      } catch (err) {
        rethrow(ctx)(err);
      }
    },
    // A client cannot choose whose upload it is: the owner is set here, from the session.
    async onUploadCreate(_req, upload: Upload) {
      const ctx = current();
      const { member } = await requireUploadTarget(ctx, upload.metadata?.event_id || undefined).catch(rethrow(ctx));
      return { metadata: { ...upload.metadata, owner: member.user.id } };
    },
    async onUploadFinish(_req, upload: Upload) {
      const ctx = current();
      storing.add(upload.id);
      // Stored from the spool directory: what a crash half-way leaves (the file, its copy without
      // metadata) is swept there by age, and the uploads directory holds only uploads.
      const received = join(datastore.directory, upload.id);
      const path = join(deps.tmpDir, `resumable-${upload.id}`);
      try {
        await rename(received, path);
        const file = { path, size: upload.size ?? upload.offset, filename: upload.metadata?.filename ?? "upload" };
        const item = await uploadMedia(ctx, file, upload.metadata?.event_id || undefined);
        await forget(upload.id, path);
        return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(item) };
      } catch (err) {
        const { status, text } = describeError(err, ctx.log as FastifyRequest["log"]);
        if (status < 500) {
          // Refused (not a photo or video, the event gone): nothing to keep.
          await forget(upload.id, path);
        } else {
          // Our side failed (the database or the store is down): the file waits where it was, and
          // the client's retry finishes it without sending it again.
          await rename(path, received).catch(() => {});
        }
        throw refusal(status, text);
      } finally {
        storing.delete(upload.id);
      }
    },
    async onResponseError(_req, err) {
      if ("status_code" in err && err.status_code === 413) {
        return refusal(413, new UploadTooLarge(deps.maxUploadBytes).message);
      }
      return undefined;
    },
  });

  async function forget(id: string, path: string) {
    await rm(path, { force: true });
    await datastore.configstore.delete(id).catch(() => {});
  }

  /** A refusal from the access module or ingestion, as tus answers it. */
  function rethrow(ctx: ApiContext) {
    return (err: unknown): never => {
      const { status, text } = describeError(err, ctx.log as FastifyRequest["log"]);
      throw refusal(status, text);
    };
  }

  // The chunks are read by tus from the request itself: Fastify leaves the body alone.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = await createContext(deps, request, reply);
    // Members only, before tus reads a byte; whose upload it is, tus asks (onIncomingRequest).
    requireMember(ctx);
    reply.hijack();
    await member.run(ctx, () => tus.handle(request.raw, reply.raw));
  };
  app.post("/uploads", handle);
  // HEAD: where did it get to; PATCH: the next chunk; DELETE: the member cancelled it.
  app.route({ method: ["HEAD", "PATCH", "DELETE"], url: "/uploads/:id", handler: handle });
}
