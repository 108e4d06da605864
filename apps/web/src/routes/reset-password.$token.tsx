import { resetPasswordForm } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { NewPasswordFields } from "../features/auth/NewPasswordFields";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button, ButtonLink } from "../ui/Button";
import { serverError, useZodForm } from "../ui/form";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/reset-password/$token")({
  component: function ResetPasswordPage() {
    const { token } = Route.useParams();
    const form = useZodForm(resetPasswordForm, { defaultValues: { newPassword: "", confirm: "" } });
    const reset = useMutation(
      trpc.passwordReset.reset.mutationOptions({
        // The server's text (an expired link, too many tries), or the spec's.
        onError: (err) =>
          form.setError(serverError, {
            message: errorCode(err) ? errorMessage(err, "Error resetting password.") : "Error resetting password.",
          }),
      }),
    );

    return (
      <Page title="Reset password" width="narrow">
        <Card>
          {reset.isSuccess ? (
            <div className="flex flex-col items-start gap-5">
              <Alert tone="success">Password has been reset successfully.</Alert>
              <ButtonLink to="/login">Go to Login</ButtonLink>
            </div>
          ) : (
            <form
              onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
              className="flex flex-col gap-5"
              noValidate
            >
              <NewPasswordFields register={form.register} errors={form.formState.errors} />
              {form.formState.errors.root?.server ? <Alert>{form.formState.errors.root.server.message}</Alert> : null}
              <Button type="submit" disabled={reset.isPending}>
                Reset password
              </Button>
            </form>
          )}
        </Card>
      </Page>
    );
  },
});
