import { describe, expect, it } from "vitest";

// In order: the first test writes the page as a server's page would be, the second must not find it.
describe("the tests' shared page", () => {
  it("may be written by a test", () => {
    document.body.innerHTML = "<div id='root'><button>Go</button></div>";
    expect(document.querySelectorAll("button")).toHaveLength(1);
  });

  it("is empty again for the next test, whoever wrote it", () => {
    expect(document.body.innerHTML).toBe("");
  });
});
