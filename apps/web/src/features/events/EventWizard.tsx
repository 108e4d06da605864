import type { RouterOutputs } from "@club/api";
import {
  countryNames,
  EVENT_DEFAULTS,
  type EventInput,
  eventInput,
  eventTypes,
  isUnitedStates,
  MAX_GUESTS_PER_MEMBER,
  UNITED_STATES,
  usStates,
} from "@club/shared";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { today } from "../../lib/time-zone";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField, TextArea, TextField } from "../../ui/Field";
import { useZodForm } from "../../ui/form";
import { CoverField } from "./CoverField";
import { RepeatField } from "./RepeatField";
import { buildRepeatRule, REPEAT_DEFAULTS, type RepeatForm, repeatFields, repeatProblems, weekdayOf } from "./repeat";

type EventDto = RouterOutputs["events"]["get"];

export interface EventForm {
  title: string;
  type: NonNullable<EventInput["type"]>;
  exclusivity: NonNullable<EventInput["exclusivity"]>;
  description: string;
  color: string;
  event_date: string;
  start_time: string;
  end_time: string;
  is_physical: boolean;
  location: string;
  zip_code: string;
  city: string;
  state: string;
  country: string;
  virtual_link: string;
  capacity: string;
  guests_per_member: string;
  rsvp_deadline: string;
  /** The cover photo (null: none), and its copy to show it in the form. */
  cover_media_id: string | null;
  cover_url: string;
  /** How a new event repeats (creating only): the Repeats field's controls. */
  repeat: RepeatForm;
}

export function formFromEvent(e?: EventDto): EventForm {
  return {
    title: e?.title ?? "",
    type: e?.type ?? "none",
    exclusivity: e?.exclusivity ?? "open",
    description: e?.description ?? "",
    color: e?.color ?? EVENT_DEFAULTS.color,
    event_date: e?.event_date ?? "",
    start_time: e?.start_time ?? "",
    end_time: e?.end_time ?? "",
    is_physical: e?.is_physical ?? true,
    location: e?.location ?? "",
    zip_code: e?.zip_code ?? "",
    city: e?.city ?? "",
    state: e?.state ?? "",
    country: e?.country ?? "",
    virtual_link: e?.virtual_link ?? "",
    capacity: e?.rsvp?.capacity ? String(e.rsvp.capacity) : "",
    guests_per_member: e?.rsvp?.guests_per_member ? String(e.rsvp.guests_per_member) : "0",
    rsvp_deadline: e?.rsvp?.rsvp_deadline ?? "",
    cover_media_id: e?.cover_media_id ?? null,
    cover_url: e?.image_url ?? "",
    repeat: { ...REPEAT_DEFAULTS, days: [] },
  };
}

const stepNames = ["Overview", "Date & Location"] as const;

/** What the wizard sends: the form as the shared schema reads it (the server applies the defaults). */
export type EventPayload = z.output<typeof eventInput>;

/**
 * The wizard's form: the event's fields, and its Repeats controls, each problem of which is shown
 * by its control. An empty date is today's on the server, and so here.
 */
const wizardInput = eventInput.extend({ repeat: repeatFields, cover_url: z.string() }).superRefine((v, ctx) => {
  for (const [field, message] of Object.entries(repeatProblems(v.repeat, v.event_date || today())))
    if (message) ctx.addIssue({ code: "custom", path: ["repeat", field], message });
});

/** Which step shows each field, to open the step of the first problem. */
const stepOf = (field: string) =>
  ["title", "type", "exclusivity", "description", "color", "cover_media_id"].includes(field) ? 0 : 1;

