import { webhookInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../../lib/moments";
import { errorMessage, trpc } from "../../../lib/trpc";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { Dialog } from "../../../ui/Dialog";
import { serverError, useZodForm } from "../../../ui/form";
import { WebhookFields } from "./WebhookFields";
import type { Webhook } from "./WebhookList";

/**
 * What an admin does with a webhook besides removing it: post its waiting messages now (once its
 * receiver is mended), pause and resume it, send it a test message, and edit its name, address and
 * events in place.
 */
export function WebhookControls({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [rotating, setRotating] = useState(false);
  /** The new secret, shown here once. */
  const [rotated, setRotated] = useState<{ secret: string; previousUntil: Date }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const retry = useMutation(
    trpc.webhooks.retryNow.mutationOptions({
      onSuccess: async ({ message }) => {
        toast.success(message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The messages could not be posted now.")),
    }),
  );
  const pause = useMutation(
    trpc.webhooks.pause.mutationOptions({
      onSuccess: async (w) => {
        toast.success(
          w.pausedAt
            ? `“${w.name}” is paused: its messages wait until you resume it.`
            : `“${w.name}” is resumed: its waiting messages are on their way.`,
        );
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The webhook could not be changed.")),
    }),
  );
  const ping = useMutation(
    trpc.webhooks.ping.mutationOptions({
      onSuccess: async ({ message }) => {
        toast.success(message);
        await refresh();
      },
      onError: (err) => toast.error(errorMessage(err, "The test message could not be sent.")),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async ({ secret, previousUntil }) => {
        setRotating(false);
        setRotated({ secret, previousUntil });
        await refresh();
      },
      onError: (err) => {
        setRotating(false);
        toast.error(errorMessage(err, "The secret could not be changed."));
      },
    }),
  );
  const paused = Boolean(webhook.pausedAt);
  return (
    <div className="mb-6 flex flex-wrap gap-2">
      <Button
        variant="secondary"
        disabled={paused || webhook.pending === 0 || retry.isPending}
        title={paused ? "Resume it first" : webhook.pending === 0 ? "Nothing is waiting" : undefined}
        onClick={() => retry.mutate({ id: webhook.id })}
      >
        Retry now{webhook.pending > 0 ? ` (${webhook.pending} waiting)` : ""}
      </Button>
      <Button
        variant="secondary"
        disabled={pause.isPending}
        onClick={() => pause.mutate({ id: webhook.id, paused: !paused })}
      >
        {paused ? "Resume" : "Pause"}
      </Button>
      <Button
        variant="secondary"
        disabled={paused || ping.isPending}
        title={paused ? "Resume it first" : undefined}
        onClick={() => ping.mutate({ id: webhook.id })}
      >
        Send a test message
      </Button>
      <Button variant="ghost" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button variant="ghost" onClick={() => setRotating(true)}>
        Rotate secret
      </Button>
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title={`Give “${webhook.name}” a new secret?`}
        description="The new secret is shown once. For a day the old one signs each message beside it, so its receiver can move to the new one without missing a message."
        confirmLabel="Yes, Rotate"
        tone="primary"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate({ id: webhook.id })}
      />
      {rotated ? (
        <Alert tone="success" className="w-full">
          <p className="font-medium">Its new secret (shown this once):</p>
          <code className="mt-2 block rounded-lg border border-success/20 bg-card px-3 py-2 font-mono text-sm break-all text-ink select-all">
            {rotated.secret}
          </code>
          <p className="mt-2 text-sm">
            The old secret signs each message beside it until {formatMoment(rotated.previousUntil, "MMM d, h:mm a")}.
          </p>
        </Alert>
      ) : null}
      <Dialog open={editing} onOpenChange={setEditing} title={`Edit “${webhook.name}”`} size="lg">
        {editing ? <EditWebhookForm webhook={webhook} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </div>
  );
}

/** Its name, address and events; the secret, its waiting messages and its log stay as they are. */
function EditWebhookForm({ webhook, onDone }: { webhook: Webhook; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(webhookInput, {
    defaultValues: { name: webhook.name, url: webhook.url, events: webhook.events },
  });
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async (w) => {
        toast.success(`“${w.name}” is saved.`);
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The webhook could not be saved.") }),
    }),
  );
  const problem = form.formState.errors.root?.server?.message;
  return (
    <form
      aria-label={`Edit ${webhook.name}`}
      onSubmit={form.handleSubmit((input) => update.mutate({ id: webhook.id, ...input }))}
      className="grid gap-6"
      noValidate
    >
      <WebhookFields form={form} />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
