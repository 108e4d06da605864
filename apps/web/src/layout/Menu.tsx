import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useId } from "react";
import { createPortal } from "react-dom";
import { MessagesCount } from "../features/messages/MessagesCount";

export interface MenuUser {
  name: string;
  admin: boolean;
  /** Whether she has the bell (not while she must replace a temporary password). */
  news?: boolean;
}

function Item({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate: () => void }) {
  return (
    <li>
      <Link
        to={to}
        onClick={onNavigate}
        className="block rounded-lg px-3 py-2 text-ink hover:bg-plum-soft hover:text-plum"
        activeProps={{ className: "bg-plum-soft text-plum font-medium", "aria-current": "page" }}
      >
        {children}
      </Link>
    </li>
  );
}

export type Links = readonly (readonly [to: string, label: string])[];
export const visitorLinks: Links = [
  ["/home", "Home"],
  ["/about", "About"],
  ["/membership", "Membership"],
  ["/activities", "Activities"],
  ["/login", "Login"],
];
export const membersLinks: Links = [
  ["/home", "Home"],
  ["/member-home", "My club"],
  ["/calendar", "Events"],
  ["/gallery", "Gallery"],
  ["/travel", "Travel"],
  ["/members", "Members"],
  ["/messages", "Messages"],
  ["/settings", "Settings"],
  ["/logout", "Logout"],
];
export const infoLinks: Links = [
  ["/about", "About"],
  ["/membership", "Membership"],
];

/** What a link shows beside its label: the unread messages beside Messages, for a member with the bell. */
export function LinkCount({ to, user }: { to: string; user: MenuUser | null }) {
  return to === "/messages" && user?.news ? <MessagesCount /> : null;
}

function Items({ links, onNavigate, user }: { links: Links; onNavigate: () => void; user: MenuUser | null }) {
  return links.map(([to, label]) => (
    <Item key={to} to={to} onNavigate={onNavigate}>
      {label}
      <LinkCount to={to} user={user} />
    </Item>
  ));
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-5 first:mt-0">
      <h2 id={id} className="px-3 font-sans text-xs font-semibold tracking-[0.18em] text-gold uppercase">
        {title}
      </h2>
      <ul className="mt-2 space-y-0.5">{children}</ul>
    </section>
  );
}

/**
 * The navigation menu of SPEC.md section 2: opened by the toggle, closed by the toggle, a click
 * on the backdrop, Escape or following a link. Its content depends on who is signed in.
 */
export function Menu({
  open,
  onClose,
  user,
  id,
}: {
  open: boolean;
  onClose: () => void;
  user: MenuUser | null;
  id: string;
}) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  if (!open) return null;
  // In a portal: the sticky header's backdrop filter would otherwise confine the fixed backdrop to the header.
  return createPortal(
    <>
      <div data-testid="menu-backdrop" aria-hidden="true" className="fixed inset-0 z-30 bg-ink/30" onClick={onClose} />
      <nav
        id={id}
        aria-label="Main"
        className="fixed top-16 right-3 z-40 w-[min(20rem,calc(100vw-1.5rem))] rounded-[var(--radius-card)] border border-line bg-card p-4 shadow-xl"
      >
        {user ? (
          <>
            <p className="mb-4 border-b border-line px-3 pb-3 text-sm text-ink-soft">
              Logged in as <span className="font-medium text-ink">{user.name}</span>
            </p>
            <Section title="Members' Section">
              <Items links={membersLinks} onNavigate={onClose} user={user} />
            </Section>
            <Section title="Info Section">
              <Items links={infoLinks} onNavigate={onClose} user={user} />
            </Section>
            {user.admin ? (
              <Section title="Administration">
                <Item to="/admin" onNavigate={onClose}>
                  Admin Panel
                </Item>
              </Section>
            ) : null}
          </>
        ) : (
          <ul className="space-y-0.5">
            <Items links={visitorLinks} onNavigate={onClose} user={null} />
          </ul>
        )}
      </nav>
    </>,
    document.body,
  );
}
