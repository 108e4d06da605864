import { IDEMPOTENCY_KEEP_HOURS, IDEMPOTENCY_KEY } from "@club/api";
import { SESSION_COOKIE } from "@club/auth";
import { z } from "zod";
import { createDocument, createSchema, type oas31, type ZodOpenApiOperationObject } from "zod-openapi";
import serverPackage from "../../package.json" with { type: "json" };
import { PROBLEM_TYPE } from "../rest/problem";
import type { Answer, RestAccess, RestOperation } from "./describe";
import { type Limit, limitsTable } from "./limits";
import { type ProcedureInfo, procedure, procedures } from "./procedures";
import { webhookOperations } from "./webhooks";

/** The server's version: the document's `info.version`, and `GET /api/version`'s. */
export const SERVER_VERSION = serverPackage.version;

/**
 * The part of a version that a breaking change raises (docs/integrating.md, "For callers in other languages"):
 * the major number, or "0.minor" while it is 0.x. A client made for one API version works with
 * every server of the same one; `@club/client` checks it on its first call.
 */
export function apiVersionOf(version: string): string {
  const [major = "0", minor = "0"] = version.split(".");
  return major === "0" ? `0.${minor}` : major;
}

const fieldErrors = z
  .record(z.string(), z.array(z.string()))
  .meta({ description: "Each invalid field's messages, by its dotted path." });

const restError = z
  .object({
    type: z.literal("about:blank").meta({ description: "No problem type of its own: the status says what kind." }),
    title: z.string().meta({ description: "The status's phrase (Bad Request, Not Found…)." }),
    status: z.number().int().meta({ description: "The HTTP status, as sent." }),
    detail: z.string().meta({ description: "What went wrong, in words a person can act on." }),
    code: z.string().meta({
      description:
        "tRPC's code for it, as a procedure's refusal carries: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND…",
    }),
    requestId: z
      .string()
      .meta({ description: "The request's id, as in the X-Request-Id header and the server's log." }),
    error: z.string().meta({ description: "The same text as `detail` (the spec's client reads it)." }),
    message: z.string().meta({ description: "The same text again (the spec's client reads either)." }),
    fieldErrors: fieldErrors.optional(),
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .meta({ description: "On 429 and 503: seconds to wait, as the Retry-After header says." }),
  })
  .meta({
    id: "Problem",
    description: "A REST URL's refusal: problem details (RFC 9457), sent as application/problem+json.",
  });

const superjsonMeta = z
  .object({
    values: z.record(z.string(), z.unknown()).optional(),
    referentialEqualities: z.record(z.string(), z.unknown()).optional(),
    v: z.number().int().optional().meta({ description: "superjson's format version." }),
  })
  .meta({ description: "superjson's notes on values JSON cannot carry (dates, sets, maps, bigints…)." });

const trpcError = z
  .object({
    error: z.object({
      json: z.object({
        message: z.string().meta({ description: "What went wrong, in words a person can act on." }),
        code: z.number().int().meta({ description: "The JSON-RPC code (-32600 bad request, -32001 unauthorized…)." }),
        data: z.object({
          code: z.string().meta({ description: "tRPC's code: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND…" }),
          httpStatus: z.number().int(),
          fieldErrors: fieldErrors.optional(),
          retryAfterSeconds: z
            .number()
            .int()
            .optional()
            .meta({ description: "On a 429 of a limit: when to try again (also the Retry-After header)." }),
        }),
      }),
    }),
  })
  .meta({ id: "TrpcError", description: "A procedure's refusal (superjson-wrapped)." });

/** A procedure's answer as it arrives: superjson's `{json, meta?}` in tRPC's `{result:{data}}`. */
const trpcResult = (answer: z.ZodType) =>
  z.object({
    result: z.object({
      data: z.object({
        json: answer,
        meta: superjsonMeta.optional(),
      }),
    }),
  });

