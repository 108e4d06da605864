import { rm } from "node:fs/promises";
import { join } from "node:path";
import { requireMember, requireTokenScope, setPortrait, uploadMedia } from "@club/api";
import { mediaGetAnswer, profileGetAnswer } from "@club/shared";
import multipart from "@fastify/multipart";
import { TRPCError } from "@trpc/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { json, uploadFields } from "../openapi/describe";
import { type ContextDeps, createContext } from "../plugins/trpc";
import { spoolToDisk } from "./spool";

const badRequest = (message: string) => new TRPCError({ code: "BAD_REQUEST", message });

/**
 * What the multipart parser (busboy) throws for a body that is not what its Content-Type says: no
 * boundary, or the body ends before its closing boundary (outside a file or inside one). Plain
 * errors, known only by their messages; the request's fault, not ours.
 */
const MALFORMED_MULTIPART = /unexpected end of multipart data|boundary not found/i;
const MALFORMED_MESSAGE =
  "The upload arrived incomplete or malformed (it is not complete multipart/form-data). Please choose the file and try again.";

interface SpooledFile {
  path: string;
  size: number;
  filename: string;
}

/** Reads one multipart request: the one file (spooled to disk) and its text fields, in any order. */
async function receive(
  request: FastifyRequest,
  fileField: string,
  tmpDir: string,
  limit: number,
): Promise<{ file: SpooledFile; fields: Record<string, string> }> {
  const received: { file?: SpooledFile; fields: Record<string, string> } = { fields: {} };
  const disconnected = new AbortController();
  const onClose = () => {
    if (!request.raw.complete) disconnected.abort(new Error("The client went away during the upload."));
  };
  request.raw.once("close", onClose);
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== fileField || received.file) {
          part.file.resume();
          throw badRequest(received.file ? "Upload one file at a time." : `Send the file in the "${fileField}" field.`);
        }
        const spooled = await spoolToDisk(part.file, tmpDir, limit, disconnected.signal);
        received.file = { ...spooled, filename: part.filename };
      } else if (typeof part.value === "string") {
        received.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (received.file) await rm(received.file.path, { force: true });
    if (err instanceof Error && !(err instanceof TRPCError) && MALFORMED_MULTIPART.test(err.message)) {
      throw badRequest(MALFORMED_MESSAGE);
    }
    throw err;
  } finally {
    request.raw.off("close", onClose);
  }
  const { file, fields } = received;
  if (!file)
    throw badRequest(
      fileField === "portrait" ? "Choose a photo for your portrait." : "Choose a photo or video to upload.",
    );
  return { file, fields };
}

/**
 * The spec's upload URLs: POST /upload-media (field `media`) and POST /upload-image (fields
 * `image`, `event_id`, `associated_event_id`). One file per request; type from its bytes.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  deps: ContextDeps & { tmpDir: string; maxUploadBytes: number },
) {
  await app.register(multipart, {
    // One byte over our own limit, so spoolToDisk's clearer error is the one that fires.
    limits: { files: 1, fileSize: deps.maxUploadBytes + 1, fields: 10, fieldSize: 1024, parts: 12 },
    throwFileSizeLimit: true,
  });

  // An answer given before the whole body arrived (not signed in; too large, on a big file) leaves the
  // rest of the body unread on the connection, where a reused keep-alive socket would stall the
  // client's next request. Closing the connection is cheaper than reading a large body to its end.
  app.addHook("onSend", async (request, reply) => {
    if (!request.raw.complete) reply.header("connection", "close");
  });

  async function handle(request: FastifyRequest, reply: FastifyReply, fileField: string) {
    const ctx = await createContext(deps, request, reply);
    // Members only (and a token whose scope allows uploads), checked before a byte is read.
    requireMember(ctx);
    requireTokenScope(ctx, `uploads.${fileField}`, "mutation");
    if (!request.isMultipart()) throw badRequest("Send the file as multipart/form-data.");
    const { file, fields } = await receive(request, fileField, deps.tmpDir, deps.maxUploadBytes);
    try {
      const eventRef = fields.associated_event_id || fields.event_id || undefined;
      return await uploadMedia(ctx, file, { eventRef, homeRef: fields.home_id || undefined });
    } finally {
      await rm(file.path, { force: true });
    }
  }

  /** Settings → Profile: her portrait (field `portrait`), a photo within the upload limit. */
  app.post(
    "/api/me/portrait",
    {
      config: {
        openapi: {
          summary: "Set her portrait",
          description: "A photo, cropped square around what draws the eye and stored without its metadata.",
          access: "member",
          multipart: { file: "portrait", fields: z.object({}) },
          answer: json("Her profile as Settings shows it (profile.get).", profileGetAnswer),
          limits: "One photo, up to MAX_UPLOAD_MB; the type is read from the bytes.",
        },
      },
    },
    async (request, reply) => {
      const ctx = await createContext(deps, request, reply);
      requireMember(ctx);
      requireTokenScope(ctx, "profile.portrait", "mutation");
      if (!request.isMultipart()) throw badRequest("Send the photo as multipart/form-data.");
      const { file } = await receive(request, "portrait", deps.tmpDir, deps.maxUploadBytes);
      try {
        return await setPortrait(ctx, file);
      } finally {
        await rm(file.path, { force: true });
      }
    },
  );

  app.post(
    "/upload-media",
    {
      config: {
        openapi: {
          summary: "Upload a photo or video to the gallery",
          idempotent: true,
          access: "member",
          multipart: { file: "media", fields: uploadFields },
          answer: json("The new media item.", mediaGetAnswer),
          limits: "One file per request, up to MAX_UPLOAD_MB; the type is read from the bytes.",
        },
      },
    },
    (request, reply) => handle(request, reply, "media"),
  );
  app.post(
    "/upload-image",
    {
      config: {
        openapi: {
          summary: "Upload an event image",
          idempotent: true,
          access: "member",
          multipart: { file: "image", fields: uploadFields },
          answer: json("The new media item.", mediaGetAnswer),
          limits: "One file per request, up to MAX_UPLOAD_MB; the type is read from the bytes.",
        },
      },
    },
    (request, reply) => handle(request, reply, "image"),
  );
}

export const uploadTmpDir = (dataDir: string) => join(dataDir, "tmp");
