import { loginInput, messages, type OidcRefusal, oidcRefusalMessages } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";
import { safeRedirect } from "./session";

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
  const form = useZodForm(loginInput, { defaultValues: { email: email ?? "", password: "" } });
  const { errors } = form.formState;
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async ({ user }) => {
        await queryClient.resetQueries();
        // A temporary password is replaced before anything else.
        await navigate({ to: user.mustChangePassword ? "/settings" : safeRedirect(redirect) });
      },
      // The spec's text; a throttled sign-in says how long to wait.
      onError: (err) =>
        form.setError(serverError, {
          message:
            errorCode(err) === "TOO_MANY_REQUESTS" ? errorMessage(err, messages.loginFailed) : messages.loginFailed,
        }),
    }),
  );

  return (
    <Card>
      <form onSubmit={form.handleSubmit((v) => login.mutate(v))} className="flex flex-col gap-5" noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
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
                href={`/auth/oidc/start?redirect=${encodeURIComponent(safeRedirect(redirect))}`}
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
