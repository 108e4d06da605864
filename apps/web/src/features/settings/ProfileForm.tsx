import { memberTypes, messages, updateUserInput } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

/** Name, and for admins their own member Type (SPEC.md, Settings). */
export function ProfileForm() {
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const queryClient = useQueryClient();
  const form = useZodForm(updateUserInput, {
    defaultValues: { name: me.name, type: me.type, admin: me.admin },
    keep: "profile",
  });
  const { errors } = form.formState;
  const save = useMutation(
    trpc.auth.updateUser.mutationOptions({
      onSuccess: async (r) => {
        toast.success(messages.userUpdated);
        form.reset({ name: r.user.name, type: r.user.type, admin: r.user.admin });
        await queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() });
      },
      onError: (err) =>
        form.setError(serverError, {
          message: `${messages.userUpdateFailed}: ${errorMessage(err, "please try again.")}`,
        }),
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">Your details</h2>
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} className="mt-5 flex flex-col gap-5" noValidate>
        <TextField label="Email" value={me.email} readOnly disabled />
        <TextField label="Name" required maxLength={100} error={errors.name?.message} {...form.register("name")} />
        {me.admin ? (
          <SelectField
            label="Type"
            options={memberTypes.map((t) => ({ value: t, label: t }))}
            error={errors.type?.message}
            {...form.register("type")}
          />
        ) : (
          <p className="text-sm text-ink-soft">Member type: {me.type}</p>
        )}
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" disabled={save.isPending} className="self-start">
          Save details
        </Button>
      </form>
    </Card>
  );
}
