import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type ApiContext, requireMember, requireOwnUpload, requireUploadTarget, uploadMedia } from "@club/api";
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
 */
export async function resumableUploads(
  app: FastifyInstance,
  deps: ContextDeps & { datastore: FileStore; maxUploadBytes: number },
): Promise<void> {
  const member = new AsyncLocalStorage<ApiContext>();
  const { datastore } = deps;
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
    // A client cannot choose whose upload it is: the owner is set here, from the session.
    async onUploadCreate(_req, upload: Upload) {
      const ctx = current();
      const { member } = await requireUploadTarget(ctx, upload.metadata?.event_id || undefined).catch(rethrow(ctx));
      return { metadata: { ...upload.metadata, owner: member.user.id } };
    },
    async onUploadFinish(_req, upload: Upload) {
      const ctx = current();
      const file = {
        path: join(datastore.directory, upload.id),
        size: upload.size ?? upload.offset,
        filename: upload.metadata?.filename ?? "upload",
      };
      try {
        const item = await uploadMedia(ctx, file, upload.metadata?.event_id || undefined).catch(rethrow(ctx));
        return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(item) };
      } finally {
        // Stored (or refused): the received file is not needed any more either way.
        await datastore.remove(upload.id).catch(() => {});
      }
    },
    async onResponseError(_req, err) {
      if ("status_code" in err && err.status_code === 413) {
        return refusal(413, new UploadTooLarge(deps.maxUploadBytes).message);
      }
      return undefined;
    },
  });

  /** A refusal from the access module or ingestion, as tus answers it. */
  function rethrow(ctx: ApiContext) {
    return (err: unknown): never => {
      const { status, text } = describeError(err, ctx.log as FastifyRequest["log"]);
      throw refusal(status, text);
    };
  }

  // The chunks are read by tus from the request itself: Fastify leaves the body alone.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const ctx = await createContext(deps, request, reply);
    const { user } = requireMember(ctx);
    const id = request.params.id;
    if (id) {
      const upload = await datastore.getUpload(id).catch(() => undefined);
      requireOwnUpload(user, upload?.metadata?.owner);
    }
    reply.hijack();
    await member.run(ctx, () => tus.handle(request.raw, reply.raw));
  };
  app.post("/uploads", handle);
  // HEAD: where did it get to; PATCH: the next chunk; DELETE: the member cancelled it.
  app.route({ method: ["HEAD", "PATCH", "DELETE"], url: "/uploads/:id", handler: handle });
}
