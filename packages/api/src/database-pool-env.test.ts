import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("DATABASE_POOL_SIZE", () => {
  it("is optional: unset, the database package's default applies", () => {
    expect(loadEnv({}).DATABASE_POOL_SIZE).toBeUndefined();
  });

  it("is a whole number of connections", () => {
    expect(loadEnv({ DATABASE_POOL_SIZE: "6" }).DATABASE_POOL_SIZE).toBe(6);
  });

  it("refuses none, too many or a fraction, naming the variable", () => {
    for (const value of ["0", "101", "2.5", "many"]) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: value }), value).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});
