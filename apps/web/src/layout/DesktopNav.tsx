import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Bell } from "../features/notifications/Bell";
import { infoLinks, LinkCount, type Links, type MenuUser, membersLinks, visitorLinks } from "./Menu";

function Group({ label, links, user }: { label: string; links: Links; user: MenuUser | null }) {
  return (
    <ul aria-label={label} className="flex items-center gap-0.5">
      {links.map(([to, text]) => (
        <li key={to}>
          <NavLink to={to}>
            {text}
            <LinkCount to={to} user={user} />
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

// The links have room: a member's bar is a row of its own under the logo and her account.
function NavLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="whitespace-nowrap rounded-full px-3 py-1.5 text-sm text-ink hover:bg-plum-soft hover:text-plum"
      activeProps={{ className: "bg-plum-soft font-medium text-plum", "aria-current": "page" }}
    >
      {children}
    </Link>
  );
}

/**
 * On wide screens (1280 px and more) the menu's links are a bar in the header, grouped as the menu
 * groups them; phones keep the toggle and its panel. Signed in, the bar is a row under the logo
 * (nine links, the info links and the Admin Panel did not fit beside it and her name at 1280 px).
 */
export function DesktopNav({ user }: { user: MenuUser | null }) {
  return (
    <nav aria-label="Main" className="hidden items-center gap-2 xl:flex">
      {user ? (
        <>
          <Group label="Members' Section" links={membersLinks.filter(([to]) => to !== "/logout")} user={user} />
          <span aria-hidden="true" className="h-5 w-px bg-line" />
          <Group label="Info Section" links={infoLinks} user={user} />
          {user.admin ? (
            <>
              <span aria-hidden="true" className="h-5 w-px bg-line" />
              <NavLink to="/admin">Admin Panel</NavLink>
            </>
          ) : null}
        </>
      ) : (
        <Group label="Site" links={visitorLinks} user={null} />
      )}
    </nav>
  );
}

/** Beside the logo on wide screens: her news, who is signed in, and Logout. */
export function AccountNav({ user }: { user: MenuUser }) {
  return (
    <nav aria-label="Account" className="-mr-3 hidden items-center gap-2 xl:flex">
      {user.news ? <Bell /> : null}
      <span className="ml-1 whitespace-nowrap text-sm text-ink-soft">
        Logged in as <span className="font-medium text-ink">{user.name}</span>
      </span>
      <NavLink to="/logout">Logout</NavLink>
    </nav>
  );
}
