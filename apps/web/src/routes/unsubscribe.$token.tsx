import { mailKindLabels } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Card, Page } from "../ui/Page";

/**
 * The page an unsubscribe link in a bulk mail's footer opens (and what a mail provider's
 * List-Unsubscribe shows the reader). Opening it changes nothing — link scanners open every link,
 * and RFC 8058 forbids a GET that unsubscribes — so she confirms with the button, and can undo.
 */
export const Route = createFileRoute("/unsubscribe/$token")({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(context.trpc.unsubscribe.get.queryOptions({ token: params.token }));
  },
  pendingComponent: () => <Page title="Unsubscribe" lead="Checking your link…" width="narrow" />,
  errorComponent: ({ error }) => (
    <Page title="Unsubscribe" width="narrow">
      <Alert>
        {errorCode(error) === "NOT_FOUND"
          ? errorMessage(error, "This unsubscribe link is not valid.")
          : "Your link could not be checked. Please try again later."}
      </Alert>
    </Page>
  ),
  component: function UnsubscribePage() {
    const { token } = Route.useParams();
    const queryClient = useQueryClient();
    const options = trpc.unsubscribe.get.queryOptions({ token });
    const { data } = useSuspenseQuery(options);
    const set = useMutation(
      trpc.unsubscribe.set.mutationOptions({
        onSuccess: (saved) => queryClient.setQueryData(options.queryKey, saved),
      }),
    );
    const label = mailKindLabels[data.kind];
    // "Undo" right after unsubscribing here; "Resubscribe" when she arrives already unsubscribed.
    const undoneHere = set.isSuccess && set.variables.receive === false;
    return (
      <Page title="Unsubscribe" width="narrow">
        <Card>
          <div className="flex flex-col items-start gap-5" aria-live="polite">
            {data.address ? (
              <p className="text-sm text-ink-soft">
                For <strong className="text-ink">{data.address}</strong>
              </p>
            ) : null}
            {data.receives ? (
              <>
                <p className="text-ink">
                  {set.isSuccess ? "You receive " : "Stop receiving "}
                  <strong>{label.what}</strong>
                  {set.isSuccess ? " again." : "?"}
                </p>
                <p className="text-sm text-ink-soft">{label.description}</p>
                <Button disabled={set.isPending} onClick={() => set.mutate({ token, receive: false })}>
                  Unsubscribe
                </Button>
              </>
            ) : (
              <>
                <Alert tone="success">
                  You are unsubscribed from {label.what}. Account e-mails (sign-in, password and security notices) still
                  reach you.
                </Alert>
                <Button
                  variant="secondary"
                  disabled={set.isPending}
                  onClick={() => set.mutate({ token, receive: true })}
                >
                  {undoneHere ? "Undo" : "Resubscribe"}
                </Button>
              </>
            )}
            {set.isError ? <Alert>{errorMessage(set.error, "Your choice could not be saved.")}</Alert> : null}
            <p className="text-sm text-ink-soft">
              Members choose every kind of e-mail they receive in{" "}
              <Link to="/settings/email" className="underline">
                Settings
              </Link>
              .
            </p>
          </div>
        </Card>
      </Page>
    );
  },
});
