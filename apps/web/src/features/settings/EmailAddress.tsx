import { changeEmailInput, maskEmail } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

/**
 * Settings → her e-mail address: the one she signs in with and the club writes to. A new one is
 * hers once she opens the link mailed to it; her present address is told when it changes.
 */
export function EmailAddress() {
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const { data: pending } = useSuspenseQuery(trpc.account.emailChange.queryOptions());
  const form = useZodForm(changeEmailInput, { defaultValues: { newEmail: "", password: "" } });
  const { errors } = form.formState;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.emailChange.queryKey() });
  const request = useMutation(
    trpc.account.requestEmailChange.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        form.reset();
        await refresh();
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "Please try again.") }),
    }),
  );
  const cancel = useMutation(
    trpc.account.cancelEmailChange.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The change could not be cancelled.")),
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">E-mail address</h2>
      <p className="mt-2 text-sm text-ink-soft">
        You sign in with <strong className="text-ink">{me.email}</strong>, and the club writes to you there.
      </p>
      {pending ? (
        <div className="mt-5 flex flex-col items-start gap-3" aria-live="polite">
          <Alert tone="info">
            We sent a link to <strong>{pending.newEmail}</strong>. Open it to make it your address (it works until{" "}
            {formatMoment(new Date(pending.expiresAt), "MMM d, h:mm a")}). Until then nothing changes.
          </Alert>
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            Cancel the change
          </Button>
        </div>
      ) : (
        <form
          onSubmit={form.handleSubmit((v) => request.mutate(v))}
          className="mt-5 flex flex-col gap-5"
          noValidate
          aria-label="Change your e-mail address"
        >
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            error={errors.newEmail?.message}
            {...form.register("newEmail")}
          />
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            hint={`To be sure it is you. ${maskEmail(me.email)} will be told of the change.`}
            error={errors.password?.message}
            {...form.register("password")}
          />
          {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
          <Button type="submit" disabled={request.isPending} className="self-start">
            Send the link
          </Button>
        </form>
      )}
    </Card>
  );
}
