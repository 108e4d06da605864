import {
  type ApiContext,
  downloadName,
  eventDownloadList,
  mailImageKeys,
  openDataExport,
  requireMailImage,
  requireMember,
  requirePortraitObject,
  requireVisibleMediaObject,
} from "@club/api";
import { assertSafeKey } from "@club/storage";
import { create as contentDisposition } from "content-disposition";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import rangeParser from "range-parser";
import { z } from "zod";
import { id } from "../openapi/describe";
import { sendProblem } from "../rest/problem";
import { mediaZip } from "./media-zip";
import { type ContextDeps, createContext } from "./trpc";

/** A file that is not there, or not hers to see: the same answer, so neither is told apart. */
const notFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(request, reply, { status: 404, text: "No such file." });

/** A key the store would refuse (`..`, odd characters): "not found" for a member, sign in for a visitor. */
function refusedKey(ctx: ApiContext, key: string): boolean {
  try {
    assertSafeKey(key);
    return false;
  } catch {
    requireMember(ctx);
    return true;
  }
}

/**
 * Stored media, for the members who may see the item an object belongs to (the access module's
 * rule: not an invite-only event's media for those not part of it). Keys never change (a new
 * upload gets a new key), so answers are cached for a year, privately; Range requests let videos seek.
 */
export async function mediaFiles(app: FastifyInstance, deps: ContextDeps): Promise<void> {
  const { store } = deps;
  app.get<{ Params: { "*": string }; Querystring: { download?: string } }>(
    "/media/*",
    {
      config: {
        openapi: {
          summary: "A stored photo, video or poster",
          description: "Range requests (one range) answer 206; `?download=1` saves under the item's title.",
          access: "member",
          params: z.object({ "*": z.string().meta({ description: "The object's key after /media/." }) }),
          answer: { kind: "file", description: "The file; cached privately for a year (keys never change)." },
        },
      },
    },
    async (request, reply) => {
      const key = `media/${request.params["*"]}`;
      const ctx = await createContext(deps, request, reply);
      if (refusedKey(ctx, key)) return notFound(request, reply);
      const item = await requireVisibleMediaObject(ctx, key);
      const head = await store.stat(key);
      if (!head) return notFound(request, reply);

      reply
        .header("Content-Type", head.contentType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, max-age=31536000, immutable")
        .header("Accept-Ranges", "bytes")
        // `?download=1`: saved under the item's title instead of shown (the modal's Download link).
        .header("Content-Disposition", request.query.download ? contentDisposition(downloadName(item, key)) : "inline");
      // One range (what video players ask for); several ranges, or another unit, get the whole object
      // (RFC 9110 lets a server ignore Range); a range that cannot be met, or is no range, is a 416.
      const ranges = request.headers.range ? rangeParser(head.size, request.headers.range, { combine: true }) : -2;
      if (ranges === -1) return reply.code(416).header("Content-Range", `bytes */${head.size}`).send();
      const range = ranges !== -2 && ranges.type === "bytes" && ranges.length === 1 ? ranges[0] : undefined;
      const object = await store.get(key, range);
      if (!object) return notFound(request, reply);
      if (range) {
        reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${head.size}`);
        reply.header("Content-Length", range.end - range.start + 1);
      } else {
        reply.header("Content-Length", head.size);
      }
      return reply.send(object.stream);
    },
  );

  /**
   * Members' portraits, for members (the access module's rule): like media, a new portrait gets new
   * keys, so the copies are cached for a year.
   */
  app.get<{ Params: { "*": string } }>(
    "/portraits/*",
    {
      config: {
        openapi: {
          summary: "A member's portrait",
          access: "member",
          params: z.object({ "*": z.string().meta({ description: "The object's key after /portraits/." }) }),
          answer: { kind: "file", description: "A square WebP; cached privately for a year (keys never change)." },
        },
      },
    },
    async (request, reply) => {
      const key = `portraits/${request.params["*"]}`;
      const ctx = await createContext(deps, request, reply);
      if (refusedKey(ctx, key)) return notFound(request, reply);
      await requirePortraitObject(ctx, key);
      const object = await store.get(key);
      if (!object) return notFound(request, reply);
      return reply
        .header("Content-Type", "image/webp")
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, max-age=31536000, immutable")
        .send(object.stream);
    },
  );

  /**
   * A gallery photo inside a group e-mail, for the reader's mail program, which has no session: the
   * token is signed for that photo, and it is served while every member may see it (the access
   * module's `requireMailImage`). Public, so mail providers' image proxies may keep it for a day.
   */
  app.get<{ Params: { token: string } }>(
    "/mail-images/:token",
    {
      config: {
        openapi: {
          summary: "A gallery photo in a group e-mail",
          description:
            "For the readers' mail programs, with no session: the token is the club's signature for one photo (from adminMail.photos), served while every member may see the photo.",
          access: "public",
          params: z.object({ token: z.string().meta({ description: "The photo's id and its signature." }) }),
          answer: { kind: "file", description: "The photo's medium copy (WebP); cached publicly for a day." },
        },
      },
    },
    async (request, reply) => {
      const keys = await mailImageKeys(deps.db, deps.config);
      const { key } = await requireMailImage(deps, keys, request.params.token);
      const head = await store.stat(key);
      const object = head ? await store.get(key) : null;
      if (!head || !object) return notFound(request, reply);
      return reply
        .header("Content-Type", head.contentType)
        .header("Content-Length", head.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "public, max-age=86400")
        .send(object.stream);
    },
  );

  /** An event's photos and videos as one zip (mediaZip); only what the member may see is in it. */
  app.get<{ Params: { id: string } }>(
    "/api/events/:id/media.zip",
    {
      config: {
        openapi: {
          summary: "An event's photos and videos as one zip",
          access: "member",
          params: id("events.get"),
          answer: { kind: "zip", description: "Only what the member may see is in it." },
        },
      },
    },
    async (request, reply) => {
      const ctx = await createContext(deps, request, reply);
      const { event, files } = await eventDownloadList(ctx, request.params.id);
      const zip = await mediaZip(store, files, request.log);
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", contentDisposition(`${event.slug}-photos.zip`))
        .header("Cache-Control", "private, no-store")
        .send(zip);
    },
  );

  /**
   * A copy of her data ("Download my data"): hers alone, from a browser session (the access
   * module's data-export rules); an expired link is a 410 telling her to ask for a new one.
   */
  app.get<{ Params: { id: string } }>(
    "/api/me/data-export/:id",
    {
      config: {
        openapi: {
          summary: "Download a copy of her data",
          description:
            "The zip made by `dataExport.request`: `data.json` and the files she uploaded. Signed in in a browser (no API token); another member's is 404; after 24 hours, 410.",
          access: "member, own data export",
          params: z.object({ id: z.uuid().meta({ description: "The export's id, from `dataExport.list`." }) }),
          answer: { kind: "zip", description: "data.json and her uploads' files." },
        },
      },
    },
    async (request, reply) => {
      const ctx = await createContext(deps, request, reply);
      const file = await openDataExport(ctx, request.params.id);
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Length", file.size)
        .header("Content-Disposition", contentDisposition(file.fileName))
        .header("Cache-Control", "private, no-store")
        .send(file.stream);
    },
  );
}
