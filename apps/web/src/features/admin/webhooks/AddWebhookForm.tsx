import { webhookInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../../lib/trpc";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { serverError, useZodForm } from "../../../ui/form";
import { Card } from "../../../ui/Page";
import { WebhookFields } from "./WebhookFields";

/** A webhook just added, with its secret: shown until the next one is added or it is removed. */
export interface AddedWebhook {
  id: string;
  name: string;
  secret: string;
}

/**
 * The form that adds a webhook: its name, the address the club posts to, and the events it is
 * told of. The server says whether it may post to the address; its refusal is shown under the form.
 */
export function AddWebhookForm({
  added,
  onAdded,
}: {
  added: AddedWebhook | undefined;
  onAdded: (added: AddedWebhook | undefined) => void;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(webhookInput, { defaultValues: { name: "", url: "", events: [] } });
  const { errors } = form.formState;
  const add = useMutation(
    trpc.webhooks.add.mutationOptions({
      onSuccess: async ({ webhook, secret }) => {
        onAdded({ id: webhook.id, name: webhook.name, secret });
        form.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The webhook could not be added.") }),
    }),
  );
  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Secret copied");
    } catch {
      toast.error("The secret could not be copied: select it and copy it yourself.");
    }
  };

  return (
    <Card>
      <h2 className="text-2xl text-plum">Add a webhook</h2>
      <form
        aria-label="Add a webhook"
        onSubmit={form.handleSubmit((input) => {
          onAdded(undefined);
          add.mutate(input);
        })}
        className="mt-5 grid gap-6"
        noValidate
      >
        <WebhookFields form={form} />
        <div>
          <Button type="submit" disabled={add.isPending}>
            Add webhook
          </Button>
        </div>
      </form>
      {errors.root?.server ? <Alert className="mt-5">{errors.root.server.message}</Alert> : null}
      {added ? (
        <Alert tone="success" className="mt-5">
          <p className="font-medium">The webhook “{added.name}” was added. Its secret:</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <code className="min-w-[12rem] flex-1 rounded-lg border border-success/20 bg-card px-3 py-2 font-mono text-sm break-all text-ink select-all">
              {added.secret}
            </code>
            <Button variant="secondary" onClick={() => copy(added.secret)}>
              Copy
            </Button>
          </div>
          <p className="mt-3">
            Copy it now: it is not shown again. The receiver checks each message's signature with it.
          </p>
        </Alert>
      ) : null}
    </Card>
  );
}