/** The two-step create/edit wizard of SPEC.md. */
export function EventWizard({
  mode,
  initial = formFromEvent(),
  onSave,
  onCancel,
  saving,
  error,
  submitLabel = mode === "create" ? "Create Event" : "Save Changes",
  repeatable = mode === "create",
  eventId,
}: {
  /** The event being edited (its own photos may be its cover). */
  eventId?: string | undefined;
  mode: "create" | "edit";
  /**
   * It offers Repeats: creating a published event. A draft is a single event (the Schedule's
   * wizard says so instead), and an edit changes the dates there are.
   */
  repeatable?: boolean;
  /** The save button's words ("Save Draft" on the Schedule). */
  submitLabel?: string;
  /** The form's values to start from: a new event's when absent. */
  initial?: EventForm;
  /** `repeat`: the rule of the Repeats field (RFC 5545), when the new event repeats. */
  onSave: (event: EventPayload, options: { repeat?: string }) => void;
  onCancel: () => void;
  saving: boolean;
  error?: string | undefined;
}) {
  const [step, setStep] = useState(0);
  /** A cover photo is uploading: saving waits, or the event would be saved without it. */
  const [coverBusy, setCoverBusy] = useState(false);
  const form = useZodForm(wizardInput, { defaultValues: initial, keep: `event-${mode}` });
  const { errors } = form.formState;
  const f = form.watch();
  const us = isUnitedStates(f.country);
  // The day the series is read from: the form's date, else today (as the server reads it).
  const day = f.event_date || today();
  const repeat = f.repeat ?? REPEAT_DEFAULTS;
  const setRepeat = (next: RepeatForm) =>
    form.setValue("repeat", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  // Weekly on the date's weekday follows the date when it changes (a choice of days of her own stays).
  const lastDay = useRef(day);
  useEffect(() => {
    const before = lastDay.current;
    lastDay.current = day;
    const r = form.getValues("repeat");
    if (before !== day && r.days.length === 1 && r.days[0] === weekdayOf(before))
      form.setValue("repeat", { ...r, days: [weekdayOf(day)] });
  }, [day, form]);
  const submit = form.handleSubmit(
    ({ repeat: controls, cover_url: _shown, ...event }) => {
      const rule = repeatable ? buildRepeatRule(controls, event.event_date || today()) : undefined;
      onSave(event, rule ? { repeat: rule } : {});
    },
    (problems) => {
      const first = Object.keys(problems)[0];
      if (first) setStep(stepOf(first));
    },
  );
  const text = (name: keyof EventForm) => ({ ...form.register(name), error: errors[name]?.message });

  return (
    <form
      onSubmit={(e) => {
        // A physical event has no link and a virtual one no address (SPEC.md section 5): what the
        // other location type held is dropped, so it cannot hold the form up from a hidden field.
        const dropped = f.is_physical
          ? (["virtual_link"] as const)
          : (["location", "zip_code", "city", "state", "country"] as const);
        for (const k of dropped) form.setValue(k, "");
        void submit(e);
      }}
      className="flex flex-col gap-5"
      noValidate
    >
      <div role="tablist" aria-label="Steps" className="flex gap-2">
        {stepNames.map((name, i) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={step === i}
            onClick={() => setStep(i)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${step === i ? "bg-plum text-white" : "bg-paper-deep text-ink-soft hover:text-plum"}`}
          >
            {i + 1}. {name}
          </button>
        ))}
      </div>

      {step === 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            placeholder={EVENT_DEFAULTS.title}
            className="sm:col-span-2"
            maxLength={200}
            {...text("title")}
          />
          <SelectField
            label="Type"
            options={[{ value: "none", label: "Choose a type…" }, ...eventTypes]}
            {...text("type")}
          />
          <SelectField
            label="Exclusivity"
            options={[
              { value: "open", label: "Open" },
              { value: "invite-only", label: "Invite only" },
            ]}
            {...text("exclusivity")}
          />
          <TextArea
            label="Description"
            placeholder={EVENT_DEFAULTS.description}
            className="sm:col-span-2"
            {...text("description")}
          />
          <TextField
            label="Colour"
            type="color"
            className="[&_input]:h-11 [&_input]:w-24 [&_input]:p-1"
            {...text("color")}
          />
          <CoverField
            eventId={eventId}
            onBusyChange={setCoverBusy}
            value={{ id: f.cover_media_id ?? null, url: f.cover_url ?? "" }}
            onChange={(cover) => {
              form.setValue("cover_media_id", cover.id, { shouldDirty: true });
              form.setValue("cover_url", cover.url, { shouldDirty: true });
            }}
          />
          {errors.cover_media_id?.message ? <Alert>{errors.cover_media_id.message}</Alert> : null}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Date" type="date" {...text("event_date")} />
          <TextField label="Start time" type="time" placeholder={EVENT_DEFAULTS.startTime} {...text("start_time")} />
          <TextField label="End time" type="time" placeholder={EVENT_DEFAULTS.endTime} {...text("end_time")} />
          {repeatable ? (
            <RepeatField
              value={repeat}
              onChange={setRepeat}
              day={day}
              errors={{
                days: errors.repeat?.days?.message,
                interval: errors.repeat?.interval?.message,
                count: errors.repeat?.count?.message,
                until: errors.repeat?.until?.message,
              }}
            />
          ) : mode === "create" ? (
            <p className="text-xs text-ink-soft sm:col-span-3">
              A draft is a single event. To make an event that repeats, use Create Event on the Events page.
            </p>
          ) : null}
          <fieldset className="sm:col-span-3">
            <legend className="mb-2 text-sm font-medium">Location type</legend>
            <div className="flex gap-5">
              {[
                { v: true, label: "Physical" },
                { v: false, label: "Virtual" },
              ].map((o) => (
                <label key={o.label} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="location-type"
                    checked={f.is_physical === o.v}
                    onChange={() => form.setValue("is_physical", o.v)}
                    className="accent-plum"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
          {f.is_physical ? (
            <>
              <TextField
                label="Address"
                placeholder={EVENT_DEFAULTS.location}
                className="sm:col-span-2"
                {...text("location")}
              />
              <TextField label="Zip code" {...text("zip_code")} />
              <TextField label="City" {...text("city")} />
              {us ? (
                <SelectField
                  label="State"
                  options={[{ value: "", label: "Choose a state…" }, ...usStates.map((s) => ({ value: s, label: s }))]}
                  {...text("state")}
                />
              ) : (
                <TextField label="State" {...text("state")} />
              )}
              <SelectField
                label="Country"
                value={us ? UNITED_STATES : (f.country ?? "")}
                onChange={(e) => {
                  form.setValue("country", e.target.value);
                  form.setValue("state", "");
                }}
                options={[
                  { value: "", label: "Choose a country…" },
                  ...countryNames.map((c) => ({ value: c, label: c })),
                ]}
                error={errors.country?.message}
              />
            </>
          ) : (
            <TextField
              label="Virtual link"
              type="url"
              placeholder="https://"
              className="sm:col-span-3"
              {...text("virtual_link")}
            />
          )}
          <fieldset className="grid gap-4 sm:col-span-3 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">Seats and RSVP (optional)</legend>
            <TextField
              label="Capacity"
              type="number"
              inputMode="numeric"
              min={1}
              placeholder="No limit"
              hint="Seats, guests included. When full, members join a waitlist."
              {...text("capacity")}
            />
            <SelectField
              label="Guests per member"
              options={Array.from({ length: MAX_GUESTS_PER_MEMBER + 1 }, (_, n) => ({
                value: String(n),
                label: n === 0 ? "No guests" : String(n),
              }))}
              {...text("guests_per_member")}
            />
            <TextField
              label="RSVP deadline"
              type="datetime-local"
              hint="Members cannot join after it. Empty: until the event."
              {...text("rsvp_deadline")}
            />
          </fieldset>
        </div>
      )}

      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-5">
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setStep(0)} disabled={step === 0}>
            Back
          </Button>
          <Button variant="secondary" onClick={() => setStep(1)} disabled={step === 1}>
            Next
          </Button>
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || coverBusy}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
