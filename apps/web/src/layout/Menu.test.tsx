import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Menu, type MenuUser } from "./Menu";

function Harness({ user }: { user: MenuUser | null }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        toggle
      </button>
      <Menu id="m" open={open} onClose={() => setOpen(false)} user={user} />
    </>
  );
}

async function renderMenu(user: MenuUser | null) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <Harness user={user} /> }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

const links = () => screen.queryAllByRole("link").map((a) => a.textContent);

describe("Menu", () => {
  it("offers visitors the public pages and Login", async () => {
    await renderMenu(null);
    expect(links()).toEqual(["Home", "About", "Membership", "Activities", "Login"]);
    expect(screen.queryByText(/Logged in as/)).toBeNull();
  });

  it("shows members their section, the info section and who is signed in, without the Admin Panel", async () => {
    await renderMenu({ name: "Ada", admin: false });
    expect(screen.getByText("Members' Section")).toBeTruthy();
    expect(screen.getByText("Info Section")).toBeTruthy();
    expect(screen.getByText("Ada")).toBeTruthy();
    expect(links()).toEqual([
      "Home",
      "My club",
      "Events",
      "Gallery",
      "Travel",
      "Members",
      "Messages",
      "Settings",
      "Logout",
      "About",
      "Membership",
    ]);
  });

  it("adds the Admin Panel for admins", async () => {
    await renderMenu({ name: "Root", admin: true });
    expect(links()).toContain("Admin Panel");
  });

  it("closes on a backdrop click and on Escape, and toggles open again", async () => {
    await renderMenu(null);
    fireEvent.click(screen.getByTestId("menu-backdrop"));
    expect(links()).toEqual([]);
    fireEvent.click(screen.getByText("toggle"));
    expect(links()).toHaveLength(5);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(links()).toEqual([]);
  });
});
