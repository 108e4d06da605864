// How a REST route describes itself for the OpenAPI document: the shape of its description
// (`config: { openapi: … }` on the route), the helpers descriptions share, and the collector that
// reads them as routes are added. The document itself is made in document.ts.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { objectInput } from "./procedures";

export { fieldsOf, objectInput } from "./procedures";

/** Who may call a URL that calls no procedure (a procedure's URL is its procedure's). */
export type RestAccess =
  | "public"
  | "member"
  | "signed in"
  | "admin"
  | "metrics token"
  | "calendar secret"
  | "member, own uploads"
  | "member, own data export";

/** What a REST URL answers when it succeeds. */
export type Answer =
  /** `schema`: the answer's own; without it, the called procedure's answer, passed on as it is. */
  | { kind: "json"; status?: number; description: string; schema?: z.ZodType }
  | { kind: "text" | "csv" | "calendar" | "zip" | "file" | "metrics"; description: string }
  | { kind: "empty"; status: number; description: string };

export interface RestOperation {
  summary: string;
  description?: string;
  /** The procedure the shim calls: its access rule applies and its zod input checks the fields. */
  procedure?: string;
  access?: RestAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; `multipart` names the file field and the text fields of an upload. */
  body?: z.ZodObject;
  multipart?: { file: string; fields: z.ZodObject };
  /** The tus protocol's request (resumable uploads). */
  tus?: true;
  answer: Answer;
  /** Refusals are plain text (the spec's client shows them as they are), not the JSON error. */
  textErrors?: true;
  /**
   * A create a retry must not make twice: it takes an `Idempotency-Key` header, and a retry with the
   * same key gets the first answer again (plugins/idempotency.ts).
   */
  idempotent?: true;
  /** This URL's limits, in words (the table in docs/operating.md, "Limits", has them all). */
  limits?: string;
}

/** A JSON answer: its words, and its schema when it is not the called procedure's answer as it is. */
export const json = (description: string, schema?: z.ZodType): Answer => ({
  kind: "json",
  description,
  ...(schema ? { schema } : {}),
});
/** A path parameter that is one of the procedure's input fields (`field`), under the URL's name (`as`). */
export const id = (path: string, field = "id", as = field) =>
  z.object({ [as]: objectInput(path).shape[field] as z.ZodType });
/** `?offset=` of the whole-list URLs that page by offset. */
export const offsetQuery = z.object({
  offset: z.number().int().min(0).max(1_000_000).optional().meta({ description: "Rows to skip (the Link header's)." }),
});
export const tusHeaders =
  "Tus-Resumable: 1.0.0 and the tus protocol's headers (https://tus.io/protocols/resumable-upload)";
export const uploadFields = z.object({
  associated_event_id: z.uuid().optional().meta({ description: "The event the file belongs to (one it may see)." }),
  event_id: z.uuid().optional().meta({ description: "The same, under the name /upload-image also accepts." }),
  home_id: z
    .uuid()
    .optional()
    .meta({ description: "A home of hers (its host or an admin): the photo is the home's, not the gallery's." }),
});

declare module "fastify" {
  interface FastifyContextConfig {
    /** What the OpenAPI document says of this route: each REST route describes itself. */
    openapi?: RestOperation;
  }
}

/**
 * The routes as they are added, each with its description (`config.openapi`), keyed
 * `METHOD /path` as Fastify registers it. Added to the app before its routes, so it sees them all.
 */
export function describedRoutes(app: FastifyInstance): Map<string, RestOperation | undefined> {
  const routes = new Map<string, RestOperation | undefined>();
  app.addHook("onRoute", (route) => {
    // A route that hides itself from API documents is not part of the API: @fastify/static adds
    // one so for each file of the web build (its `.br`, `.gz`, `.map` and `/ssr/` files too).
    const hidden =
      typeof route.schema === "object" && route.schema !== null && "hide" in route.schema && route.schema.hide === true;
    if (hidden) return;
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route.config?.openapi);
  });
  return routes;
}
