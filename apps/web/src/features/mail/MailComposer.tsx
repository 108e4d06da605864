import { recipientGroups, sendEmailInput } from "@club/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { errorCode, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Checkbox, SelectField, TextArea, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";

export type MailDraft = z.output<typeof sendEmailInput>;

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

/**
 * Recipient group, subject, HTML body and a live preview. The preview is the message as the server
 * will send it (sanitised by its one allowlist, in the club's layout), asked for a moment after
 * typing stops, and shown in a sandboxed frame, so nothing in a draft can run.
 */
export function MailComposer({
  initial,
  allowSelected,
  eventId,
  onSend,
  onSent,
  onCancel,
}: {
  initial?: Partial<Pick<MailDraft, "subject" | "body">>;
  allowSelected?: boolean;
  /** An event's announcement: counted against those who stopped announcements, not group e-mails. */
  eventId?: string;
  onSend: (draft: MailDraft) => Promise<{ message: string; queued: number }>;
  /** After a successful send (the toast has said so). */
  onSent?: () => void;
  onCancel?: () => void;
}) {
  const form = useZodForm(sendEmailInput, {
    keep: `mail-${eventId ?? "members"}`,
    defaultValues: {
      recipientGroup: "all",
      subject: initial?.subject ?? "",
      body: initial?.body ?? "",
      selectedMemberIds: [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const group = form.watch("recipientGroup");
  const body = form.watch("body") ?? "";
  const members = useQuery({
    ...trpc.events.invitableMembers.queryOptions(),
    enabled: allowSelected === true && group === "selected",
  });
  const selectedMemberIds = form.watch("selectedMemberIds");
  const recipients = { recipientGroup: group, ...(group === "selected" ? { selectedMemberIds } : {}) };
  // Before sending: how many will receive it, those who stopped this kind of mail left out.
  const groupCount = useQuery({ ...trpc.adminMail.recipientCount.queryOptions(recipients), enabled: !eventId });
  const announceCount = useQuery({
    ...trpc.events.announceRecipientCount.queryOptions({ eventId: eventId ?? "", ...recipients }),
    enabled: Boolean(eventId),
  });
  const count = eventId ? announceCount.data : groupCount.data;
  const subject = form.watch("subject") ?? "";
  const preview = useMutation(trpc.mail.preview.mutationOptions());
  const { mutate: renderPreview } = preview;
  useEffect(() => {
    const timer = setTimeout(() => renderPreview({ subject, body }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [subject, body, renderPreview]);
  const groups = recipientGroups.filter((g) => allowSelected || g.value !== "selected");

  const submit = form.handleSubmit(async (draft) => {
    try {
      const sent = await onSend({
        ...draft,
        ...(draft.recipientGroup === "selected" ? {} : { selectedMemberIds: undefined }),
      });
      toast.success(sent.message, { description: `${sent.queued} recipient${sent.queued === 1 ? "" : "s"}` });
      onSent?.();
    } catch (err) {
      form.setError(serverError, {
        message:
          errorCode(err) && err instanceof Error
            ? `Failed to send email. ${err.message}`
            : "An error occurred while sending the email.",
      });
    }
  });

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-2" noValidate>
      <div className="flex flex-col gap-5">
        <div>
          <SelectField label="Recipients" options={groups} {...form.register("recipientGroup")} />
          {count ? (
            <p className="mt-1.5 text-sm text-ink-soft" aria-live="polite">
              {count.recipients} recipient{count.recipients === 1 ? "" : "s"}
              {count.optedOut > 0
                ? ` (${count.optedOut} who unsubscribed from ${eventId ? "announcements" : "group e-mails"} left out)`
                : ""}
            </p>
          ) : null}
        </div>
        {group === "selected" ? (
          <Controller
            control={form.control}
            name="selectedMemberIds"
            render={({ field }) => (
              <fieldset className="max-h-48 overflow-y-auto rounded-lg border border-line p-3">
                <legend className="px-1 text-sm font-medium">Selected Members</legend>
                {members.data?.map((m) => (
                  <Checkbox
                    key={m.user_id}
                    label={`${m.name} (${m.email})`}
                    checked={field.value?.includes(m.user_id) ?? false}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? [...(field.value ?? []), m.user_id]
                          : (field.value ?? []).filter((id) => id !== m.user_id),
                      )
                    }
                  />
                ))}
                {errors.selectedMemberIds ? (
                  <p className="mt-2 text-sm text-danger">{errors.selectedMemberIds.message}</p>
                ) : null}
              </fieldset>
            )}
          />
        ) : null}
        <TextField label="Subject" required maxLength={300} {...form.register("subject")} />
        <TextArea
          label="Body (HTML allowed)"
          required
          className="[&_textarea]:min-h-64 [&_textarea]:font-mono [&_textarea]:text-sm"
          {...form.register("body", { deps: ["subject"] })}
        />
        {/* The spec's message, for a subject or body left empty (the check sits on the subject, and typing
            a body re-checks it), goes once both are filled. */}
        {errors.subject ? <Alert>{errors.subject.message}</Alert> : null}
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="flex gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Send Email"}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Preview</p>
        <iframe
          title="E-mail preview"
          sandbox=""
          srcDoc={preview.data?.html ?? ""}
          className="min-h-80 w-full flex-1 rounded-lg border border-line bg-white"
        />
        {preview.isError ? <p className="text-sm text-danger">The preview could not be made.</p> : null}
      </div>
    </form>
  );
}
