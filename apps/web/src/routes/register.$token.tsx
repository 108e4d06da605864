import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { newPasswordProblem } from "../features/auth/new-password";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { SelectField, TextField } from "../ui/Field";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/register/$token")({
  component: function RegisterPage() {
    const { token } = Route.useParams();
    const navigate = useNavigate();
    const invitation = useQuery({ ...trpc.registration.validateToken.queryOptions({ token }), retry: false });
    const [name, setName] = useState("");
    const [type, setType] = useState("");
    const [password, setPassword] = useState("");
    const [confirm, setConfirm] = useState("");
    const [error, setError] = useState<string>();
    useEffect(() => {
      if (invitation.data) {
        setName(invitation.data.name);
        setType(invitation.data.type);
      }
    }, [invitation.data]);
    const register = useMutation(
      trpc.registration.register.mutationOptions({
        onSuccess: () => navigate({ to: "/login" }),
        onError: (err) =>
          setError(
            errorCode(err)
              ? errorMessage(err, "Error creating account.")
              : "Error creating account. Please try again later.",
          ),
      }),
    );

    function submit(e: FormEvent) {
      e.preventDefault();
      setError(undefined);
      const problem = newPasswordProblem(password, confirm, "Passwords do not match.");
      if (problem) return setError(problem);
      if (!name.trim()) return setError("Name is required.");
      if (!type) return setError("Account type is required.");
      register.mutate({ token, name, type: type as "Standard", password });
    }

    return (
      <Page title="Create your account" lead="Welcome to the club." width="narrow">
        {invitation.isPending ? <p className="text-ink-soft">Checking your invitation…</p> : null}
        {invitation.isError ? (
          <Alert>
            {errorCode(invitation.error) === "NOT_FOUND"
              ? "Invalid or expired token. Please request a new invitation."
              : "Error verifying token. Please try again later."}
          </Alert>
        ) : null}
        {invitation.data ? (
          <Card>
            <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
              <TextField label="Email" value={invitation.data.email} readOnly />
              <TextField
                label="Name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                autoComplete="name"
              />
              <SelectField
                label="Account type"
                value={type}
                onChange={(e) => setType(e.target.value)}
                required
                hint="The membership you were accepted for."
                options={[{ value: invitation.data.type, label: invitation.data.type }]}
              />
              <TextField
                label="Password"
                type="password"
                hint="6 to 30 characters."
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                autoComplete="new-password"
              />
              <TextField
                label="Confirm password"
                type="password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                required
                autoComplete="new-password"
              />
              {error ? <Alert>{error}</Alert> : null}
              <Button type="submit" disabled={register.isPending}>
                Create account
              </Button>
            </form>
          </Card>
        ) : null}
      </Page>
    );
  },
});
