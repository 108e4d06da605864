import { describe, expect, it } from "vitest";
import { countryName, countryNames, isUnitedStates, UNITED_STATES } from "./places";

describe("countries", () => {
  it("are listed and shown by the names people use", () => {
    for (const name of ["United States", "United Kingdom", "South Korea", "Russia", "Vietnam"]) {
      expect(countryNames).toContain(name);
    }
    expect(countryNames).not.toContain("Korea, Republic of");
    expect(countryNames.length).toBeGreaterThan(240);
    expect(UNITED_STATES).toBe("United States");
  });

  it("read any form they were saved in; other text stays as it is", () => {
    expect(countryName("United States of America")).toBe("United States");
    expect(countryName("USA")).toBe("United States");
    expect(countryName("korea, republic of")).toBe("South Korea");
    expect(countryName("Islamic Republic of Iran")).toBe("Iran");
    expect(countryName("Russian Federation")).toBe("Russia");
    expect(countryName("Atlantis")).toBe("Atlantis");
    expect(countryName(null)).toBeNull();
    expect(isUnitedStates("United States of America")).toBe(true);
    expect(isUnitedStates("Canada")).toBe(false);
  });
});
