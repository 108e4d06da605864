import { webhookEventTypeNames, webhookEventTypes, webhookInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../../lib/trpc";
import { Alert } from "../../../ui/Alert";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/Field";
import { serverError, useZodForm } from "../../../ui/form";
import { Card } from "../../../ui/Page";

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
  const eventsHint = useId();
  const eventsError = useId();
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
        <div className="grid gap-4 md:grid-cols-[1fr_2fr] md:items-start">
          <TextField
            label="Name"
            required
            maxLength={80}
            autoComplete="off"
            hint="For you: the system it tells, such as “Membership CRM”."
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextField
            label="Address"
            required
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            placeholder="https://crm.example.com/club-hooks"
            hint="Where each message is posted; it starts with https://."
            error={errors.url?.message}
            {...form.register("url")}
          />
        </div>
        <fieldset aria-describedby={errors.events ? `${eventsHint} ${eventsError}` : eventsHint}>
          <legend className="text-sm font-medium text-ink">
            Events{" "}
            <span aria-hidden="true" className="text-danger">
              *
            </span>
          </legend>
          <p id={eventsHint} className="mt-1 text-xs text-ink-soft">
            What it is told of. Choose at least one.
          </p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {webhookEventTypeNames.map((name) => (
              <label
                key={name}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-card px-3 py-2.5 transition-colors hover:border-plum/60 has-[:checked]:border-plum/60 has-[:checked]:bg-plum-soft"
              >
                <input
                  type="checkbox"
                  value={name}
                  className="mt-0.5 size-4 shrink-0 accent-plum"
                  {...form.register("events")}
                />
                <span className="min-w-0">
                  <code className="block font-mono text-sm text-ink">{name}</code>
                  <span className="block text-sm text-ink-soft">{webhookEventTypes[name]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.events?.message ? (
            <p id={eventsError} role="alert" className="mt-2 text-sm text-danger">
              {errors.events.message}
            </p>
          ) : null}
        </fieldset>
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
