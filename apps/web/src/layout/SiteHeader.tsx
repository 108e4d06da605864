import { Link } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { useSession } from "../features/auth/session";
import { MessagesCount } from "../features/messages/MessagesCount";
import { Bell, useLiveNotifications } from "../features/notifications/Bell";
import { AccountNav, DesktopNav } from "./DesktopNav";
import { Menu } from "./Menu";

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { user } = useSession();
  const close = useCallback(() => setOpen(false), []);
  // An admin whose right the club's sign-in rule withholds still finds the Admin Panel, which says why.
  const navUser = user
    ? { name: user.name, admin: user.admin || user.adminSignInRequired, news: !user.mustChangePassword }
    : null;
  useLiveNotifications(navUser?.news === true);
  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-paper/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-5 sm:px-8">
        <Link to="/" className="whitespace-nowrap font-serif text-2xl font-semibold tracking-wide text-plum">
          The Club
        </Link>
        {navUser ? <AccountNav user={navUser} /> : <DesktopNav user={null} />}
        <div className="flex items-center gap-2 xl:hidden">
          {navUser?.news ? <Bell /> : null}
          <button
            type="button"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((o) => !o)}
            className="inline-flex items-center gap-2 rounded-full border border-plum/30 px-4 py-2 text-sm font-medium text-plum hover:bg-plum-soft xl:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              {open ? (
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
              ) : (
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              )}
            </svg>
            {open ? "Close menu" : "Menu"}
            {/* On a phone the menu holds Messages: the button tells of unread ones meanwhile. */}
            {navUser?.news && !open ? <MessagesCount what="unread messages" /> : null}
          </button>
        </div>
      </div>
      {navUser ? (
        <div className="hidden border-line/70 border-t xl:block">
          {/* The first link's text under the logo's first letter. */}
          <div className="mx-auto max-w-6xl px-5 py-1.5 sm:px-8 [&>nav]:-ml-3">
            <DesktopNav user={navUser} />
          </div>
        </div>
      ) : null}
      <Menu id="main-menu" open={open} onClose={close} user={navUser} />
    </header>
  );
}
