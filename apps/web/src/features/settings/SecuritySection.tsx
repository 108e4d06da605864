import type { ReactNode } from "react";

/**
 * Settings → Security: how she signs in and where she is signed in. Each panel (sessions, API
 * tokens, passkeys, linked identities…) is one child, so adding a panel is adding one line where
 * the section is rendered (routes/_member/settings.security.tsx), at `/settings/security` (the
 * admins' sign-in rule sends admins to it).
 */
export function SecuritySection({ children }: { children: ReactNode }) {
  return (
    <section id="security" aria-labelledby="security-heading">
      <h2 id="security-heading" className="text-3xl text-ink">
        Security
      </h2>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Where you are signed in, how you sign in, and the tokens your scripts use.
      </p>
      <div className="mt-6 grid gap-6">{children}</div>
    </section>
  );
}
