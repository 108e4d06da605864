import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { type OpenApiDocument, openApiPath } from "../openapi/document";

/** A JSON Pointer's segment (RFC 6901). */
const segment = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The document with every object closed again, as zod writes the schemas the server checks its
 * answers with: the published document leaves answers' objects open (fields may be added), and a
 * field the document does not list is what these checks are for.
 */
export function closedObjects<T>(document: T): T {
  const copy = JSON.parse(JSON.stringify(document));
  (function close(node: unknown): void {
    if (typeof node !== "object" || node === null) return;
    const schema = node as Record<string, unknown>;
    if (schema.type === "object" && schema.properties && !("additionalProperties" in schema))
      schema.additionalProperties = false;
    for (const child of Object.values(schema)) close(child);
  })(copy);
  return copy;
}

/**
 * Checks answers against the OpenAPI document, as a client generated from it reads them: the
 * document is JSON Schema 2020-12 (OpenAPI 3.1), validated with Ajv. `check` returns what is wrong
 * with a JSON answer, or nothing when it is what the document says. `closed`: a field the document
 * does not name is wrong too (what the server sends; a client accepts more, see closedObjects).
 */
export function documentAnswers(document: OpenApiDocument, { closed = true }: { closed?: boolean } = {}) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema(closed ? closedObjects(document) : JSON.parse(JSON.stringify(document)), "openapi");
  const compiled = new Map<string, ReturnType<typeof ajv.getSchema>>();

  /** `route`: `METHOD /path/:param` as Fastify registers it, or a procedure's `/trpc/<path>`. */
  function check(method: string, route: string, status: number, body: unknown): string | undefined {
    const path = openApiPath(route);
    const verb = method.toLowerCase();
    const responses = (document.paths?.[path] as Record<string, { responses?: Record<string, unknown> }> | undefined)?.[
      verb
    ]?.responses as Record<string, { content?: Record<string, unknown> }> | undefined;
    if (!responses) return `${method} ${path} is not in the document`;
    const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
    if (!responses[key]?.content?.["application/json"])
      return `${method} ${path}: no JSON answer documented for ${status}`;
    const pointer = `openapi#/paths/${segment(path)}/${verb}/responses/${key}/content/application~1json/schema`;
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: pointer });
      compiled.set(pointer, validate);
    }
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}`);
    return `${method} ${path} → ${status}: the answer is not what the document says: ${errors.join("; ")}`;
  }
  return { check };
}
