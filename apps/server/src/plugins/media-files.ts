import { downloadName, eventDownloadList, requireMember, requireVisibleMediaObject } from "@club/api";
import { assertSafeKey } from "@club/storage";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance } from "fastify";
import { mediaZip } from "./media-zip";
import { type ContextDeps, createContext } from "./trpc";

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix`; one range (what video players ask for). */
export function parseRange(header: string, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, a = "", b = ""] = match;
  if (a === "" && b === "") return undefined;
  let start: number;
  let end: number;
  if (a === "") {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/**
 * Stored media, for the members who may see the item an object belongs to (the access module's
 * rule: not an invite-only event's media for those not part of it). Keys never change (a new
 * upload gets a new key), so answers are cached for a year, privately; Range requests let videos seek.
 */
export async function mediaFiles(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  const { store } = deps;
  app.get<{ Params: { "*": string }; Querystring: { download?: string } }>("/media/*", async (request, reply) => {
    const key = `media/${request.params["*"]}`;
    const ctx = await createContext(deps, request, reply);
    try {
      assertSafeKey(key);
    } catch {
      requireMember(ctx);
      return reply.code(404).send({ error: "Not found", message: "Not found" });
    }
    const item = await requireVisibleMediaObject(ctx, key);
    const head = await store.get(key, { start: 0, end: 0 });
    if (!head) return reply.code(404).send({ error: "Not found", message: "Not found" });
    head.stream.destroy();

    reply
      .header("Content-Type", head.contentType)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, max-age=31536000, immutable")
      .header("Accept-Ranges", "bytes")
      // `?download=1`: saved under the item's title instead of shown (the modal's Download link).
      .header("Content-Disposition", request.query.download ? contentDisposition(downloadName(item, key)) : "inline");
    const range = request.headers.range ? parseRange(request.headers.range, head.size) : undefined;
    if (range === "unsatisfiable") {
      return reply.code(416).header("Content-Range", `bytes */${head.size}`).send();
    }
    const object = await store.get(key, range);
    if (!object) return reply.code(404).send({ error: "Not found", message: "Not found" });
    if (range) {
      reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${head.size}`);
      reply.header("Content-Length", range.end - range.start + 1);
    } else {
      reply.header("Content-Length", head.size);
    }
    return reply.send(object.stream);
  });

  /** An event's photos and videos as one zip (mediaZip); only what the member may see is in it. */
  app.get<{ Params: { id: string } }>("/api/events/:id/media.zip", async (request, reply) => {
    const ctx = await createContext(deps, request, reply);
    const { event, files } = await eventDownloadList(ctx, request.params.id);
    const zip = await mediaZip(store, files, request.log);
    return reply
      .header("Content-Type", "application/zip")
      .header("Content-Disposition", contentDisposition(`${event.slug}-photos.zip`))
      .header("Cache-Control", "private, no-store")
      .send(zip);
  });
}
