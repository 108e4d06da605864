import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appRouter } from "@club/api";
import { createApiToken } from "@club/auth";
import { API_VERSION, CLIENT_VERSION } from "@club/client";
import { users } from "@club/db";
import { eq } from "@club/db/orm";
import { WEBHOOK_PING, webhookEventTypeNames } from "@club/shared";
import { Validator } from "@seriousme/openapi-schema-validator";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentAnswers } from "../test/document-answers";
import { addUser, type Harness, startApp } from "../test/harness";
import { apiVersionOf, isNotOurRoute, openApiPath, restOperationsOf, SERVER_VERSION } from "./document";

let h: Harness;
let url: string;
type Document = {
  openapi: string;
  info: { version: string; description: string };
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
};
type JsonSchema = { properties?: Record<string, JsonSchema>; const?: string; required?: string[]; $ref?: string };
let document: Document;

beforeAll(async () => {
  h = await startApp({ maxUploadBytes: 7 * 1024 * 1024 });
  await addUser(h, { email: "fay@club.test", name: "Fay", type: "Founding" });
  url = await h.app.listen({ port: 0, host: "127.0.0.1" });
  // The parts of the document these tests read (the validator checks the whole of it).
  document = (await (await fetch(`${url}/api/openapi.json`)).json()) as Document;
});
afterAll(() => h.close());

