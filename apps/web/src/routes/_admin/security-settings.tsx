import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useId, useState } from "react";
import { toast } from "sonner";
import { TravelDiscounts } from "../../features/admin/TravelDiscounts";
import { errorMessage, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { cn } from "../../ui/cn";
import { Card, Page } from "../../ui/Page";

export const Route = createFileRoute("/_admin/security-settings")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.clubSettings.get.queryOptions());
  },
  component: SecuritySettings,
});

/** The club's security settings: for now, how administrators must sign in to use the admin tools. */
function SecuritySettings() {
  const queryClient = useQueryClient();
  const { data: settings } = useSuspenseQuery(trpc.clubSettings.get.queryOptions());
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const strict = settings.adminSignIn === "passkey-or-provider";
  const update = useMutation(
    trpc.clubSettings.update.mutationOptions({
      onSuccess: async (next) => {
        setConfirming(false);
        queryClient.setQueryData(trpc.clubSettings.get.queryKey(), next);
        toast.success(
          next.adminSignIn === "passkey-or-provider"
            ? "Administrators must now sign in with a passkey or the identity provider."
            : "Administrators may sign in any way again, a password included.",
        );
      },
      onError: (err) => {
        setConfirming(false);
        toast.error(errorMessage(err, "The setting could not be changed."));
      },
    }),
  );
  const toggle = () => {
    // Turning it on can shut admins out: it is confirmed first. Turning it off only opens.
    if (strict) update.mutate({ adminSignIn: "any" });
    else setConfirming(true);
  };

  return (
    <Page title="Security settings" lead="Rules for the whole club, changed by administrators.">
      <Card className="max-w-3xl">
        <h2 id={labelId} className="text-2xl text-plum">
          Administrators sign in with a passkey or the identity provider
        </h2>
        <p id={hintId} className="mt-2 text-sm text-ink-soft">
          When on, an administrator signed in with a password alone (or using an API token made in such a session)
          cannot use the admin tools until she signs in with a passkey or the club's identity provider. Members are not
          affected, and the <code>club</code> command on the server always works.
        </p>
        <div className="mt-5 flex items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={strict}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            disabled={update.isPending}
            onClick={toggle}
            className={cn(
              "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-plum/40 disabled:opacity-50",
              strict ? "border-plum bg-plum" : "border-ink-soft/40 bg-paper-deep",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "inline-block size-5 rounded-full bg-white shadow transition-transform",
                strict ? "translate-x-6" : "translate-x-0.5",
              )}
            />
          </button>
          <span className="text-sm font-medium text-ink">
            {strict ? "On: a passkey or the identity provider" : "Off: any sign-in, a password included"}
          </span>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Require a passkey or the identity provider for administrators?"
        description="Administrators signed in with a password, and their API tokens made that way, lose the admin tools at once. Make sure each administrator has a passkey or a linked identity first. You must be signed in with one yourself."
        confirmLabel="Yes, Require it"
        tone="primary"
        busy={update.isPending}
        onConfirm={() => update.mutate({ adminSignIn: "passkey-or-provider" })}
      />
      <div className="mt-8">
        <TravelDiscounts discounts={settings.travelDiscounts} />
      </div>
    </Page>
  );
}
