import type { RouterOutputs } from "@club/api";
import { countryNames, EVENT_DEFAULTS, eventTypes, isUnitedStates, UNITED_STATES, usStates } from "@club/shared";
import { type FormEvent, useState } from "react";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField, TextArea, TextField } from "../../ui/Field";

type EventDto = RouterOutputs["events"]["get"];

export interface EventForm {
  title: string;
  type: string;
  exclusivity: string;
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
  };
}

/**
 * What is sent: text trimmed, a physical event without a link and a virtual one without an
 * address (SPEC.md section 5). The server applies the same rules and the defaults.
 */
export function payloadOf(f: EventForm) {
  const t = (s: string) => s.trim();
  return {
    title: t(f.title),
    type: f.type === "none" ? "" : f.type,
    exclusivity: f.exclusivity,
    description: t(f.description),
    color: f.color,
    event_date: f.event_date,
    start_time: f.start_time,
    end_time: f.end_time,
    is_physical: f.is_physical,
    location: f.is_physical ? t(f.location) : null,
    zip_code: f.is_physical ? t(f.zip_code) : null,
    city: f.is_physical ? t(f.city) : null,
    state: f.is_physical ? t(f.state) : null,
    country: f.is_physical ? t(f.country) : null,
    virtual_link: f.is_physical ? null : t(f.virtual_link),
  };
}

const stepNames = ["Overview", "Date & Location"] as const;

/** The two-step create/edit wizard of SPEC.md. */
export function EventWizard({
  mode,
  initial,
  onSave,
  onCancel,
  saving,
  error,
}: {
  mode: "create" | "edit";
  initial: EventForm;
  onSave: (form: EventForm) => void;
  onCancel: () => void;
  saving: boolean;
  error?: string | undefined;
}) {
  const [step, setStep] = useState(0);
  const [f, setF] = useState(initial);
  const set = <K extends keyof EventForm>(key: K, value: EventForm[K]) => setF((prev) => ({ ...prev, [key]: value }));
  const us = isUnitedStates(f.country);

  function submit(e: FormEvent) {
    e.preventDefault();
    onSave(f);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
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
            value={f.title}
            placeholder={EVENT_DEFAULTS.title}
            onChange={(e) => set("title", e.target.value)}
            className="sm:col-span-2"
            maxLength={200}
          />
          <SelectField
            label="Type"
            value={f.type}
            onChange={(e) => set("type", e.target.value)}
            options={[{ value: "none", label: "Choose a type…" }, ...eventTypes]}
          />
          <SelectField
            label="Exclusivity"
            value={f.exclusivity}
            onChange={(e) => set("exclusivity", e.target.value)}
            options={[
              { value: "open", label: "Open" },
              { value: "invite-only", label: "Invite only" },
            ]}
          />
          <TextArea
            label="Description"
            value={f.description}
            placeholder={EVENT_DEFAULTS.description}
            onChange={(e) => set("description", e.target.value)}
            className="sm:col-span-2"
          />
          <TextField
            label="Colour"
            type="color"
            value={f.color}
            onChange={(e) => set("color", e.target.value)}
            className="[&_input]:h-11 [&_input]:w-24 [&_input]:p-1"
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Date"
            type="date"
            value={f.event_date}
            onChange={(e) => set("event_date", e.target.value)}
          />
          <TextField
            label="Start time"
            type="time"
            value={f.start_time}
            placeholder={EVENT_DEFAULTS.startTime}
            onChange={(e) => set("start_time", e.target.value)}
          />
          <TextField
            label="End time"
            type="time"
            value={f.end_time}
            placeholder={EVENT_DEFAULTS.endTime}
            onChange={(e) => set("end_time", e.target.value)}
          />
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
                    onChange={() => set("is_physical", o.v)}
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
                value={f.location}
                placeholder={EVENT_DEFAULTS.location}
                onChange={(e) => set("location", e.target.value)}
                className="sm:col-span-2"
              />
              <TextField label="Zip code" value={f.zip_code} onChange={(e) => set("zip_code", e.target.value)} />
              <TextField label="City" value={f.city} onChange={(e) => set("city", e.target.value)} />
              {us ? (
                <SelectField
                  label="State"
                  value={f.state}
                  onChange={(e) => set("state", e.target.value)}
                  options={[{ value: "", label: "Choose a state…" }, ...usStates.map((s) => ({ value: s, label: s }))]}
                />
              ) : (
                <TextField label="State" value={f.state} onChange={(e) => set("state", e.target.value)} />
              )}
              <SelectField
                label="Country"
                value={us ? UNITED_STATES : f.country}
                onChange={(e) => setF((prev) => ({ ...prev, country: e.target.value, state: "" }))}
                options={[
                  { value: "", label: "Choose a country…" },
                  ...countryNames.map((c) => ({ value: c, label: c })),
                ]}
              />
            </>
          ) : (
            <TextField
              label="Virtual link"
              type="url"
              value={f.virtual_link}
              placeholder="https://"
              onChange={(e) => set("virtual_link", e.target.value)}
              className="sm:col-span-3"
            />
          )}
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
          <Button type="submit" disabled={saving}>
            {mode === "create" ? "Create Event" : "Save Changes"}
          </Button>
        </div>
      </div>
    </form>
  );
}
