import { loginInput, messages } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Card } from "../../ui/Page";
import { safeRedirect } from "./session";

export function LoginForm({
  redirect,
  email: knownEmail,
}: {
  redirect?: string | undefined;
  email?: string | undefined;
}) {
  const [email, setEmail] = useState(knownEmail ?? "");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async ({ user }) => {
        await queryClient.resetQueries();
        // A temporary password is replaced before anything else.
        await navigate({ to: user.mustChangePassword ? "/settings" : safeRedirect(redirect) });
      },
      // The spec's text; a throttled sign-in says how long to wait.
      onError: (err) =>
        setError(
          errorCode(err) === "TOO_MANY_REQUESTS" ? errorMessage(err, messages.loginFailed) : messages.loginFailed,
        ),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    const parsed = loginInput.safeParse({ email, password });
    if (!parsed.success) return setError(messages.loginFailed);
    login.mutate(parsed.data);
  }

  return (
    <Card>
      <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoFocus={Boolean(knownEmail)}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error ? <Alert>{error}</Alert> : null}
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          {/* A full page navigation, as the spec has it. */}
          <a href="/request" className="font-medium text-plum underline-offset-4 hover:underline">
            Apply with Invitation Code
          </a>
          <Link to="/forgot-password" className="text-plum underline-offset-4 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <div className="border-t border-line pt-5">
          <Button variant="secondary" disabled className="w-full" aria-describedby="idp-note">
            Continue with identity provider
          </Button>
          <p id="idp-note" className="mt-2 text-center text-xs text-ink-soft">
            Single sign-on is not available until an identity provider is configured.
          </p>
        </div>
      </form>
    </Card>
  );
}
