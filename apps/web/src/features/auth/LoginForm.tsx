import {
  keptPath,
  landingOf,
  loginInput,
  messages,
  nextPath,
  type OidcRefusal,
  oidcRefusalMessages,
} from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/hydrated";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";
import { loadWebAuthn, passkeyErrorMessage, wasReplaced } from "./webauthn";

export function LoginForm({
  redirect,
  email,
  oidcError,
}: {
  redirect?: string | undefined;
  email?: string | undefined;
  oidcError?: OidcRefusal | undefined;
}) {
  const queryClient = useQueryClient();
  const provider = useQuery(trpc.identities.provider.queryOptions()).data;
  const navigate = useNavigate();
  /** Where she was going, if anywhere: kept through the identity provider's sign-in too. */
  const back = keptPath(redirect);
  const form = useZodForm(loginInput, { defaultValues: { email: email ?? "", password: "" } });
  const { errors } = form.formState;
  const signedIn = async ({ user }: { user: { mustChangePassword: boolean; admin: boolean } }) => {
    await queryClient.resetQueries();
    // A temporary password is replaced before anything else (after a passkey too).
    await navigate({ to: user.mustChangePassword ? "/settings" : nextPath(redirect, landingOf(user)) });
  };
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: signedIn,
      // The spec's text; a throttled sign-in says how long to wait.
      onError: (err) =>
        form.setError(serverError, {
          message:
            errorCode(err) === "TOO_MANY_REQUESTS" ? errorMessage(err, messages.loginFailed) : messages.loginFailed,
        }),
    }),
  );

  const passkey = usePasskeySignIn(signedIn, (message) => form.setError(serverError, { message }));

  return (
    <Card>
      <form onSubmit={form.handleSubmit((v) => login.mutate(v))} className="flex flex-col gap-5" noValidate>
        <TextField
          label="Email"
          type="email"
          // "webauthn": the browser may offer her passkeys in this field's autofill (conditional UI).
          autoComplete="username webauthn"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(email)}
          required
          error={errors.password?.message}
          {...form.register("password")}
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
        {passkey.supported === false ? null : (
          <Button variant="secondary" onClick={passkey.start} disabled={passkey.busy}>
            {passkey.busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
          </Button>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          {/* A full page navigation, as the spec has it. */}
          <a href="/request" className="font-medium text-plum underline-offset-4 hover:underline">
            Apply with Invitation Code
          </a>
          <Link to="/forgot-password" className="text-plum underline-offset-4 hover:underline">
            Forgot Password?
          </Link>
        </div>
        {provider || oidcError ? (
          <div className="flex flex-col gap-3 border-t border-line pt-5">
            {oidcError ? <Alert>{oidcRefusalMessages[oidcError]}</Alert> : null}
            {provider ? (
              // A page of the server (it sends the browser to the provider), hence a plain link.
              <a
                href={`/auth/oidc/start${back ? `?redirect=${encodeURIComponent(back)}` : ""}`}
                className={buttonClass("secondary", "w-full")}
              >
                Sign in with {provider.label}
              </a>
            ) : null}
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/**
 * Signing in with a passkey: the button's prompt, and, where the browser offers it, the e-mail
 * field's autofill (conditional UI) waiting from the moment the page is the app's. Both ask the
 * server for a fresh challenge; the button's prompt replaces the waiting autofill (the library
 * aborts it), and leaving the page cancels whichever is waiting.
 */
function usePasskeySignIn(
  signedIn: (answer: { user: { mustChangePassword: boolean; admin: boolean } }) => Promise<void>,
  refused: (message: string) => void,
) {
  const hydrated = useHydrated();
  const [supported, setSupported] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const { mutateAsync: optionsFor } = useMutation(trpc.auth.passkeyOptions.mutationOptions());
  const { mutateAsync: answer } = useMutation(trpc.auth.passkeySignIn.mutationOptions());

  /** A prompt: the options, then her choice of passkey. */
  async function prompt(useBrowserAutofill: boolean) {
    const { startAuthentication } = await loadWebAuthn();
    const optionsJSON = await optionsFor();
    return startAuthentication({ optionsJSON, useBrowserAutofill });
  }
  /** The passkey she chose, to the server, then on. */
  async function finish(response: Awaited<ReturnType<typeof prompt>>) {
    setBusy(true);
    try {
      await signedIn(await answer({ response }));
    } finally {
      setBusy(false);
    }
  }
  const run = async (useBrowserAutofill: boolean) => finish(await prompt(useBrowserAutofill));
  const failed = (err: unknown) => {
    if (!wasReplaced(err)) refused(passkeyErrorMessage(err, PASSKEY_FAILED));
  };
  // The autofill's prompt outlives renders: it calls the latest of these when she picks a passkey.
  const latest = useRef({ prompt, finish, failed });
  latest.current = { prompt, finish, failed };

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    loadWebAuthn()
      .then(async (w) => {
        if (!live) return;
        setSupported(w.browserSupportsWebAuthn());
        if (!live || !(await w.browserSupportsWebAuthnAutofill())) return;
        // The autofill waits in the background, started by the page, not by her: when it cannot
        // start (an address passkeys cannot work on, such as an IP address; the server out of
        // reach) or gives up waiting, nothing is said. Once she picked a passkey, the club's
        // answer is hers to hear, as for the button.
        const response = await latest.current.prompt(true).catch(() => null);
        if (live && response) await latest.current.finish(response);
      })
      .catch((err) => live && latest.current.failed(err));
    return () => {
      live = false;
      void loadWebAuthn().then((w) => w.WebAuthnAbortService.cancelCeremony());
    };
  }, [hydrated]);

  const start = () => {
    setBusy(true);
    run(false)
      .catch(failed)
      .finally(() => setBusy(false));
  };
  return { supported, busy, start };
}

const PASSKEY_FAILED = "Signing in with the passkey did not work. Please try again.";
