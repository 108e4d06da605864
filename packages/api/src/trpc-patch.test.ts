import { initTRPC } from "@trpc/server";
import { describe, expect, it } from "vitest";

// tRPC's object-spread helper is patched for speed (patches/@trpc__server@11.22.1.patch;
// docs/decisions/trpcs-object-spread-helper-is-patched.md): it assigns keys instead of defining them. These
// hold it to what a spread does.
describe("tRPC's patched object-spread helper", () => {
  const t = initTRPC.context<{ who: string }>().create();

  it("merges a middleware's context into the call's as a spread would, later keys winning", async () => {
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: { who: "member", extra: 1 } }))
      .query(({ ctx }) => ({ ...ctx }));
    const caller = t.createCallerFactory(t.router({ procedure }))({ who: "visitor" });
    expect(await caller.procedure()).toEqual({ who: "member", extra: 1 });
  });

  it("keeps an own __proto__ key a key, never the copy's prototype", async () => {
    const given = JSON.parse('{"__proto__": {"admin": true}, "note": "x"}') as Record<string, unknown>;
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: given }))
      .query(({ ctx }) => ({
        prototypeKept: Object.getPrototypeOf(ctx) === Object.prototype,
        admin: (ctx as { admin?: unknown }).admin,
        ownProto: Object.hasOwn(ctx, "__proto__"),
        note: (ctx as { note?: unknown }).note,
      }));
    const caller = t.createCallerFactory(t.router({ procedure }))({ who: "visitor" });
    expect(await caller.procedure()).toEqual({ prototypeKept: true, admin: undefined, ownProto: true, note: "x" });
  });

  it("copies symbol keys a middleware adds", async () => {
    const mark = Symbol("mark");
    const procedure = t.procedure
      .use(({ next }) => next({ ctx: { [mark]: 7 } }))
      .query(({ ctx }) => (ctx as Record<symbol, unknown>)[mark]);
    const caller = t.createCallerFactory(t.router({ procedure }))({ who: "visitor" });
    expect(await caller.procedure()).toBe(7);
  });
});
