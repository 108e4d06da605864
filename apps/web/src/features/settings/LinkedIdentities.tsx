import { isOidcRefusal, OIDC_LINKED, oidcRefusalMessages } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Card } from "../../ui/Page";
import { ConfirmByEmail, needsConfirmation } from "./ConfirmByEmail";

const when = (d: Date | null) => (d ? formatMoment(d, "MMM d, yyyy HH:mm") : "never");
const hostOf = (issuer: string) => {
  try {
    return new URL(issuer).hostname;
  } catch {
    return issuer;
  }
};

/**
 * Her identities at the club's identity provider: each signs her in. She connects one here (a
 * round trip through the provider, which comes back with `?oidc=` saying how it went) and removes
 * one, unless it is her only way in (the server says so).
 */
export function LinkedIdentities({ notice }: { notice?: string | undefined }) {
  const queryClient = useQueryClient();
  const provider = useQuery(trpc.identities.provider.queryOptions()).data;
  const identities = useQuery(trpc.identities.list.queryOptions());
  const [unlinking, setUnlinking] = useState<{ id: string; name: string }>();
  const label = provider?.label ?? "the identity provider";
  const connect = useMutation(
    trpc.identities.startLink.mutationOptions({
      // The provider's sign-in screens, then back to Settings.
      onSuccess: ({ url }) => window.location.assign(url),
      // A password session not confirmed by e-mail is answered below the button, not in a toast.
      onError: (err) =>
        needsConfirmation(err) || toast.error(errorMessage(err, `Could not connect to ${label}. Please try again.`)),
    }),
  );
  const unlink = useMutation(
    trpc.identities.unlink.mutationOptions({
      onSuccess: async () => {
        toast.success(`${unlinking?.name ?? "The identity"} no longer signs you in.`);
        setUnlinking(undefined);
        await queryClient.invalidateQueries({ queryKey: trpc.identities.list.queryKey() });
      },
      onError: (err) => {
        setUnlinking(undefined);
        toast.error(errorMessage(err, "The identity could not be removed."));
      },
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">Signing in with {label}</h2>
      <p className="mt-2 text-sm text-ink-soft">
        Connect your account at {label} to sign in to the club with it. It signs in only this account; removing it
        leaves your password and passkeys as they are.
      </p>
      {notice === OIDC_LINKED ? (
        <Alert tone="success" className="mt-4">
          Your {label} account is connected: you can now sign in with it.
        </Alert>
      ) : isOidcRefusal(notice) ? (
        <Alert className="mt-4">{oidcRefusalMessages[notice]}</Alert>
      ) : null}
      <ul className="mt-5 divide-y divide-line">
        {identities.data?.length === 0 ? (
          <li className="py-3 text-sm text-ink-soft">No identity connected yet.</li>
        ) : null}
        {identities.data?.map((identity) => {
          const name = identity.email ?? `An account at ${hostOf(identity.issuer)}`;
          return (
            <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-all font-medium text-ink">{name}</p>
                <p className="text-ink-soft">
                  Linked {when(identity.createdAt)} · last used {when(identity.lastUsedAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                onClick={() => setUnlinking({ id: identity.id, name })}
                aria-label={`Unlink ${name}`}
              >
                Unlink
              </Button>
            </li>
          );
        })}
      </ul>
      {provider ? (
        <Button variant="secondary" className="mt-4" disabled={connect.isPending} onClick={() => connect.mutate()}>
          {connect.isPending ? "Connecting…" : `Connect ${provider.label}`}
        </Button>
      ) : null}
      {needsConfirmation(connect.error) ? (
        <ConfirmByEmail what={`connecting ${label}`} onConfirmed={() => connect.reset()} />
      ) : null}
      <ConfirmDialog
        open={Boolean(unlinking)}
        onOpenChange={(open) => !open && setUnlinking(undefined)}
        title={`Unlink ${unlinking?.name ?? ""}?`}
        description={`It will no longer sign you in to the club. You can connect it again later.`}
        confirmLabel="Yes, Unlink"
        busy={unlink.isPending}
        onConfirm={() => unlinking && unlink.mutate({ id: unlinking.id })}
      />
    </Card>
  );
}
