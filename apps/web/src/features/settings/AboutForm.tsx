import { BIO_MAX, interestOptions, profileUpdateInput, TALENT_MAX_LENGTH, TALENTS_MAX } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Checkbox, TextArea } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

/** What other members read on her profile: her bio, talents and interests, and whether her address shows. */
export function AboutForm() {
  const { data: profile } = useSuspenseQuery(trpc.profile.get.queryOptions());
  const queryClient = useQueryClient();
  const defaults = {
    bio: profile.bio,
    talents: profile.talents,
    interests: profile.interests as (typeof interestOptions)[number]["value"][],
    showEmail: profile.show_email,
  };
  const form = useZodForm(profileUpdateInput, { defaultValues: defaults, keep: "about" });
  const { errors } = form.formState;
  const talents = form.watch("talents");
  const interests = form.watch("interests");
  const bio = form.watch("bio");
  const [talentDraft, setTalentDraft] = useState("");
  const [talentError, setTalentError] = useState<string>();

  function addTalent() {
    const t = talentDraft.trim();
    if (!t) return;
    if (t.length > TALENT_MAX_LENGTH)
      return setTalentError(`Each talent can be at most ${TALENT_MAX_LENGTH} characters.`);
    if (talents.length >= TALENTS_MAX) return setTalentError(`List at most ${TALENTS_MAX} talents.`);
    if (!talents.some((x) => x.toLowerCase() === t.toLowerCase())) {
      form.setValue("talents", [...talents, t], { shouldDirty: true });
    }
    setTalentDraft("");
    setTalentError(undefined);
  }

  const save = useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: async (next) => {
        toast.success("Your profile is saved.");
        queryClient.setQueryData(trpc.profile.get.queryKey(), next);
        form.reset({
          bio: next.bio,
          talents: next.talents,
          interests: next.interests as typeof defaults.interests,
          showEmail: next.show_email,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
      },
      onError: (err) =>
        form.setError(serverError, {
          message: errorMessage(err, "Your profile could not be saved. Please try again."),
        }),
    }),
  );
  const talentsError = errors.talents?.message ?? errors.talents?.find?.((e) => e?.message)?.message;

  return (
    <Card>
      <h2 className="text-2xl text-plum">About you</h2>
      <p className="mt-1 text-sm text-ink-soft">Members see this on your profile; visitors never do.</p>
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} className="mt-5 flex flex-col gap-5" noValidate>
        <TextArea
          label="Bio"
          hint={`${bio.length.toLocaleString("en")} of ${BIO_MAX.toLocaleString("en")} characters`}
          maxLength={BIO_MAX}
          error={errors.bio?.message}
          {...form.register("bio")}
        />
        {/* A fieldset is as wide as its widest content at the least (the field at its natural
            size and Add), which ran past the card on a phone: here it fits the card, the field
            taking what is left beside Add. */}
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm font-medium text-ink">Talents</legend>
          {talents.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Your talents">
              {talents.map((t) => (
                <li
                  key={t}
                  className="flex items-center gap-1 rounded-full bg-plum-soft py-0.5 pr-1 pl-3 text-sm text-plum"
                >
                  {t}
                  <button
                    type="button"
                    aria-label={`Remove ${t}`}
                    className="rounded-full px-1.5 leading-5 hover:bg-plum hover:text-white"
                    onClick={() =>
                      form.setValue(
                        "talents",
                        talents.filter((x) => x !== t),
                        { shouldDirty: true },
                      )
                    }
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex gap-2">
            <input
              aria-label="Add a talent"
              value={talentDraft}
              maxLength={TALENT_MAX_LENGTH + 10}
              placeholder="Painting, public speaking, wine…"
              onChange={(e) => setTalentDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === ",") {
                  e.preventDefault();
                  addTalent();
                }
              }}
              className="w-0 min-w-0 flex-1 rounded-lg border border-line bg-card px-3 py-2"
            />
            <Button variant="secondary" className="shrink-0" onClick={addTalent}>
              Add
            </Button>
          </div>
          <p className="text-xs text-ink-soft">
            Up to {TALENTS_MAX}, each at most {TALENT_MAX_LENGTH} characters. Members can find you by them.
          </p>
          {talentError || talentsError ? (
            <p role="alert" className="text-sm text-danger">
              {talentError ?? talentsError}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-ink">Interests</legend>
          {interestOptions.map((o) => (
            <Checkbox
              key={o.value}
              label={o.label}
              checked={interests.includes(o.value)}
              onChange={(e) =>
                form.setValue(
                  "interests",
                  e.target.checked ? [...interests, o.value] : interests.filter((x) => x !== o.value),
                  { shouldDirty: true },
                )
              }
            />
          ))}
        </fieldset>
        <Checkbox
          label="Show my e-mail address to other members (admins always see it)"
          {...form.register("showEmail")}
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" disabled={save.isPending} className="self-start">
          Save profile
        </Button>
      </form>
    </Card>
  );
}
