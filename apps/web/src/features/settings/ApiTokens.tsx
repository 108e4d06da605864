import { apiTokenForm, apiTokenScopeLabels, apiTokenScopes } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SelectField, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

const when = (d: Date | null) => (d ? formatMoment(d, "MMM d, yyyy HH:mm") : "never");
const scopeOptions = apiTokenScopes.map((value) => ({ value, label: apiTokenScopeLabels[value] }));

/** Personal API tokens for scripts: shown once, listed with their last use, revocable. */
export function ApiTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const form = useZodForm(apiTokenForm, { defaultValues: { name: "", scope: "read", expires: "" } });
  const { errors } = form.formState;
  const [created, setCreated] = useState<string>();
  const [revoking, setRevoking] = useState<{ id: string; name: string }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (t) => {
        setCreated(t.token);
        form.reset();
        await refresh();
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The token could not be created.") }),
    }),
  );
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success(`The token "${revoking?.name}" was revoked.`);
        setRevoking(undefined);
        await refresh();
      },
      onError: (err) => {
        setRevoking(undefined);
        toast.error(errorMessage(err, "The token could not be revoked."));
      },
    }),
  );

  return (
    <Card>
      <h3 className="text-2xl text-plum">API tokens</h3>
      <p className="mt-2 text-sm text-ink-soft">
        For scripts that use the club's API (see <code>@club/client</code>). A token acts with your rights, never more,
        within its scope: <strong>Read only</strong> reads; <strong>Seeding</strong> also adds and changes members,
        codes, events, comments and media (what <code>club seed</code> needs); <strong>Everything I may do</strong> is
        all you may do. No token can make or revoke tokens. Keep it secret. Changing or resetting your password, or a
        change of your membership type, ends all your tokens, as it ends your other sessions.
      </p>
      <form
        onSubmit={form.handleSubmit(({ name, scope, expires }) => {
          setCreated(undefined);
          create.mutate({ name, scope, expiresAt: expires });
        })}
        className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-start"
        noValidate
      >
        <TextField
          label="Token name"
          required
          maxLength={100}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField label="Scope" options={scopeOptions} error={errors.scope?.message} {...form.register("scope")} />
        <TextField
          label="Expires (optional)"
          type="date"
          error={errors.expires?.message}
          {...form.register("expires")}
        />
        <Button type="submit" disabled={create.isPending} className="sm:mt-7">
          Create token
        </Button>
      </form>
      {errors.root?.server ? <Alert className="mt-4">{errors.root.server.message}</Alert> : null}
      {created ? (
        <Alert tone="success" className="mt-4">
          Copy your new token now; it will not be shown again:
          <code className="mt-2 block break-all rounded bg-card px-2 py-1 text-ink">{created}</code>
        </Alert>
      ) : null}
      <ul className="mt-5 divide-y divide-line">
        {tokens.data?.length === 0 ? <li className="py-3 text-sm text-ink-soft">No tokens yet.</li> : null}
        {tokens.data?.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-ink">
                {t.name}
                <span className="ml-2 rounded-full bg-plum-soft px-2 py-0.5 font-normal text-plum text-xs">
                  {apiTokenScopeLabels[t.scope]}
                </span>
              </p>
              <p className="text-ink-soft">
                Created {when(t.createdAt)} · last used {when(t.lastUsedAt)} · expires{" "}
                {t.expiresAt ? when(t.expiresAt) : "never"}
              </p>
            </div>
            <Button variant="ghost" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.name}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={`Revoke the token "${revoking?.name ?? ""}"?`}
        description="Scripts using it stop working at once. This cannot be undone."
        confirmLabel="Yes, Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </Card>
  );
}
