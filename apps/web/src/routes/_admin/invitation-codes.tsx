import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { Card, Page } from "../../ui/Page";

export const Route = createFileRoute("/_admin/invitation-codes")({
  component: function InvitationCodesPage() {
    const queryClient = useQueryClient();
    const codes = useQuery(trpc.invitationCodes.list.queryOptions());
    const [uses, setUses] = useState("");
    const [expires, setExpires] = useState("");
    const [created, setCreated] = useState<string>();
    const [error, setError] = useState<string>();
    const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitationCodes.list.queryKey() });
    const create = useMutation(
      trpc.invitationCodes.create.mutationOptions({
        onSuccess: async (r) => {
          setCreated(r.code);
          setUses("");
          setExpires("");
          await refresh();
        },
        onError: (err) => setError(errorMessage(err, "The code could not be created.")),
      }),
    );
    const revoke = useMutation(trpc.invitationCodes.revoke.mutationOptions({ onSuccess: refresh }));

    function submit(e: FormEvent) {
      e.preventDefault();
      setError(undefined);
      setCreated(undefined);
      create.mutate({
        maxUses: uses ? Number(uses) : null,
        expiresAt: expires ? new Date(`${expires}T23:59:59`) : null,
      });
    }

    return (
      <Page title="Invitation codes" lead="A code admits applications; it is shown once, when it is created.">
        <Card>
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <TextField
              label="Uses (empty: unlimited)"
              type="number"
              min={1}
              value={uses}
              onChange={(e) => setUses(e.target.value)}
            />
            <TextField
              label="Expires (optional)"
              type="date"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
            <Button type="submit" disabled={create.isPending}>
              Create code
            </Button>
          </form>
          {error ? <Alert className="mt-4">{error}</Alert> : null}
          {created ? (
            <Alert tone="success" className="mt-4">
              New code (copy it now): <code className="ml-1 font-semibold tracking-wider">{created}</code>
            </Alert>
          ) : null}
        </Card>
        <ul className="mt-6 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {codes.data?.length === 0 ? <li className="p-4 text-ink-soft">No invitation codes yet.</li> : null}
          {codes.data?.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
              <div>
                <p className="font-medium text-ink">
                  Code ending …{c.hint}{" "}
                  <span className="ml-2 rounded-full bg-paper-deep px-2 py-0.5 text-xs text-ink-soft">{c.status}</span>
                </p>
                <p className="text-ink-soft">
                  {c.usesLeft === null ? "Unlimited uses" : `${c.usesLeft} of ${c.maxUses} uses left`} ·{" "}
                  {c.expiresAt ? `expires ${format(c.expiresAt, "MMM d, yyyy")}` : "no expiry"} · created{" "}
                  {format(c.createdAt, "MMM d, yyyy")}
                </p>
              </div>
              {c.status === "active" ? (
                <Button
                  variant="ghost"
                  onClick={() => revoke.mutate({ id: c.id })}
                  aria-label={`Revoke code ending ${c.hint}`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Page>
    );
  },
});
