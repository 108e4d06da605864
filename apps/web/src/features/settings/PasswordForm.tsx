import { messages } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Card } from "../../ui/Page";
import { newPasswordProblem } from "../auth/new-password";

/** The first problem with a password change, checked before it is sent. */
export function passwordChangeProblem(oldPassword: string, next: string, confirm: string): string | undefined {
  if (!oldPassword || !next || !confirm) return "Please fill in all three password fields.";
  return newPasswordProblem(next, confirm, messages.newPasswordsMismatch);
}

export function PasswordForm({ mustChange }: { mustChange: boolean }) {
  const [oldPassword, setOld] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.auth.updatePassword.mutationOptions({
      onSuccess: async () => {
        setResult({ ok: true, text: messages.passwordUpdated });
        setOld("");
        setNext("");
        setConfirm("");
        await queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() });
      },
      onError: (err) =>
        setResult({ ok: false, text: `${messages.passwordUpdateFailed}: ${errorMessage(err, "please try again.")}` }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordChangeProblem(oldPassword, next, confirm);
    if (problem) return setResult({ ok: false, text: problem });
    change.mutate({ oldPassword, newPassword: next });
  }

  return (
    <Card>
      <h2 className="text-2xl text-plum">Password</h2>
      {mustChange ? (
        <Alert tone="info" className="mt-4">
          Your password was reset by an administrator. Please choose a new one before you continue.
        </Alert>
      ) : null}
      <form onSubmit={submit} className="mt-5 flex flex-col gap-5" noValidate>
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOld(e.target.value)}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="6 to 30 characters."
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
        {result ? <Alert tone={result.ok ? "success" : "error"}>{result.text}</Alert> : null}
        <Button type="submit" disabled={change.isPending} className="self-start">
          Change password
        </Button>
      </form>
    </Card>
  );
}
