import { afterEach, describe, expect, it } from "vitest";
import { appTookOver, leaveLinksToTheBrowser } from "./hydrated";

/** A page as the server sent it: the app's root with a link and a button, and what reaches the root. */
function renderedPage() {
  document.body.innerHTML =
    '<div id="root"><a href="/security-settings"><h2>Security</h2></a><button>Go</button></div>';
  const root = document.getElementById("root") as HTMLElement;
  const reached: string[] = [];
  // Stands for React's listener on the app's root.
  root.addEventListener("click", (event) => reached.push((event.target as Element).tagName));
  return { root, reached };
}

function click(element: Element): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  element.dispatchEvent(event);
  return event;
}

describe("links before the app has taken the page over", () => {
  afterEach(() => appTookOver());

  it("leaves a click on a link, or on what is inside one, to the browser", () => {
    const { root, reached } = renderedPage();
    leaveLinksToTheBrowser(document);
    const onLink = click(root.querySelector("a") as Element);
    const inside = click(root.querySelector("h2") as Element);
    expect(reached).toEqual([]);
    // Nothing stops the browser from following the link.
    expect(onLink.defaultPrevented).toBe(false);
    expect(inside.defaultPrevented).toBe(false);
  });

  it("lets other clicks through to the app", () => {
    const { root, reached } = renderedPage();
    leaveLinksToTheBrowser(document);
    click(root.querySelector("button") as Element);
    expect(reached).toEqual(["BUTTON"]);
  });

  it("gives the links back to the app once it has taken over", () => {
    const { root, reached } = renderedPage();
    leaveLinksToTheBrowser(document);
    appTookOver();
    click(root.querySelector("a") as Element);
    expect(reached).toEqual(["A"]);
  });
});
