import { recipientGroups } from "@club/shared";
import { useQuery } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { type FormEvent, useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Checkbox, SelectField, TextArea, TextField } from "../../ui/Field";

export interface MailDraft {
  subject: string;
  body: string;
  recipientGroup: (typeof recipientGroups)[number]["value"];
  selectedMemberIds?: string[];
}

/**
 * Recipient group, subject, HTML body and a live preview. The preview shows sanitised HTML in a
 * sandboxed frame, so nothing in a draft can run; the server sanitises again before sending.
 */
export function MailComposer({
  initial,
  allowSelected,
  onSend,
  onCancel,
}: {
  initial?: Partial<MailDraft>;
  allowSelected?: boolean;
  onSend: (draft: MailDraft) => Promise<{ message: string; queued: number }>;
  onCancel?: () => void;
}) {
  const [group, setGroup] = useState<MailDraft["recipientGroup"]>(initial?.recipientGroup ?? "all");
  const [subject, setSubject] = useState(initial?.subject ?? "");
  const [body, setBody] = useState(initial?.body ?? "");
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const members = useQuery({
    ...trpc.events.invitableMembers.queryOptions(),
    enabled: allowSelected === true && group === "selected",
  });
  const preview = useMemo(() => DOMPurify.sanitize(body), [body]);
  const groups = recipientGroups.filter((g) => allowSelected || g.value !== "selected");

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(undefined);
    if (!subject.trim() || !body.trim()) return setResult({ ok: false, text: "Subject and body are required." });
    setBusy(true);
    try {
      const sent = await onSend({
        subject,
        body,
        recipientGroup: group,
        ...(group === "selected" ? { selectedMemberIds: selected } : {}),
      });
      setResult({ ok: true, text: `${sent.message} (${sent.queued} recipient${sent.queued === 1 ? "" : "s"})` });
    } catch (err) {
      const text =
        err instanceof Error && err.message
          ? `Failed to send email. ${err.message}`
          : "An error occurred while sending the email.";
      setResult({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-2" noValidate>
      <div className="flex flex-col gap-5">
        <SelectField
          label="Recipients"
          value={group}
          onChange={(e) => setGroup(e.target.value as MailDraft["recipientGroup"])}
          options={groups}
        />
        {group === "selected" ? (
          <fieldset className="max-h-48 overflow-y-auto rounded-lg border border-line p-3">
            <legend className="px-1 text-sm font-medium">Selected Members</legend>
            {members.data?.map((m) => (
              <Checkbox
                key={m.user_id}
                label={`${m.name} (${m.email})`}
                checked={selected.includes(m.user_id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, m.user_id] : s.filter((id) => id !== m.user_id)))
                }
              />
            ))}
          </fieldset>
        ) : null}
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          required
          maxLength={300}
        />
        <TextArea
          label="Body (HTML allowed)"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          required
          className="[&_textarea]:min-h-64 [&_textarea]:font-mono [&_textarea]:text-sm"
        />
        {result ? <Alert tone={result.ok ? "success" : "error"}>{result.text}</Alert> : null}
        <div className="flex gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send Email"}
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
          srcDoc={`<!doctype html><body style="font-family:sans-serif;color:#1f1b24">${preview}</body>`}
          className="min-h-80 w-full flex-1 rounded-lg border border-line bg-white"
        />
      </div>
    </form>
  );
}
