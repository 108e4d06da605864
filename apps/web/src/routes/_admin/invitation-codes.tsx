import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card, Page } from "../../ui/Page";

/** The form's fields as typed: uses empty for unlimited, an optional last day. */
const codeForm = z.object({
  uses: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1), "Uses must be a whole number of at least 1."),
  expires: z.string(),
});

export const Route = createFileRoute("/_admin/invitation-codes")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.invitationCodes.list.queryOptions());
  },
  pendingComponent: () => <Page title="Invitation codes" lead="Loading codes…" />,
  component: InvitationCodesPage,
});

function InvitationCodesPage() {
  const queryClient = useQueryClient();
  const { data: codes } = useSuspenseQuery(trpc.invitationCodes.list.queryOptions());
  const [created, setCreated] = useState<string>();
  const [revoking, setRevoking] = useState<{ id: string; hint: string }>();
  const form = useZodForm(codeForm, { defaultValues: { uses: "", expires: "" } });
  const { errors } = form.formState;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitationCodes.list.queryKey() });
  const create = useMutation(
    trpc.invitationCodes.create.mutationOptions({
      onSuccess: async (r) => {
        setCreated(r.code);
        form.reset();
        await refresh();
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The code could not be created.") }),
    }),
  );
  const revoke = useMutation(
    trpc.invitationCodes.revoke.mutationOptions({
      onSuccess: async () => {
        toast.success(`The code ending …${revoking?.hint ?? ""} was revoked.`);
        setRevoking(undefined);
        await refresh();
      },
      onError: (err) => {
        setRevoking(undefined);
        toast.error(errorMessage(err, "The code could not be revoked."));
      },
    }),
  );

  return (
    <Page title="Invitation codes" lead="A code admits applications; it is shown once, when it is created.">
      <Card>
        <form
          onSubmit={form.handleSubmit(({ uses, expires }) => {
            setCreated(undefined);
            create.mutate({
              maxUses: uses ? Number(uses) : null,
              expiresAt: expires ? new Date(`${expires}T23:59:59`) : null,
            });
          })}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          noValidate
        >
          <TextField
            label="Uses (empty: unlimited)"
            type="number"
            min={1}
            error={errors.uses?.message}
            {...form.register("uses")}
          />
          <TextField label="Expires (optional)" type="date" {...form.register("expires")} />
          <Button type="submit" disabled={create.isPending}>
            Create code
          </Button>
        </form>
        {errors.root?.server ? <Alert className="mt-4">{errors.root.server.message}</Alert> : null}
        {created ? (
          <Alert tone="success" className="mt-4">
            New code (copy it now): <code className="ml-1 font-semibold tracking-wider">{created}</code>
          </Alert>
        ) : null}
      </Card>
      <ul className="mt-6 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
        {codes.length === 0 ? <li className="p-4 text-ink-soft">No invitation codes yet.</li> : null}
        {codes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <div>
              <p className="font-medium text-ink">
                Code ending …{c.hint}{" "}
                <span className="ml-2 rounded-full bg-paper-deep px-2 py-0.5 text-xs text-ink-soft">{c.status}</span>
              </p>
              <p className="text-ink-soft">
                {c.usesLeft === null ? "Unlimited uses" : `${c.usesLeft} of ${c.maxUses} uses left`} ·{" "}
                {c.expiresAt ? `expires ${formatMoment(c.expiresAt, "MMM d, yyyy")}` : "no expiry"} · created{" "}
                {formatMoment(c.createdAt, "MMM d, yyyy")}
              </p>
            </div>
            {c.status === "active" ? (
              <Button
                variant="ghost"
                onClick={() => setRevoking({ id: c.id, hint: c.hint })}
                aria-label={`Revoke code ending ${c.hint}`}
              >
                Revoke
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(revoking)}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={`Revoke the code ending …${revoking?.hint ?? ""}?`}
        description="Nobody can apply with it any more. Applications already made with it stay."
        confirmLabel="Yes, Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </Page>
  );
}
