import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Card } from "../../ui/Page";

const when = (d: Date | null) => (d ? format(d, "MMM d, yyyy HH:mm") : "never");

/** Personal API tokens for scripts: shown once, listed with their last use, revocable. */
export function ApiTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [name, setName] = useState("");
  const [expires, setExpires] = useState("");
  const [created, setCreated] = useState<string>();
  const [error, setError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (t) => {
        setCreated(t.token);
        setName("");
        setExpires("");
        await refresh();
      },
      onError: (err) => setError(errorMessage(err, "The token could not be created.")),
    }),
  );
  const revoke = useMutation(trpc.apiTokens.revoke.mutationOptions({ onSuccess: refresh }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setCreated(undefined);
    create.mutate({ name, expiresAt: expires ? new Date(`${expires}T23:59:59`) : null });
  }

  return (
    <Card>
      <h2 className="text-2xl text-plum">API tokens</h2>
      <p className="mt-2 text-sm text-ink-soft">
        For scripts that use the club's API (see <code>@club/client</code>). A token acts with your rights; keep it
        secret. Changing or resetting your password, or a change of your membership type, ends all your tokens, as it
        ends your other sessions.
      </p>
      <form onSubmit={submit} className="mt-5 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField label="Token name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        <TextField
          label="Expires (optional)"
          type="date"
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <Button type="submit" disabled={create.isPending || !name.trim()}>
          Create token
        </Button>
      </form>
      {error ? <Alert className="mt-4">{error}</Alert> : null}
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
              <p className="font-medium text-ink">{t.name}</p>
              <p className="text-ink-soft">
                Created {when(t.createdAt)} · last used {when(t.lastUsedAt)} · expires{" "}
                {t.expiresAt ? when(t.expiresAt) : "never"}
              </p>
            </div>
            <Button variant="ghost" onClick={() => revoke.mutate({ id: t.id })} aria-label={`Revoke ${t.name}`}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
