import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { formatMoment } from "../../lib/moments";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { ButtonLink } from "../../ui/Button";
import { Card, Page } from "../../ui/Page";

/**
 * The link mailed by "Send me a confirmation e-mail" (docs/decisions/README.md, "New ways in"): opened
 * signed in, in the browser that asked, it lets this session add a passkey or connect an identity
 * for a few minutes. The members' area asks her to sign in first when she is not.
 */
export const Route = createFileRoute("/_member/confirm-sign-in/$token")({
  component: function ConfirmSignIn() {
    const { token } = Route.useParams();
    const confirm = useMutation(trpc.auth.confirmSession.mutationOptions());
    // Once: the link serves once, and a second call would be refused.
    const started = useRef(false);
    useEffect(() => {
      if (started.current) return;
      started.current = true;
      confirm.mutate({ token });
    }, [confirm, token]);

    return (
      <Page title="Confirm it is you" width="narrow">
        <Card>
          {confirm.data ? (
            <div className="flex flex-col items-start gap-5">
              <Alert tone="success">
                Confirmed. Until {formatMoment(confirm.data.confirmedUntil, "HH:mm")}, this browser can add a passkey or
                connect an account to sign in with.
              </Alert>
              <ButtonLink to="/settings/security">Continue in Settings</ButtonLink>
            </div>
          ) : confirm.isError ? (
            <div className="flex flex-col items-start gap-5">
              <Alert>
                {errorCode(confirm.error)
                  ? errorMessage(confirm.error, "This link could not be used.")
                  : "This link could not be used. Please try again."}
              </Alert>
              <ButtonLink to="/settings/security" variant="secondary">
                Back to Settings
              </ButtonLink>
            </div>
          ) : (
            <p className="text-ink-soft">Confirming…</p>
          )}
        </Card>
      </Page>
    );
  },
});