/** A live stream's events (server-sent events), not JSON. */
const eventStream: oas31.SchemaObject = {
  type: "string",
  description:
    "Server-sent events (text/event-stream). Each event's `data` is one message of the stream in superjson's `{json, meta?}`, and its `id` what a reconnecting client sends back (`lastEventId` in the input) to go on from there. The stream stays open while the caller listens.",
};

const SCHEMES = { bearer: "bearerAuth", session: "sessionCookie", metrics: "metricsToken" } as const;
const signedIn: oas31.SecurityRequirementObject[] = [{ [SCHEMES.bearer]: [] }, { [SCHEMES.session]: [] }];

function securityOf(access: RestAccess): oas31.SecurityRequirementObject[] {
  if (access === "public" || access === "calendar secret") return [];
  if (access === "metrics token") return [{ [SCHEMES.metrics]: [] }];
  return signedIn;
}

const ACCESS_WORDS: Record<RestAccess, string> = {
  public: "Anyone (no session needed).",
  member: "Signed-in members (401 otherwise; 403 while a temporary password must be replaced).",
  "signed in": "Signed-in members, also while a temporary password must be replaced (401 otherwise).",
  admin: "Administrators (401 when not signed in, 403 for other members).",
  "metrics token": "The monitoring that holds METRICS_TOKEN.",
  "calendar secret": "Whoever holds the feed's secret URL.",
  "member, own uploads": "Signed-in members; an upload only by the member who began it.",
  "member, own data export": "The member who asked for it, signed in in a browser (no API token).",
};

const accessOfProcedure = (p: ProcedureInfo): RestAccess =>
  p.access === "member" && p.allowWhilePasswordChangeRequired ? "signed in" : p.access;

/** Fastify's `/api/events/:id` and `/media/*` as OpenAPI paths. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, "{$1}").replace("*", "{key}");

const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join("");

function successOf(answer: Answer, answerSchema: z.ZodType | undefined): ZodOpenApiOperationObject["responses"] {
  const types: Record<Exclude<Answer["kind"], "json" | "empty">, string> = {
    text: "text/plain",
    csv: "text/csv",
    calendar: "text/calendar",
    zip: "application/zip",
    file: "application/octet-stream",
    metrics: "text/plain",
  };
  if (answer.kind === "empty") return { [String(answer.status)]: { description: answer.description } };
  if (answer.kind === "json") {
    if (!answerSchema) throw new Error(`${answer.description}: a JSON answer needs its schema`);
    const content = { "application/json": { schema: answerSchema } };
    return { [String(answer.status ?? 200)]: { description: answer.description, content } };
  }
  const schema: oas31.SchemaObject =
    answer.kind === "zip" || answer.kind === "file" ? { format: "binary" } : { type: "string" };
  return { "200": { description: answer.description, content: { [types[answer.kind]]: { schema } } } };
}

/** The header of a create that a retry must not make twice (plugins/idempotency.ts). */
const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY)
    .optional()
    .meta({
      description: `A key of the caller's choosing (a UUID, say), the same on every retry of this request. For ${IDEMPOTENCY_KEEP_HOURS} hours a request with it and the same URL and body is answered with the first one's answer; with another body it is refused (422); while the first is still being handled, 409.`,
    }),
});

const RETRYING_SAFELY =
  "**Retrying safely:** send an `Idempotency-Key`; a retry with the same key and request gets the first answer again (`Idempotent-Replayed: true`) instead of a second creation.";

