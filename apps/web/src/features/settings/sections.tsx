import { Link } from "@tanstack/react-router";
import { cn } from "../../ui/cn";

/**
 * Settings' sections, each at an address of its own: a mail or a page links straight to one, and
 * the link survives signing in (the address goes through Login's `redirect`, a `#fragment` did not).
 */
export const settingsSections = [
  { to: "/settings/profile", label: "Profile", description: "Your name and member type." },
  {
    to: "/settings/security",
    label: "Security",
    description: "Your password, passkeys, connected accounts and where you are signed in.",
  },
  {
    to: "/settings/email",
    label: "Notifications",
    description: "Your address, what the bell and your digest tell you, and which e-mails the club sends you.",
  },
  { to: "/settings/calendar", label: "Calendar", description: "Your events in your calendar app." },
  { to: "/settings/data", label: "Your data", description: "A copy of everything the club holds of you; leaving." },
  { to: "/settings/developers", label: "Developers", description: "API tokens for your scripts." },
] as const;

export type SettingsSection = (typeof settingsSections)[number]["to"];

/** The index (`/settings`): every section with what it holds, on any screen. */
export function SettingsIndex() {
  return (
    <nav aria-label="Settings sections">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {settingsSections.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="block h-full rounded-[var(--radius-card)] border border-line bg-card p-5 shadow-[var(--shadow-card)] hover:border-plum focus-visible:border-plum"
            >
              <span className="font-serif text-2xl text-plum">{s.label}</span>
              <span className="mt-1 block text-sm text-ink-soft">{s.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Beside a section on a wide screen: the other sections; on a phone, the way back to the index. */
export function SettingsNav() {
  return (
    <>
      <Link to="/settings" className="mb-6 inline-block text-sm text-plum underline lg:hidden">
        ← All settings
      </Link>
      <nav aria-label="Settings sections" className="hidden lg:block">
        <ul className="sticky top-24 flex flex-col gap-1">
          {settingsSections.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className={cn("block rounded-lg px-3 py-2 text-sm text-ink hover:bg-paper-deep")}
                activeProps={{ className: "bg-plum-soft font-semibold text-plum", "aria-current": "page" }}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
