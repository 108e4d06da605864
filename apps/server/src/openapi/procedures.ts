import { appRouter, type ProcedureAccess, type ProcedureMeta, procedureAccess } from "@club/api";
import { z } from "zod";

/** What the OpenAPI document reads of a procedure: its kind, its zod input, who may call it. */
export interface ProcedureInfo {
  path: string;
  type: "query" | "mutation" | "subscription";
  /** The procedure's zod input; undefined when it takes none. */
  input: z.ZodType | undefined;
  /** Its answer's zod schema (tRPC checks each answer against it); undefined for a live stream. */
  output: z.ZodType | undefined;
  access: ProcedureAccess;
  /** Reachable while the member must still replace a temporary password. */
  allowWhilePasswordChangeRequired: boolean;
}

/**
 * What tRPC declares of a built procedure (its `Procedure` type): its kind, its input parsers and
 * its meta (who may call it). Its output schema is the one field read that tRPC does not declare:
 * tRPC has no public way to read it, and a version that moves it stops every document test here
 * (each procedure is required to have one, below).
 */
interface ProcedureDef {
  _def: { type: ProcedureInfo["type"]; inputs: unknown[]; output?: unknown };
  meta?: ProcedureMeta | undefined;
}

/** Every procedure of the router, by its dotted path. */
export function procedures(): ProcedureInfo[] {
  // The router's flat map of procedures by dotted path (tRPC's `RouterDef.procedures`), typed by the
  // router's own inferred record: read as the fields every procedure has.
  const all = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(all).map(([path, p]) => {
    const inputs = p._def.inputs.filter((i): i is z.ZodType => i instanceof z.ZodType);
    if (inputs.length !== p._def.inputs.length) throw new Error(`${path}: an input that is not a zod schema`);
    const [first, ...rest] = inputs;
    // `.output(answer(schema))`: the check and, on it, the answer's schema.
    const parser = p._def.output as { schema?: unknown } | undefined;
    const schema = parser?.schema;
    if (parser !== undefined && !(typeof parser === "function" && schema instanceof z.ZodType))
      throw new Error(`${path}: an output that is not answer(schema)`);
    const output = schema as z.ZodType | undefined;
    if (!output && p._def.type !== "subscription")
      throw new Error(`${path}: no output schema (.output(...)) for its answer`);
    return {
      path,
      type: p._def.type,
      input: rest.reduce<z.ZodType | undefined>((all, next) => (all ? z.intersection(all, next) : next), first),
      output,
      access: procedureAccess(p),
      allowWhilePasswordChangeRequired: p.meta?.allowWhilePasswordChangeRequired === true,
    };
  });
}

const byPath = new Map<string, ProcedureInfo>();

export function procedure(path: string): ProcedureInfo {
  if (byPath.size === 0) for (const p of procedures()) byPath.set(p.path, p);
  const found = byPath.get(path);
  if (!found) throw new Error(`No procedure ${path} in the router`);
  return found;
}

/**
 * A procedure's input as an object schema: an optional object is the object, and a transformed one
 * the object before the transform (what a caller sends).
 */
export function objectInput(path: string): z.ZodObject {
  let schema = procedure(path).input;
  for (;;) {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) schema = schema.unwrap() as z.ZodType;
    else if (schema instanceof z.ZodPipe) schema = schema.in as z.ZodType;
    else break;
  }
  if (!(schema instanceof z.ZodObject)) throw new Error(`${path}: its input is not an object`);
  return schema;
}

/** The fields of a procedure's input a REST URL takes from its body, query or path (see the shims' restFields). */
export function fieldsOf(path: string, keys: readonly string[]): z.ZodObject {
  const input = objectInput(path);
  const shape: Record<string, z.ZodType> = {};
  for (const key of keys) {
    const field = input.shape[key];
    if (!field) throw new Error(`${path}: its input has no field "${key}"`);
    shape[key] = field as z.ZodType;
  }
  return z.object(shape);
}