function restOperation(key: string, op: RestOperation): [path: string, method: string, ZodOpenApiOperationObject] {
  const [method = "", url = ""] = key.split(" ");
  const path = openApiPath(url);
  const called = op.procedure ? procedure(op.procedure) : undefined;
  const access = op.access ?? (called ? accessOfProcedure(called) : undefined);
  if (!access) throw new Error(`${key}: say who may call it (access) or which procedure it calls`);
  const params = op.params && "*" in op.params.shape ? z.object({ key: op.params.shape["*"] as z.ZodType }) : op.params;
  const description = [
    op.description,
    `**Who:** ${ACCESS_WORDS[access]}`,
    called ? `Calls the procedure \`${called.path}\` (the same rules and validation as \`/trpc/${called.path}\`).` : "",
    op.limits ? `**Limits:** ${op.limits}` : "",
    op.idempotent ? RETRYING_SAFELY : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const errors = op.textErrors || op.tus ? { "text/plain": { schema: { type: "string" as const } } } : undefined;
  const refusal = { description: "Refused", content: errors ?? { [PROBLEM_TYPE]: { schema: restError } } };
  const operation: ZodOpenApiOperationObject = {
    operationId: operationIdOf(method, path),
    summary: op.summary,
    description,
    tags: [tagOf(url)],
    security: securityOf(access),
    ...(params || op.query || op.idempotent
      ? {
          requestParams: {
            ...(params ? { path: params } : {}),
            ...(op.query ? { query: op.query } : {}),
            ...(op.idempotent ? { header: idempotencyHeader } : {}),
          },
        }
      : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    ...(op.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: op.multipart.fields.extend({
                  [op.multipart.file]: z.string().meta({ format: "binary", description: "The one file." }),
                }),
              },
            },
          },
        }
      : {}),
    ...(op.tus && method === "PATCH"
      ? {
          requestBody: {
            required: true,
            content: { "application/offset+octet-stream": { schema: { type: "string", format: "binary" } } },
          },
        }
      : {}),
    responses: {
      ...successOf(op.answer, answerSchemaOf(op, called)),
      "4XX": refusal,
      "5XX": { ...refusal, description: "Failed on the server's side" },
    },
  };
  return [path, method.toLowerCase(), operation];
}

/** A JSON answer's schema: its own, else the procedure's answer the shim passes on as it is. */
function answerSchemaOf(op: RestOperation, called: ProcedureInfo | undefined): z.ZodType | undefined {
  if (op.answer.kind !== "json") return undefined;
  return op.answer.schema ?? called?.output;
}

const tagOf = (url: string) => {
  const segments = url.split("/").filter(Boolean);
  const first = segments[0] === "api" ? segments[1] : segments[0];
  return `REST: ${(first ?? "").replace(/\..*$/, "")}`;
};

/** The body or the `input` parameter of a procedure: its zod input, as superjson wraps it. */
const wrapped = (input: z.ZodType) =>
  z.object({ json: input, meta: superjsonMeta.optional() }).meta({ description: "superjson: `{json, meta?}`." });

function procedureOperation(p: ProcedureInfo): [path: string, method: string, ZodOpenApiOperationObject] {
  const takesNothing = !p.input || p.input.safeParse(undefined).success;
  const description = [
    `**Who:** ${ACCESS_WORDS[accessOfProcedure(p)]}`,
    p.type === "query"
      ? `A query: \`GET /trpc/${p.path}?input=\` and the URL-encoded JSON \`{"json": <input>}\`.`
      : p.type === "subscription"
        ? `A live stream: \`GET /trpc/${p.path}?input=\` and the URL-encoded JSON \`{"json": <input>}\`, answered as server-sent events (\`text/event-stream\`) for as long as the caller listens.`
        : `A mutation: \`POST /trpc/${p.path}\` with the JSON body \`{"json": <input>}\`.`,
    p.type === "subscription"
      ? "Each event's `data` is `{json: <message>, meta?}`; `meta` (superjson) marks values such as dates, which arrive as ISO strings in `json`."
      : "The answer is `{result:{data:{json: <answer>, meta?}}}`; `meta` (superjson) marks values such as dates, which arrive as ISO strings in `json`.",
  ].join("\n\n");
  const operation: ZodOpenApiOperationObject = {
    operationId: p.path,
    summary: `${p.type} ${p.path}`,
    description,
    tags: [`tRPC: ${p.path.split(".")[0]}`],
    security: p.access === "public" ? [] : signedIn,
    responses: {
      "200": p.output
        ? { description: "The answer", content: { "application/json": { schema: trpcResult(p.output) } } }
        : { description: "The stream", content: { "text/event-stream": { schema: eventStream } } },
      "4XX": { description: "Refused", content: { "application/json": { schema: trpcError } } },
      "5XX": { description: "Failed on the server's side", content: { "application/json": { schema: trpcError } } },
    },
  };
  // Queries and live streams take their input in the address (a stream is a GET: tRPC answers a
  // POST to one with a refusal inside a 200 event stream).
  const asked = p.type === "query" || p.type === "subscription";
  if (p.input && asked) {
    const { schema, components } = createSchema(wrapped(p.input), { io: "input" });
    if (components && Object.keys(components).length > 0) throw new Error(`${p.path}: a named schema in its input`);
    operation.parameters = [
      { name: "input", in: "query", required: !takesNothing, content: { "application/json": { schema } } },
    ];
  } else if (p.input) {
    operation.requestBody = { required: !takesNothing, content: { "application/json": { schema: wrapped(p.input) } } };
  }
  // A member's mutation retried with its key is done once (plugins/idempotency.ts), alone or in a
  // batch; a visitor's has no one to keep the key for.
  if (p.type === "mutation" && p.access !== "public") {
    operation.requestParams = { header: idempotencyHeader };
    operation.description = `${description}\n\n${RETRYING_SAFELY}`;
  }
  return [`/trpc/${p.path}`, asked ? "get" : "post", operation];
}

