import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const a = "a".repeat(32);
const b = "b".repeat(40);

describe("UNSUBSCRIBE_SECRET", () => {
  it("is optional: the key kept in the database signs", () => {
    expect(loadEnv({}).UNSUBSCRIBE_SECRET).toBeUndefined();
    expect(loadEnv({ UNSUBSCRIBE_SECRET: " " }).UNSUBSCRIBE_SECRET).toBeUndefined();
  });

  it("is a comma-separated list, first one first (it signs; all verify)", () => {
    expect(loadEnv({ UNSUBSCRIBE_SECRET: `${b}, ${a}` }).UNSUBSCRIBE_SECRET).toEqual([b, a]);
  });

  it("refuses a secret shorter than 32 characters, naming the variable", () => {
    expect(() => loadEnv({ UNSUBSCRIBE_SECRET: `${a},short` })).toThrow(
      /UNSUBSCRIBE_SECRET: must be one or more secrets/,
    );
  });
});
