import type { z } from "zod";
import { badRequest } from "../errors";

/**
 * A page's cursor: the JSON of a few values, base64url, made by this server and read back with
 * its zod schema. Text the server did not make (edited, truncated, from another version) is a 400
 * saying the page changed (`stale`), never a 500 nor a silently wrong page.
 */
export function cursorOf<S extends z.ZodType>(schema: S, stale: string) {
  return {
    make: (values: z.input<S>): string => Buffer.from(JSON.stringify(values)).toString("base64url"),
    read(cursor: string): z.output<S> {
      let raw: unknown;
      try {
        raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
      } catch {
        throw badRequest(stale);
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw badRequest(stale);
      return parsed.data;
    },
  };
}