describe("GET /api/openapi.json", () => {
  it("is served to anyone, without a session, cached, with an ETag that answers 304", async () => {
    const res = await fetch(`${url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await fetch(`${url}/api/openapi.json`, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("is a valid OpenAPI 3.1 document, versioned as the server", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.info.version).toBe(SERVER_VERSION);
  });

  it("answers the server's version and API version at /api/version, which the client's match", async () => {
    const res = await fetch(`${url}/api/version`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ version: SERVER_VERSION, apiVersion: apiVersionOf(SERVER_VERSION) });
    // Released together: the client says the version it is, and speaks the server's API version.
    const clientPackage = JSON.parse(
      readFileSync(new URL("../../../../packages/client/package.json", import.meta.url), "utf8"),
    );
    expect(CLIENT_VERSION).toBe(clientPackage.version);
    expect(CLIENT_VERSION).toBe(SERVER_VERSION);
    expect(API_VERSION).toBe(apiVersionOf(SERVER_VERSION));
  });

  it("counts a breaking change in the major number, or the minor one while it is 0.x", () => {
    expect(apiVersionOf("0.1.0")).toBe("0.1");
    expect(apiVersionOf("0.1.7")).toBe("0.1");
    expect(apiVersionOf("0.2.0")).toBe("0.2");
    expect(apiVersionOf("1.4.2")).toBe("1");
    expect(apiVersionOf("2.0.0")).toBe("2");
  });

  it("has every REST route the app registers, and nothing it does not", () => {
    const registered = new Set(h.routes.map((r) => `${r.method} ${r.url}`));
    const ours = [...registered].filter((key) => {
      const [method = "", path = ""] = key.split(" ");
      return !isNotOurRoute(method, path, registered);
    });
    // Each describes itself on its route; one added without a description stops the document.
    expect(ours.filter((key) => !h.described.get(key))).toEqual([]);
    expect(restOperationsOf(h.described).map(([key]) => key)).toEqual(ours);
    expect(() => restOperationsOf(new Map([...h.described, ["GET /api/undescribed", undefined]]))).toThrow(
      "Routes without a description (config.openapi) for the OpenAPI document: GET /api/undescribed",
    );
    const missing = ours.filter((key) => {
      const [method = "", path = ""] = key.split(" ");
      return !document.paths[openApiPath(path)]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it("has every procedure at /trpc/<path>, queries and live streams as GET, mutations as POST", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const missing = Object.entries(procedures).filter(
      ([path, p]) => !document.paths[`/trpc/${path}`]?.[p._def.type === "mutation" ? "post" : "get"],
    );
    expect(missing.map(([path]) => path)).toEqual([]);
    expect(Object.keys(document.paths).filter((p) => p.startsWith("/trpc/")).length).toBe(
      Object.keys(procedures).length,
    );
  });

  it("describes a live stream as the server answers it: a GET whose answer is an event stream", async () => {
    // It said POST once: tRPC answers a POST to a stream with a refusal inside a 200 event stream.
    const live = document.paths["/trpc/notifications.live"] as unknown as Record<
      string,
      { responses: Record<string, { content: Record<string, unknown> }> }
    >;
    expect(Object.keys(live)).toEqual(["get"]);
    expect(Object.keys(live.get!.responses["200"]!.content)).toEqual(["text/event-stream"]);
    const [fay] = await h.db.db.select().from(users).where(eq(users.email, "fay@club.test"));
    const { token } = await createApiToken(h.db.db, { userId: fay!.id, name: "live", scope: "read" });
    const controller = new AbortController();
    const res = await fetch(
      `${url}/trpc/notifications.live?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`,
      {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // After tRPC's own "connected" event, its first message: the bell's counts, with an id to go on from.
    const reader = res.body!.getReader();
    let text = "";
    while (!/\nid: \S+\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [, data, id] = /data: (.*)\nid: (\S+)\n/.exec(text)!;
    expect(id).toBeTruthy();
    expect(JSON.parse(data!)).toMatchObject({ json: { unread: 0 } });
  });

  it("says who may call what: public, member and admin procedures and URLs", () => {
    expect(document.paths["/trpc/auth.login"]?.post?.security).toEqual([]);
    expect(document.paths["/trpc/events.list"]?.get?.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(document.paths["/trpc/users.list"]?.get).toMatchObject({
      description: expect.stringContaining("Administrators"),
    });
    expect(document.paths["/api/openapi.json"]?.get?.security).toEqual([]);
    expect(document.paths["/trpc/events.list"]?.get?.parameters?.map((p) => p.name)).toEqual(["input"]);
  });

  it("describes what each webhook message carries, in its webhooks: every event and the test message", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...webhookEventTypeNames, WEBHOOK_PING].sort());
    const body = (type: string) => document.webhooks[type]?.post.requestBody.content["application/json"]?.schema;
    expect(body("comment.created")).toMatchObject({
      required: ["type", "timestamp", "data"],
      properties: {
        type: { const: "comment.created" },
        data: { required: ["id", "commentableId", "commentableType", "authorId", "content"] },
      },
    });
    expect(body("webhook.ping")?.properties?.data?.required).toEqual(["webhook_id", "name"]);
  });

  it("states the limits this server runs with", () => {
    expect(document.info.description).toContain("| Upload size (photo or video, `MAX_UPLOAD_MB`) | 7 MB per file |");
    expect(document.info.description).toContain("10 tries per 10 minutes");
  });
});

describe("answers that gain a field", () => {
  /** The answer with a field added to it, and to the first object inside it (each item of a list). */
  function withNewField(answer: unknown): unknown {
    const added = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(added);
      if (typeof value !== "object" || value === null) return value;
      const entries = Object.entries(value);
      const inner = entries.findIndex(([, v]) => typeof v === "object" && v !== null && !Array.isArray(v));
      if (inner >= 0) entries[inner] = [entries[inner]![0], added(entries[inner]![1])];
      return { ...Object.fromEntries(entries), added_in_a_later_version: true };
    };
    return added(answer);
  }

  it("still match the document, which forbids no field in an answer", async () => {
    // The published answers are open: `additionalProperties: false` nowhere in them.
    const answers = JSON.stringify(Object.values(document.paths).map((ops) => Object.values(ops)));
    expect(answers).not.toContain('"additionalProperties":false');

    const [fay] = await h.db.db.select().from(users).where(eq(users.email, "fay@club.test"));
    const { token } = await createApiToken(h.db.db, { userId: fay!.id, name: "fields", scope: "admin" });
    const get = async (path: string) =>
      (await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const created = await fetch(`${url}/api/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Open fields", is_physical: true, city: "Boston" }),
    });
    const { id } = (await created.json()) as { id: string };
    const real: [method: string, route: string, answer: unknown][] = [
      ["GET", "/api/events", await get("/api/events")],
      ["GET", "/api/events/:id", await get(`/api/events/${id}`)],
      ["GET", "/user-details", await get("/user-details")],
      [
        "GET",
        "/trpc/events.get",
        await get(`/trpc/events.get?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`),
      ],
    ];
    // As a client that validates what it reads with the published document (Ajv, JSON Schema 2020-12).
    const client = documentAnswers(document as never, { closed: false });
    // As the tests check what the server sends: only what the document lists.
    const server = documentAnswers(document as never, { closed: true });
    for (const [method, route, answer] of real) {
      expect(client.check(method, route, 200, answer), route).toBeUndefined();
      expect(server.check(method, route, 200, answer), route).toBeUndefined();
      const later = withNewField(answer);
      expect(client.check(method, route, 200, later), route).toBeUndefined();
      expect(server.check(method, route, 200, later), route).toMatch(/must NOT have additional properties/);
    }
  });
});

