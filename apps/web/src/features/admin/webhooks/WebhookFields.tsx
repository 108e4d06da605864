import { webhookEventTypeNames, webhookEventTypes, type webhookInput } from "@club/shared";
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "../../../ui/Field";

/** A webhook's name, address and events: the fields of adding one and of editing it. */
export function WebhookFields({
  form,
}: {
  form: UseFormReturn<z.input<typeof webhookInput>, unknown, z.output<typeof webhookInput>>;
}) {
  const { errors } = form.formState;
  const eventsHint = useId();
  const eventsError = useId();
  return (
    <>
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
    </>
  );
}
