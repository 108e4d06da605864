import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Bell } from "../features/notifications/Bell";
import { infoLinks, LinkCount, type Links, type MenuUser, membersLinks, visitorLinks } from "./Menu";

function Group({ label, links, user }: { label: string; links: Links; user: MenuUser | null }) {
  return (
    <ul aria-label={label} className="flex items-center 2xl:gap-0.5">
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

// Tight at 1280 px: an admin's bar holds nine links (Messages with its unread count), the info
// links, the Admin Panel, the bell and her name on one line, with no scrolling sideways
// (auth.spec.ts measures it): 5 px either side of a link, no gap between them and 2 px between
// the groups, until 1536 px.
function NavLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="whitespace-nowrap rounded-full px-1.25 py-1.5 text-sm text-ink hover:bg-plum-soft hover:text-plum 2xl:px-3"
      activeProps={{ className: "bg-plum-soft font-medium text-plum", "aria-current": "page" }}
    >
      {children}
    </Link>
  );
}

/**
 * On wide screens (1280 px and more) the menu's links are a bar in the header, grouped as the
 * menu groups them; phones keep the toggle and its panel.
 */
export function DesktopNav({ user }: { user: MenuUser | null }) {
  return (
    <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex 2xl:gap-3">
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
          {user.news ? <Bell /> : null}
          <span className="ml-1 flex items-baseline gap-1 whitespace-nowrap text-sm text-ink-soft">
            Logged in as{" "}
            <span
              className="inline-block max-w-32 truncate align-bottom font-medium text-ink 2xl:max-w-40"
              title={user.name}
            >
              {user.name}
            </span>
          </span>
          <NavLink to="/logout">Logout</NavLink>
        </>
      ) : (
        <Group label="Site" links={visitorLinks} user={null} />
      )}
    </nav>
  );
}