function describe(limits: Limit[]): string {
  return `The club's HTTP API: the REST URLs of the product's specification, the upload routes, and every tRPC procedure.

**Authentication.** Scripts send an API token as \`Authorization: Bearer club_…\` (made in Settings or with \`club token create\`). A token has a scope: \`read\` calls queries only, \`seed\` adds what \`club seed\` writes, \`admin\` may do all its owner may; no token may create, list or revoke tokens, and none has more rights than its owner. A browser session is the \`${SESSION_COOKIE}\` cookie set by \`POST /login\`; requests that change something with a cookie must carry the site's own \`Origin\` header (bearer requests need none).

**REST URLs** take and give plain JSON. Every refusal is problem details (RFC 9457) as \`application/problem+json\`: \`{"type": "about:blank", "title", "status", "detail", "code", "requestId", "error", "message", "fieldErrors"?, "retryAfterSeconds"?}\`, where \`detail\`, \`error\` and \`message\` carry the same text, \`code\` is tRPC's code for it (as a procedure's refusal says) and \`requestId\` the X-Request-Id header's (\`/forgot-password\` and \`/reset-password\` answer plain text, as the specification has it, as do the tus upload routes).

**tRPC procedures** are at \`/trpc/<procedure>\` and use superjson: a query is \`GET /trpc/<procedure>?input=<URL-encoded JSON {"json": input}>\`, a mutation is \`POST /trpc/<procedure>\` with the body \`{"json": input}\`. The answer is \`{"result": {"data": {"json": answer, "meta"?: ...}}}\`; a refusal is \`{"error": {"json": {"message", "code", "data": {"code", "httpStatus", "fieldErrors"?}}}}\`. Several calls may go in one request (\`?batch=1\`, inputs keyed "0", "1"…).

**Answers' shapes** are generated, like the inputs, from the server's zod schemas: each procedure's output schema, which the server checks every answer against, and a REST URL's own where its answer is not the procedure's as it is. Dates are ISO 8601 strings (\`format: date-time\`); in a tRPC answer superjson's \`meta\` says which.

**Versioning.** \`info.version\` is the server's version. The document is checked into the repository (docs/openapi.json) and a test fails when the server's differs, so every change to the contract shows in review; see docs/integrating.md, "For callers in other languages".

**Limits**

${limitsTable(limits)}
A request that counts against a limit of tries from one address, one device, one member or one API token says how many are left, as the IETF draft "RateLimit header fields for HTTP" writes them: \`RateLimit-Policy: "login-ip";q=10;w=600\` (10 tries per 600 seconds) and \`RateLimit: "login-ip";r=7;t=540\` (7 left; the window ends in 540 seconds). A count kept per account or per e-mail typed is not told (it would tell of other people's tries).
`;
}

export type OpenApiDocument = ReturnType<typeof createDocument>;

