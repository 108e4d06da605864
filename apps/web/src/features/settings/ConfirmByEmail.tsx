import { confirmationCodeInput } from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";

/** The server's refusal of a new way in from a password session not yet confirmed by e-mail. */
export const needsConfirmation = (err: unknown) => errorCode(err) === "PRECONDITION_FAILED";

/**
 * Shown in place of a refusal when a session signed in with a password tries to add a passkey or
 * connect an identity (docs/decisions/README.md, "New ways in"): why, a button that mails her a code and
 * a link, and the field for the code (her mailbox may be on her phone, where the link would open
 * in another browser). Confirmed, this browser may go on for 15 minutes.
 */
export function ConfirmByEmail({ what, onConfirmed }: { what: string; onConfirmed: () => void }) {
  const send = useMutation(trpc.auth.confirmByEmail.mutationOptions());
  const form = useZodForm(confirmationCodeInput, { defaultValues: { code: "" } });
  const { errors } = form.formState;
  const confirm = useMutation(
    trpc.auth.confirmSessionByCode.mutationOptions({
      onSuccess: () => {
        toast.success(`Confirmed. You can go on with ${what} for 15 minutes.`);
        onConfirmed();
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "Please try again.") }),
    }),
  );
  return (
    <Alert tone="info" className="mt-4">
      <p className="font-medium">First, confirm it is you</p>
      <p className="mt-1">
        You signed in with your password. Before {what}, we check that it is really you and not someone who learned your
        password: we e-mail you a code to type here (or a link to open in this browser), and then you can go on for 15
        minutes.
      </p>
      {send.isSuccess ? (
        <>
          <p className="mt-3 font-medium">{send.data.message}</p>
          <form
            onSubmit={form.handleSubmit((v) => confirm.mutate(v))}
            className="mt-3 flex flex-wrap items-end gap-3"
            noValidate
            aria-label="Confirm with the code"
          >
            <TextField
              label="Code from the e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              placeholder="123 456"
              className="w-40"
              error={errors.code?.message}
              {...form.register("code")}
            />
            <Button type="submit" disabled={confirm.isPending}>
              Confirm
            </Button>
          </form>
          {errors.root?.server ? (
            <p role="alert" className="mt-2 text-danger">
              {errors.root.server.message}
            </p>
          ) : null}
          <Button variant="ghost" className="mt-2" disabled={send.isPending} onClick={() => send.mutate()}>
            Send a new e-mail
          </Button>
        </>
      ) : (
        <Button variant="secondary" className="mt-3" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? "Sending…" : "Send me a confirmation e-mail"}
        </Button>
      )}
      {send.isError ? (
        <p role="alert" className="mt-2 text-danger">
          {errorMessage(send.error, "The e-mail could not be sent. Please try again.")}
        </p>
      ) : null}
    </Alert>
  );
}
