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
import { type FormEvent, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { Checkbox, SelectField, TextArea, TextField } from "../../ui/Field";
import { Card } from "../../ui/Page";
import { step2Problem } from "./application-rules";

const empty = {
  full_name: "",
  email: "",
  phone: "",
  reason: "",
  interests: [] as string[],
  availability: "",
  membershipType: "",
  propertyAddress: "",
  propertyType: "",
  propertyDescription: "",
  propertyAvailability: "",
  referral: "",
  comments: "",
};

const steps = ["Invitation Code", "Personal Information", "Additional Information"] as const;

/** The four-step application of SPEC.md (`/request`). */
export function ApplicationForm() {
  const [step, setStep] = useState(1);
  const [code, setCode] = useState("");
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const validate = useMutation(trpc.invitationCodes.validate.mutationOptions());
  const submit = useMutation(trpc.applications.submit.mutationOptions());

  async function next() {
    setError(undefined);
    if (step === 1) {
      if (!code.trim()) return setError("Please enter your invitation code.");
      try {
        const result = await validate.mutateAsync({ code });
        if (!result.valid) return setError(result.error ?? "Invalid invitation code.");
        setStep(2);
      } catch (err) {
        setError(errorMessage(err, "Failed to validate code. Please try again later."));
      }
      return;
    }
    if (step === 2) {
      const problem = step2Problem(form);
      if (problem) return setError(problem);
      setStep(3);
    }
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    if (step !== 3) return next();
    setError(undefined);
    const payload = {
      invitationCode: code,
      ...form,
      membershipType: form.membershipType,
      propertyAvailability: form.propertyAvailability || null,
    };
    const parsed = applicationInput.safeParse(payload);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? REQUIRED);
    try {
      await submit.mutateAsync(payload as never);
      setForm(empty);
      setCode("");
      setStep(4);
    } catch (err) {
      setError(errorMessage(err, "Submission failed. Please try again."));
    }
  }

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

  const host = form.membershipType === "Travel Host";
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
      <form onSubmit={send} className="flex flex-col gap-5" noValidate>
        <h2 className="text-2xl text-ink">{steps[step - 1]}</h2>
        {step === 1 ? (
          <TextField
            label="Invitation code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            autoComplete="off"
          />
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label="Full name"
              value={form.full_name}
              onChange={set("full_name")}
              required
              autoComplete="name"
            />
            <TextField
              label="Email"
              type="email"
              value={form.email}
              onChange={set("email")}
              required
              autoComplete="email"
            />
            <TextField
              label="Phone"
              value={form.phone}
              onChange={set("phone")}
              required
              autoComplete="tel"
              hint={`Country code, a hyphen, then ten digits, e.g. +1-5551234567.`}
              pattern={PHONE_PATTERN.source}
            />
            <TextArea label="Why would you like to join?" value={form.reason} onChange={set("reason")} required />
            <fieldset className="flex flex-col gap-2">
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
                  checked={form.interests.includes(o.value)}
                  onChange={(e) =>
                    setForm((f) => ({
                      ...f,
                      interests: e.target.checked
                        ? [...f.interests, o.value]
                        : f.interests.filter((i) => i !== o.value),
                    }))
                  }
                />
              ))}
            </fieldset>
          </>
        ) : null}
        {step === 3 ? (
          <>
            <SelectField
              label="Availability"
              value={form.availability}
              onChange={set("availability")}
              required
              options={[{ value: "", label: "Choose…" }, ...availabilities.map((a) => ({ value: a, label: a }))]}
            />
            <SelectField
              label="Membership type"
              value={form.membershipType}
              onChange={set("membershipType")}
              required
              options={[
                { value: "", label: "Choose…" },
                { value: "Standard", label: "Standard" },
                { value: "Travel Host", label: "Travel Host" },
              ]}
            />
            {host ? (
              <>
                <TextField
                  label="Property address"
                  value={form.propertyAddress}
                  onChange={set("propertyAddress")}
                  required
                />
                <TextField label="Type of property" value={form.propertyType} onChange={set("propertyType")} required />
                <TextArea
                  label="Property description"
                  value={form.propertyDescription}
                  onChange={set("propertyDescription")}
                  required
                />
                <SelectField
                  label="Property availability"
                  value={form.propertyAvailability}
                  onChange={set("propertyAvailability")}
                  required
                  options={[
                    { value: "", label: "Choose…" },
                    ...propertyAvailabilities.map((a) => ({ value: a, label: a })),
                  ]}
                />
              </>
            ) : null}
            <TextField label="How did you hear about us?" value={form.referral} onChange={set("referral")} />
            <TextArea label="Comments (optional)" value={form.comments} onChange={set("comments")} />
          </>
        ) : null}
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-between gap-3">
          <Button variant="secondary" onClick={() => setStep((s) => s - 1)} disabled={step === 1}>
            Back
          </Button>
          {step < 3 ? (
            <Button onClick={next} disabled={validate.isPending}>
              Next
            </Button>
          ) : (
            <Button type="submit" disabled={submit.isPending}>
              Submit Application
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
