import { type RecipientGroup, recipientGroups, sendEmailInput } from "@club/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { useHydrated } from "../../lib/hydrated";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Checkbox, SelectField, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { MailPreview } from "./MailPreview";
import { RichTextEditor } from "./RichTextEditor";

export type MailDraft = z.output<typeof sendEmailInput>;
type Sent = { message: string; queued: number };

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

const groupLabel = (group: RecipientGroup) => recipientGroups.find((g) => g.value === group)?.label ?? group;

/** "Tuesday 1 December 2026 at 09:00", for a `datetime-local` value read on the club's clock. */
function readableClubTime(local: string): string {
  const [day = "", time = ""] = local.split("T");
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return local;
  const dayText = date.toLocaleDateString("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  return `${dayText} at ${time.slice(0, 5)}`;
}

/** The confirming button: what it will do, or what it is doing. */
function confirmLabel(action: Pending["action"] | undefined, busy: boolean, editing: boolean): string {
  if (action === "schedule") return busy ? "Scheduling…" : editing ? "Yes, Save" : "Yes, Schedule";
  return busy ? "Sending..." : "Yes, Send";
}

/** What the admin confirms: sending now, or keeping it for its time. */
type Pending = { action: "send" | "schedule"; draft: MailDraft; sendAt?: string };

/**
 * Recipient group, subject, the body in the rich-text editor and a live preview. Nothing leaves on
 * one click: Send (or Schedule) asks first, naming the subject, how many and which group. The
 * preview is the message as the server will send it (sanitised by its one allowlist, in the club's
 * layout, with the footer members receive), asked for a moment after typing stops, and shown at
 * its real width in a sandboxed frame, so nothing in a draft can run.
 *
 * Group e-mail (Admin Panel) adds "Send me a test" and "Send later"; an event's announcement sends
 * at once. `scheduling` edits a message already scheduled: its one button saves it.
 */
export function MailComposer({
  initial,
  allowSelected,
  eventId,
  onSend,
  onSendTest,
  scheduling,
  onSent,
  onCancel,
  keep,
}: {
  initial?: Partial<MailDraft> & { sendAt?: string };
  allowSelected?: boolean;
  /** An event's announcement: counted against those who stopped announcements, not group e-mails. */
  eventId?: string;
  onSend?: (draft: MailDraft) => Promise<Sent>;
  onSendTest?: (draft: { subject: string; body: string }) => Promise<{ message: string }>;
  /** Sending later: the club's time zone, and what keeps the message (a new one, or the one edited). */
  scheduling?: {
    timeZone: string;
    editing: boolean;
    onSchedule: (draft: MailDraft, sendAt: string) => Promise<{ message: string }>;
  };
  /** After a successful send or schedule (the toast has said so). */
  onSent?: () => void;
  onCancel?: () => void;
  /** The kept-draft name of this form (see useZodForm). */
  keep?: string;
}) {
  const form = useZodForm(sendEmailInput, {
    keep: keep ?? `mail-${eventId ?? "members"}`,
    defaultValues: {
      recipientGroup: initial?.recipientGroup ?? "all",
      subject: initial?.subject ?? "",
      body: initial?.body ?? "",
      selectedMemberIds: initial?.selectedMemberIds ?? [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const group = form.watch("recipientGroup");
  const body = form.watch("body") ?? "";
  const subject = form.watch("subject") ?? "";
  const selectedMemberIds = form.watch("selectedMemberIds");
  const [later, setLater] = useState(Boolean(scheduling?.editing));
  const [sendAt, setSendAt] = useState(initial?.sendAt ?? "");
  const [sendAtError, setSendAtError] = useState<string>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's HTML of this form cannot send anything: its buttons wait for the app to run it.
  const hydrated = useHydrated();

  const members = useQuery({
    ...trpc.events.invitableMembers.queryOptions(),
    enabled: allowSelected === true && group === "selected",
  });
  const recipients = { recipientGroup: group, ...(group === "selected" ? { selectedMemberIds } : {}) };
  // Before sending: how many will receive it, those who stopped this kind of mail left out.
  const groupCount = useQuery({ ...trpc.adminMail.recipientCount.queryOptions(recipients), enabled: !eventId });
  const announceCount = useQuery({
    ...trpc.events.announceRecipientCount.queryOptions({ eventId: eventId ?? "", ...recipients }),
    enabled: Boolean(eventId),
  });
  const count = eventId ? announceCount.data : groupCount.data;
  const countFailed = eventId ? announceCount.isError : groupCount.isError;
  const preview = useMutation(trpc.mail.preview.mutationOptions());
  const { mutate: renderPreview } = preview;
  const kind = eventId ? "announcements" : "group";
  useEffect(() => {
    const timer = setTimeout(() => renderPreview({ subject, body, kind }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [subject, body, kind, renderPreview]);
  const groups = recipientGroups.filter((g) => allowSelected || g.value !== "selected");
  const test = useMutation({
    mutationFn: async (draft: { subject: string; body: string }) => {
      if (!onSendTest) throw new Error("A test cannot be sent from here.");
      return onSendTest(draft);
    },
    onSuccess: (answer) => toast.success(answer.message, { description: "Look for “[Test]” in your inbox." }),
    onError: (err) => toast.error(errorMessage(err, "The test could not be sent.")),
  });

  const clean = (draft: MailDraft): MailDraft => ({
    ...draft,
    ...(draft.recipientGroup === "selected" ? {} : { selectedMemberIds: undefined }),
  });
  const ask = form.handleSubmit((draft) => {
    if (later) {
      if (!sendAt) return setSendAtError("Choose the date and time to send it.");
      setSendAtError(undefined);
      setPending({ action: "schedule", draft: clean(draft), sendAt });
    } else setPending({ action: "send", draft: clean(draft) });
  });
  const sendTest = form.handleSubmit((draft) => test.mutate({ subject: draft.subject, body: draft.body }));

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.action === "schedule" && scheduling) {
        const done = await scheduling.onSchedule(pending.draft, pending.sendAt ?? "");
        toast.success(done.message, { description: `Leaves ${readableClubTime(pending.sendAt ?? "")}` });
      } else if (onSend) {
        const sent = await onSend(pending.draft);
        toast.success(sent.message, { description: `${sent.queued} recipient${sent.queued === 1 ? "" : "s"}` });
      }
      setPending(null);
      onSent?.();
    } catch (err) {
      setPending(null);
      form.setError(serverError, {
        message:
          errorCode(err) && err instanceof Error
            ? `${pending.action === "schedule" ? "The message was not scheduled." : "Failed to send email."} ${err.message}`
            : "An error occurred while sending the email.",
      });
    } finally {
      setBusy(false);
    }
  }

  const n = count?.recipients;
  const who = `${n ?? "the"} member${n === 1 ? "" : "s"} of ${groupLabel(pending?.draft.recipientGroup ?? group)}`;
  const primaryLabel = scheduling?.editing ? "Save changes" : later ? "Schedule" : "Send Email";

  return (
    <form onSubmit={ask} className="flex flex-col gap-8" noValidate>
      <div className="flex flex-col gap-5">
        <div>
          <SelectField label="Recipients" options={groups} {...form.register("recipientGroup")} />
          {/* Always a line, so the form below holds still when the count arrives. */}
          <p className="mt-1.5 min-h-5 text-sm text-ink-soft" aria-live="polite">
            {count ? (
              <>
                {count.recipients} recipient{count.recipients === 1 ? "" : "s"}
                {count.optedOut > 0
                  ? ` (${count.optedOut} who unsubscribed from ${eventId ? "announcements" : "group e-mails"} left out)`
                  : ""}
              </>
            ) : countFailed ? (
              "The recipients could not be counted."
            ) : (
              "Counting recipients…"
            )}
          </p>
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
                    label={m.email ? `${m.name} (${m.email})` : m.name}
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
        <Controller
          control={form.control}
          name="body"
          render={({ field }) => (
            <RichTextEditor
              label="Message"
              value={field.value ?? ""}
              onChange={(html) => {
                field.onChange(html);
                // The spec's one message for an empty subject or body sits on the subject: re-check it.
                if (form.formState.isSubmitted) void form.trigger("subject");
              }}
              invalid={Boolean(errors.subject)}
              galleryImages={!eventId}
            />
          )}
        />
        {scheduling ? (
          <div className="flex flex-col gap-3 rounded-lg border border-line bg-paper/60 p-4">
            {scheduling.editing ? null : (
              <Checkbox label="Send later" checked={later} onChange={(e) => setLater(e.target.checked)} />
            )}
            {later ? (
              <TextField
                label="Send on"
                type="datetime-local"
                step={60}
                value={sendAt}
                onChange={(e) => setSendAt(e.target.value)}
                hint={`The club's time (${scheduling.timeZone.replace(/_/g, " ")}). You can change or cancel it until it leaves.`}
                error={sendAtError}
                required
                className="max-w-sm"
              />
            ) : null}
          </div>
        ) : null}
        {/* The spec's message, for a subject or body left empty (the check sits on the subject, and typing
            a body re-checks it), goes once both are filled. */}
        {errors.subject ? <Alert>{errors.subject.message}</Alert> : null}
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={!hydrated || isSubmitting || busy}>
            {primaryLabel}
          </Button>
          {onSendTest ? (
            <Button variant="secondary" onClick={() => void sendTest()} disabled={!hydrated || test.isPending}>
              {test.isPending ? "Sending test…" : "Send me a test"}
            </Button>
          ) : null}
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
      <MailPreview html={preview.data?.html} failed={preview.isError} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? null : setPending(null))}
        tone="primary"
        busy={busy}
        title={
          pending?.action === "schedule"
            ? `Schedule '${pending.draft.subject}' for ${who}?`
            : `Send '${pending?.draft.subject ?? ""}' to ${who}?`
        }
        description={
          pending?.action === "schedule"
            ? `It leaves ${readableClubTime(pending.sendAt ?? "")}, club time. You can change or cancel it until then.`
            : "Each member receives her own copy. A message cannot be called back once sent."
        }
        confirmLabel={confirmLabel(pending?.action, busy, Boolean(scheduling?.editing))}
        onConfirm={() => void confirm()}
      />
    </form>
  );
}
