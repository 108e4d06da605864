import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { newPasswordProblem } from "../features/auth/new-password";
import { Alert } from "../ui/Alert";
import { Button, ButtonLink } from "../ui/Button";
import { TextField } from "../ui/Field";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/reset-password/$token")({
  component: function ResetPasswordPage() {
    const { token } = Route.useParams();
    const [password, setPassword] = useState("");
    const [confirm, setConfirm] = useState("");
    const [error, setError] = useState<string>();
    const [done, setDone] = useState(false);
    const [busy, setBusy] = useState(false);

    async function submit(e: FormEvent) {
      e.preventDefault();
      setError(undefined);
      const problem = newPasswordProblem(password, confirm, "Passwords do not match.");
      if (problem) return setError(problem);
      setBusy(true);
      try {
        const res = await fetch("/reset-password", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token, newPassword: password }),
        });
        if (res.ok) setDone(true);
        else setError((await res.text()) || "Error resetting password.");
      } catch {
        setError("Error resetting password.");
      } finally {
        setBusy(false);
      }
    }

    return (
      <Page title="Reset password" width="narrow">
        <Card>
          {done ? (
            <div className="flex flex-col items-start gap-5">
              <Alert tone="success">Password has been reset successfully.</Alert>
              <ButtonLink to="/login">Go to Login</ButtonLink>
            </div>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
              <TextField
                label="New password"
                type="password"
                hint="6 to 30 characters."
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                autoComplete="new-password"
              />
              <TextField
                label="Confirm new password"
                type="password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                required
                autoComplete="new-password"
              />
              {error ? <Alert>{error}</Alert> : null}
              <Button type="submit" disabled={busy}>
                Reset password
              </Button>
            </form>
          )}
        </Card>
      </Page>
    );
  },
});
