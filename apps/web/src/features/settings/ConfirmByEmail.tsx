import { useMutation } from "@tanstack/react-query";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";

/** The server's refusal of a new way in from a password session not yet confirmed by e-mail. */
export const needsConfirmation = (err: unknown) => errorCode(err) === "PRECONDITION_FAILED";

/**
 * Shown in place of a refusal when a session signed in with a password tries to add a passkey or
 * connect an identity (docs/decisions.md, "New ways in"): why, and a button that mails her the link
 * that lets this browser go on for a few minutes.
 */
export function ConfirmByEmail({ what }: { what: string }) {
  const send = useMutation(trpc.auth.confirmByEmail.mutationOptions());
  return (
    <Alert tone="info" className="mt-4">
      <p className="font-medium">First, confirm it is you</p>
      <p className="mt-1">
        You signed in with your password. Before {what}, we check that it is really you and not someone who learned your
        password: we e-mail you a link, and once you open it in this browser you can go on for 15 minutes.
      </p>
      {send.isSuccess ? (
        <p className="mt-3 font-medium">
          E-mail sent. Open the link in it in this browser, then come back and try again.
        </p>
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