describe("a client generated from the document", () => {
  it("type-checks calls against the generated types, and refuses wrong ones", async () => {
    const types = astToString(await openapiTS(JSON.parse(JSON.stringify(document))));
    // Inside the server's folder, so the script finds openapi-fetch as an installed package.
    mkdirSync(join(import.meta.dirname, "../../node_modules/.cache"), { recursive: true });
    const dir = mkdtempSync(join(import.meta.dirname, "../../node_modules/.cache/openapi-client-"));
    try {
      writeFileSync(join(dir, "club-api.d.ts"), types);
      const script = (body: string) =>
        `import createClient from "openapi-fetch";\nimport type { paths } from "./club-api";\nconst club = createClient<paths>({ baseUrl: "http://club.test" });\nexport async function run() {\n${body}\n}\n`;
      writeFileSync(
        join(dir, "good.ts"),
        script(`await club.GET("/api/events", { params: { query: { search: "golf" } } });
await club.POST("/api/events", { body: { title: "Golf", event_date: "2027-04-01", capacity: 20 } });
await club.PUT("/api/events/{id}", { params: { path: { id: "golf" } }, body: { date: "2027-04-02" } });
const event = (await club.GET("/api/events/{id}", { params: { path: { id: "golf" } } })).data;
const title: string | undefined = event?.title;
const seatsLeft: number | null | undefined = event?.rsvp?.seats_left;
const names: string[] | undefined = (await club.GET("/api/comments", { params: { query: { commentableId: "x" } } })).data?.map((c) => c.username);`),
      );
      writeFileSync(
        join(dir, "bad.ts"),
        script(`await club.POST("/api/events", { body: { title: 42 } });
await club.GET("/api/nothing-here");
await club.PUT("/api/events/{id}", { body: {} });
const misspelt = (await club.GET("/api/events/{id}", { params: { path: { id: "golf" } } })).data?.titel;
const count: number | undefined = (await club.GET("/api/events/{id}", { params: { path: { id: "golf" } } })).data?.title;`),
      );
      const program = ts.createProgram([join(dir, "good.ts"), join(dir, "bad.ts")], {
        strict: true,
        noEmit: true,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
        skipLibCheck: true,
      });
      const errorsIn = (file: string) =>
        ts
          .getPreEmitDiagnostics(program, program.getSourceFile(join(dir, file)))
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(errorsIn("good.ts")).toEqual([]);
      // One error on each of the five wrong lines (5 to 9 of the script, counted from 1): three
      // requests, then two answers read wrong (a field misspelt, a text taken for a number).
      const badLines = ts
        .getPreEmitDiagnostics(program, program.getSourceFile(join(dir, "bad.ts")))
        .map((d) => (d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0));
      expect(badLines).toEqual([5, 6, 7, 8, 9]);
      const errors = errorsIn("bad.ts");
      expect(errors[0]).toBe("Type 'number' is not assignable to type 'string'.");
      expect(errors[3]).toMatch(/Property 'titel' does not exist/);
      expect(errors[4]).toMatch(/Type 'string \| undefined' is not assignable to type 'number \| undefined'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("signs in with a token, creates an event through REST, lists it, and reads it through tRPC", async () => {
    const [fay] = await h.db.db.select().from(users).where(eq(users.email, "fay@club.test"));
    const { token } = await createApiToken(h.db.db, { userId: fay!.id, name: "openapi", scope: "admin" });
    const club = createClient<never>({ baseUrl: url, headers: { authorization: `Bearer ${token}` } });
    const call = club as unknown as {
      GET(path: string, init?: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
      POST(path: string, init?: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
    };

    const created = await call.POST("/api/events", { body: { title: "Spec golf", event_date: "2027-04-01" } });
    expect(created.response.status).toBe(200);
    const id = (created.data as { id: string }).id;

    const listed = await call.GET("/api/events", { params: { query: { search: "spec golf" } } });
    expect((listed.data as { id: string }[]).map((e) => e.id)).toEqual([id]);

    const viaTrpc = await call.GET("/trpc/events.get", {
      params: { query: { input: JSON.stringify({ json: { id } }) } },
    });
    expect(viaTrpc.data).toMatchObject({ result: { data: { json: { id, title: "Spec golf" } } } });

    const refused = await call.POST("/api/events", { body: { title: 42 } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});
