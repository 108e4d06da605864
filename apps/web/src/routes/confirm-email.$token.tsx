import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button, ButtonLink } from "../ui/Button";
import { Card, Page } from "../ui/Page";

/**
 * The link mailed to the address a member asked to use. Opening it changes nothing (mail scanners
 * open every link); the button does. It works in any browser, signed in or not: holding the link
 * is the proof that she reads that mailbox.
 */
export const Route = createFileRoute("/confirm-email/$token")({
  component: function ConfirmEmailPage() {
    const { token } = Route.useParams();
    const queryClient = useQueryClient();
    const signedIn = useQuery(trpc.auth.status.queryOptions()).data?.authenticated === true;
    const confirm = useMutation(
      trpc.account.confirmEmailChange.mutationOptions({
        // Her address shows in Settings and the menu of every open page of hers.
        onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() }),
      }),
    );
    return (
      <Page title="Confirm your new e-mail address" width="narrow">
        <Card>
          <div className="flex flex-col items-start gap-5" aria-live="polite">
            {confirm.isSuccess ? (
              <>
                <Alert tone="success">{confirm.data.message}</Alert>
                {/* Signed in here already: on to Settings, where her new address shows; else Login. */}
                {signedIn ? (
                  <ButtonLink to="/settings">Back to Settings</ButtonLink>
                ) : (
                  <ButtonLink to="/login">Go to Login</ButtonLink>
                )}
              </>
            ) : (
              <>
                <p className="text-ink">
                  Use this address for your club account from now on: you will sign in with it, and the club will write
                  to you here. Your former address will be told of the change.
                </p>
                <Button disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
                  Confirm my new address
                </Button>
                {confirm.isError ? (
                  <Alert>{errorMessage(confirm.error, "Your address could not be changed. Please try again.")}</Alert>
                ) : null}
              </>
            )}
          </div>
        </Card>
      </Page>
    );
  },
});
