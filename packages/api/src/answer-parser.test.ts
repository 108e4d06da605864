import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, createCallerFactory, publicProcedure, router } from "./trpc";

const card = z.object({ id: z.string(), title: z.string(), at: z.date() });

/** A procedure whose answer is whatever the test hands it, checked by `answer(schema)`. */
function callerAnswering(value: unknown) {
  const r = router({ card: publicProcedure.output(answer(card)).query(() => value as z.output<typeof card>) });
  return createCallerFactory(r)({} as never);
}

describe("answer(schema): a procedure's output check", () => {
  it("lets a matching answer through, and drops keys the schema does not name", async () => {
    const at = new Date("2026-11-28T10:00:00Z");
    const out = await callerAnswering({ id: "1", title: "Salon", at, passwordHash: "secret" }).card();
    expect(out).toEqual({ id: "1", title: "Salon", at });
    expect(out).not.toHaveProperty("passwordHash");
  });

  it("refuses an answer that does not match (an internal error, not the answer)", async () => {
    await expect(callerAnswering({ id: "1", title: 7, at: new Date() }).card()).rejects.toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      message: "Output validation failed",
    });
  });

  it("checks synchronously, so that zod takes its compiled path (tRPC awaits a zod schema's parseAsync)", () => {
    const check = answer(card);
    expect(typeof check).toBe("function");
    expect(check.schema).toBe(card);
    // A plain value back, not a promise.
    expect(check({ id: "1", title: "Salon", at: new Date(0) })).not.toBeInstanceOf(Promise);
  });
});