export interface DocumentOptions {
  /** The site's origin (APP_ORIGIN): the document's server. */
  origin: string;
  limits: Limit[];
  /** The app's routes as registered (`METHOD /path`), each with its own description. */
  routes: ReadonlyMap<string, RestOperation | undefined>;
}

/**
 * What Fastify registers that is not a REST route of ours, and why: a HEAD that Fastify adds beside
 * every GET (same handler, no body); tRPC's endpoint `/trpc/:path`, described procedure by procedure;
 * `/index.html`, a file of the web build (@fastify/static).
 */
export const isNotOurRoute = (method: string, url: string, routes: { has(key: string): boolean }) =>
  (method === "HEAD" && routes.has(`GET ${url}`)) || url === "/trpc/:path" || url === "/index.html";

/** Each REST route's description, or an error naming the routes added without one. */
export function restOperationsOf(routes: DocumentOptions["routes"]): [key: string, RestOperation][] {
  const ours = [...routes].filter(([key]) => {
    const [method = "", url = ""] = key.split(" ");
    return !isNotOurRoute(method, url, routes);
  });
  const undescribed = ours.filter(([, op]) => !op).map(([key]) => key);
  if (undescribed.length > 0) {
    throw new Error(
      `Routes without a description (config.openapi) for the OpenAPI document: ${undescribed.join(", ")}`,
    );
  }
  return ours as [string, RestOperation][];
}

const built = new WeakMap<DocumentOptions["routes"], Map<string, OpenApiDocument>>();

/**
 * The document for these options, made once per app's routes and options: a tenth of a second of
 * work, the same for every request.
 */
export function openApiDocument(options: DocumentOptions): OpenApiDocument {
  const key = JSON.stringify({ origin: options.origin, limits: options.limits });
  let byOptions = built.get(options.routes);
  if (!byOptions) {
    byOptions = new Map();
    built.set(options.routes, byOptions);
  }
  let document = byOptions.get(key);
  if (!document) {
    document = buildOpenApiDocument(options);
    byOptions.set(key, document);
  }
  return document;
}

/** The OpenAPI 3.1 document of every REST URL and procedure, generated from their zod schemas. */
export function buildOpenApiDocument(options: DocumentOptions): OpenApiDocument {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  const add = ([path, method, op]: [string, string, ZodOpenApiOperationObject]) => {
    paths[path] ??= {};
    paths[path][method] = op;
  };
  for (const [key, op] of restOperationsOf(options.routes)) add(restOperation(key, op));
  for (const p of procedures()) add(procedureOperation(p));
  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "club", version: SERVER_VERSION, description: describe(options.limits) },
      servers: [{ url: options.origin }],
      security: signedIn,
      components: {
        securitySchemes: {
          [SCHEMES.bearer]: {
            type: "http",
            scheme: "bearer",
            description:
              "An API token (`club_…`), made in Settings or with `club token create`; it acts as the member who made it, within its scope (read, seed or admin).",
          },
          [SCHEMES.session]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The browser's session, set by POST /login.",
          },
          [SCHEMES.metrics]: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, for /metrics only." },
        },
      },
      paths,
      webhooks: webhookOperations(),
    },
    {
      // JSON carries a date as its ISO string (Fastify's serialiser and superjson's `json` alike).
      override: ({ jsonSchema, zodSchema, io }) => {
        if (zodSchema._zod.def.type === "date" && io === "output") {
          jsonSchema.type = "string";
          jsonSchema.format = "date-time";
        }
        // Answers may gain fields (docs/integrating.md, "Versioning"): an answer's object does not
        // forbid the ones it does not list, or a client that validates would break on the first new
        // one. zod writes `additionalProperties: false` for every object it parses answers with; the
        // server still sends only what each schema lists (its answer check strips the rest), and the
        // tests check answers with the objects closed again (test/document-answers.ts).
        if (io === "output" && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      },
      // A passkey's options may carry binary extension values (never sent as JSON by this server).
      allowEmptySchema: { custom: true },
    },
  );
}
