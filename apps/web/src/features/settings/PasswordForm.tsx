import { messages, passwordChangeForm } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";
import { NewPasswordFields } from "../auth/NewPasswordFields";

export function PasswordForm({ mustChange }: { mustChange: boolean }) {
  const queryClient = useQueryClient();
  const form = useZodForm(passwordChangeForm, { defaultValues: { oldPassword: "", newPassword: "", confirm: "" } });
  const { errors } = form.formState;
  const change = useMutation(
    trpc.auth.updatePassword.mutationOptions({
      onSuccess: async () => {
        toast.success(messages.passwordUpdated, {
          description: "Your other sessions, API tokens and calendar link have ended.",
        });
        form.reset();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.calendarFeed.get.queryKey() }),
        ]);
      },
      onError: (err) =>
        form.setError(serverError, {
          message: `${messages.passwordUpdateFailed}: ${errorMessage(err, "please try again.")}`,
        }),
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">Password</h2>
      {mustChange ? (
        <Alert tone="info" className="mt-4">
          Your password was reset by an administrator. Please choose a new one before you continue.
        </Alert>
      ) : null}
      <form
        onSubmit={form.handleSubmit(({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword }))}
        className="mt-5 flex flex-col gap-5"
        noValidate
      >
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.oldPassword?.message}
          {...form.register("oldPassword")}
        />
        <NewPasswordFields register={form.register} errors={errors} />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" disabled={change.isPending} className="self-start">
          Change password
        </Button>
      </form>
    </Card>
  );
}
