import { createHash } from "node:crypto";
import { mayReadApiDescription } from "@club/api";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { json } from "../openapi/describe";
import { apiVersionOf, type OpenApiDocument, SERVER_VERSION } from "../openapi/document";
import { noSuchEndpoint } from "../rest/problem";

/**
 * GET /api/version: the server's version and the API version it speaks (`{version, apiVersion}`).
 * GET /api/openapi.json: the API's OpenAPI document, made at its first request and kept (making it
 * takes 80–150 ms, which every server start, and every test's, would pay for a page few ask for).
 * The access module makes it public, for anyone (so the session is not read: the rule does not
 * depend on who asks). Cached publicly for an hour; its ETag lets a client ask whether it changed (304).
 */
export async function openApiPlugin(app: FastifyInstance, { document }: { document: () => OpenApiDocument }) {
  let made: { body: string; etag: string } | undefined;
  const answer = () => {
    if (made) return made;
    const body = JSON.stringify(document());
    // Weak: the same document is sent compressed in different ways (brotli, gzip, none).
    made = { body, etag: `W/"${createHash("sha256").update(body).digest("base64url")}"` };
    return made;
  };
  // The version is the document's `info.version`, public as the document is; a deployment changes
  // it, so it is not kept by caches.
  app.get(
    "/api/version",
    {
      config: {
        openapi: {
          summary: "The server's version",
          access: "public",
          description:
            "The API version is the part a breaking change raises: the major number, or 0.minor while the version is 0.x. @club/client checks it on its first call.",
          answer: json(
            '`{"version":"0.1.0","apiVersion":"0.1"}`.',
            z.object({
              version: z.string().meta({ description: "The server's version." }),
              apiVersion: z.string().meta({ description: "The API version: what a breaking change raises." }),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      if (!mayReadApiDescription(null)) return noSuchEndpoint(request, reply);
      reply.header("Cache-Control", "no-cache");
      return { version: SERVER_VERSION, apiVersion: apiVersionOf(SERVER_VERSION) };
    },
  );
  app.get(
    "/api/openapi.json",
    {
      config: {
        openapi: {
          summary: "This document",
          access: "public",
          description: "Built at its first request and kept; cached an hour (ETag, If-None-Match answers 304).",
          answer: json(
            "The OpenAPI 3.1 document.",
            z.looseObject({
              openapi: z.string(),
              info: z.looseObject({ version: z.string() }),
              paths: z.looseObject({}),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { body, etag } = answer();
      if (!mayReadApiDescription(null)) return noSuchEndpoint(request, reply);
      reply.header("Cache-Control", "public, max-age=3600").header("ETag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(body);
    },
  );
}
