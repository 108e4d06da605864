import { describe, expect, it } from "vitest";
import { formFromEvent, payloadOf } from "./EventWizard";

describe("event payload", () => {
  it("trims text and keeps only the place fields of a physical event", () => {
    const f = {
      ...formFromEvent(),
      title: "  Salon ",
      location: " 1 Rose Lane ",
      virtual_link: "https://x",
      is_physical: true,
    };
    expect(payloadOf(f)).toMatchObject({ title: "Salon", location: "1 Rose Lane", virtual_link: null, type: "" });
  });
  it("keeps only the link of a virtual event", () => {
    const f = { ...formFromEvent(), is_physical: false, city: "Paris", virtual_link: " https://meet.example/a " };
    expect(payloadOf(f)).toMatchObject({
      city: null,
      location: null,
      country: null,
      virtual_link: "https://meet.example/a",
    });
  });
});
