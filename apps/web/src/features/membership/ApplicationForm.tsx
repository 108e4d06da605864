import {
  applicationInput,
  availabilities,
  interestOptions,
  PHONE_PATTERN,
  propertyAvailabilities,
  REQUIRED,
} from "@club/shared";
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Controller, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { Checkbox, SelectField, TextArea, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

type Application = z.input<typeof applicationInput>;

const steps = ["Invitation Code", "Personal Information", "Additional Information"] as const;

/** The fields each step checks before moving on, in the order the spec names their problems. */
type Field = keyof Application;
const stepFields: Record<1 | 2 | 3, Field[]> = {
  1: ["invitationCode"],
  2: ["full_name", "email", "phone", "reason", "interests"],
  3: [
    "availability",
    "membershipType",
    "propertyAddress",
    "propertyType",
    "propertyDescription",
    "propertyAvailability",
    "referral",
    "comments",
  ],
};

/**
 * A step shows one message, as the spec's form does: 'Please fill out all required fields.' while
 * anything required is missing, otherwise the first other problem ('Invalid email format.', then
 * 'Invalid phone number.').
 */
function stepMessage(step: 1 | 2 | 3, errors: FieldErrors<Application>): string | undefined {
  const messages = stepFields[step].map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));
  return messages.includes(REQUIRED) ? REQUIRED : messages[0];
}

const emptyApplication: Application = {
  invitationCode: "",
  full_name: "",
  email: "",
  phone: "",
  reason: "",
  interests: [],
  availability: "",
  membershipType: "",
  propertyAddress: "",
  propertyType: "",
  propertyDescription: "",
  propertyAvailability: null,
  referral: "",
  comments: "",
};

