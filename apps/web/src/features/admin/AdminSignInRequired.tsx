import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

/**
 * What an admin sees of the admin tools when the club requires administrators to sign in with a
 * passkey or the identity provider and she signed in with a password: why, and what to do.
 */
export function AdminSignInRequired() {
  return (
    <Page
      title="Sign in with a passkey to use the admin tools"
      lead="The club requires administrators to sign in with a passkey or the club's identity provider, not a password alone."
    >
      <div className="max-w-2xl space-y-3 text-ink">
        <p>
          You are signed in with a password, so the admin tools stay closed to this session. Everything else in the club
          works as usual.
        </p>
        <p>
          Add a passkey or link the club's identity provider in Settings → Security if you have not yet, then sign out
          and sign in again with it.
        </p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/settings/security">Settings → Security</ButtonLink>
        <ButtonLink to="/logout" variant="secondary">
          Sign out
        </ButtonLink>
        <ButtonLink to="/home" variant="ghost">
          Back to Home
        </ButtonLink>
      </div>
    </Page>
  );
}
