import { forgotPasswordForm } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import { serverError, useZodForm } from "../ui/form";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/forgot-password")({
  component: function ForgotPasswordPage() {
    const form = useZodForm(forgotPasswordForm, { defaultValues: { email: "" } });
    const request = useMutation(
      trpc.passwordReset.request.mutationOptions({
        onError: (err) =>
          form.setError(serverError, {
            message: errorCode(err) ? errorMessage(err, "Error sending reset link.") : "Error sending reset link.",
          }),
      }),
    );
    const { errors } = form.formState;

    return (
      <Page title="Forgot password" lead="We will e-mail you a link to choose a new password." width="narrow">
        <Card>
          <form onSubmit={form.handleSubmit((v) => request.mutate(v))} className="flex flex-col gap-5" noValidate>
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="email"
              error={errors.email?.message}
              {...form.register("email")}
            />
            {/* The server's reply, shown as it is (the same for every address). */}
            {request.data ? <Alert tone="success">{request.data.message}</Alert> : null}
            {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
            <Button type="submit" disabled={request.isPending}>
              Send reset link
            </Button>
          </form>
        </Card>
      </Page>
    );
  },
});