/** The four-step application of SPEC.md (`/request`). */
export function ApplicationForm() {
  const [step, setStep] = useState<1 | 2 | 3 | 4>(1);
  // Messages show once the member has pressed Next or Submit on the step, not on arrival.
  const [tried, setTried] = useState<Record<number, boolean>>({});
  const form = useZodForm(applicationInput, { defaultValues: emptyApplication, shouldUnregister: false });
  const { errors } = form.formState;
  const validate = useMutation(trpc.invitationCodes.validate.mutationOptions());
  const submit = useMutation(trpc.applications.submit.mutationOptions());

  async function next() {
    if (step === 4) return;
    setTried((t) => ({ ...t, [step]: true }));
    if (!(await form.trigger(stepFields[step]))) return;
    if (step === 1) {
      try {
        const result = await validate.mutateAsync({ code: form.getValues("invitationCode") });
        if (!result.valid) {
          return form.setError(serverError, { message: result.error ?? "Invalid invitation code." });
        }
      } catch (err) {
        return form.setError(serverError, {
          message: errorCode(err)
            ? errorMessage(err, "Invalid invitation code.")
            : "Failed to validate code. Please try again later.",
        });
      }
    }
    setStep((s) => (s === 1 ? 2 : 3));
  }

  const send = form.handleSubmit(
    async (application) => {
      try {
        await submit.mutateAsync(application);
        form.reset(emptyApplication);
        setStep(4);
      } catch (err) {
        form.setError(serverError, {
          message: errorCode(err) ? errorMessage(err, "Submission failed.") : "Submission failed. Please try again.",
        });
      }
    },
    () => setTried((t) => ({ ...t, 3: true })),
  );

  if (step === 4) {
    return (
      <Card className="text-center">
        <h2 className="text-3xl text-plum">Application Submitted Successfully!</h2>
        <p className="mt-3 text-ink-soft">
          Thank you. We have sent you an e-mail, and will write again once the committee has decided.
        </p>
        <Link to="/login" className={buttonClass("primary", "mt-6")}>
          Back to Login
        </Link>
      </Card>
    );
  }

  const host = form.watch("membershipType") === "Travel Host";
  const message = errors.root?.server?.message ?? (tried[step] ? stepMessage(step, errors) : undefined);
  const invalid = (name: Field) => (tried[step] && errors[name] ? true : undefined);
  return (
    <Card>
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {steps.map((label, i) => (
          <li
            key={label}
            aria-current={step === i + 1 ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${step === i + 1 ? "bg-plum text-white" : step > i + 1 ? "bg-plum-soft text-plum" : "bg-paper-deep text-ink-soft"}`}
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 3) void send(e);
          else void next();
        }}
        className="flex flex-col gap-5"
        noValidate
      >
        <h2 className="text-2xl text-ink">{steps[step - 1]}</h2>
        {step === 1 ? (
          <TextField
            label="Invitation code"
            required
            autoComplete="off"
            aria-invalid={invalid("invitationCode")}
            {...form.register("invitationCode")}
          />
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label="Full name"
              required
              autoComplete="name"
              aria-invalid={invalid("full_name")}
              {...form.register("full_name")}
            />
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="email"
              aria-invalid={invalid("email")}
              {...form.register("email")}
            />
            <TextField
              label="Phone"
              required
              autoComplete="tel"
              hint="Country code, a hyphen, then ten digits, e.g. +1-5551234567."
              pattern={PHONE_PATTERN.source}
              aria-invalid={invalid("phone")}
              {...form.register("phone")}
            />
            <TextArea
              label="Why would you like to join?"
              required
              aria-invalid={invalid("reason")}
              {...form.register("reason")}
            />
            <Controller
              control={form.control}
              name="interests"
              render={({ field }) => (
                <fieldset className="flex flex-col gap-2" aria-invalid={invalid("interests")}>
                  <legend className="mb-1 text-sm font-medium">
                    Interests{" "}
                    <span aria-hidden="true" className="text-danger">
                      *
                    </span>
                  </legend>
                  {interestOptions.map((o) => (
                    <Checkbox
                      key={o.value}
                      label={o.label}
                      checked={field.value.includes(o.value)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, o.value] : field.value.filter((i) => i !== o.value),
                        )
                      }
                    />
                  ))}
                </fieldset>
              )}
            />
          </>
        ) : null}
        {step === 3 ? (
          <>
            <SelectField
              label="Availability"
              required
              aria-invalid={invalid("availability")}
              options={[{ value: "", label: "Choose…" }, ...availabilities.map((a) => ({ value: a, label: a }))]}
              {...form.register("availability")}
            />
            <SelectField
              label="Membership type"
              required
              aria-invalid={invalid("membershipType")}
              options={[
                { value: "", label: "Choose…" },
                { value: "Standard", label: "Standard" },
                { value: "Travel Host", label: "Travel Host" },
              ]}
              {...form.register("membershipType")}
            />
            {host ? (
              <>
                <TextField
                  label="Property address"
                  required
                  aria-invalid={invalid("propertyAddress")}
                  {...form.register("propertyAddress")}
                />
                <TextField
                  label="Type of property"
                  required
                  aria-invalid={invalid("propertyType")}
                  {...form.register("propertyType")}
                />
                <TextArea
                  label="Property description"
                  required
                  aria-invalid={invalid("propertyDescription")}
                  {...form.register("propertyDescription")}
                />
                <SelectField
                  label="Property availability"
                  required
                  aria-invalid={invalid("propertyAvailability")}
                  options={[
                    { value: "", label: "Choose…" },
                    ...propertyAvailabilities.map((a) => ({ value: a, label: a })),
                  ]}
                  {...form.register("propertyAvailability", { setValueAs: (v: string) => v || null })}
                />
              </>
            ) : null}
            <TextField label="How did you hear about us?" {...form.register("referral")} />
            <TextArea label="Comments (optional)" {...form.register("comments")} />
          </>
        ) : null}
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex justify-between gap-3">
          <Button variant="secondary" onClick={() => setStep((s) => (s === 3 ? 2 : 1))} disabled={step === 1}>
            Back
          </Button>
          {/* Keyed apart: otherwise the click on Next re-renders the same button as Submit, and the
              browser submitted step 3 the moment it appeared (showing its message on arrival). */}
          {step < 3 ? (
            <Button key="next" type="submit" disabled={validate.isPending}>
              Next
            </Button>
          ) : (
            <Button key="submit" type="submit" disabled={submit.isPending}>
              Submit Application
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
