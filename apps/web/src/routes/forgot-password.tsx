import { createFileRoute } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { TextField } from "../ui/Field";
import { Card, Page } from "../ui/Page";

export const Route = createFileRoute("/forgot-password")({
  component: function ForgotPasswordPage() {
    const [email, setEmail] = useState("");
    const [reply, setReply] = useState<{ ok: boolean; text: string }>();
    const [busy, setBusy] = useState(false);

    async function submit(e: FormEvent) {
      e.preventDefault();
      if (!email.trim()) return setReply({ ok: false, text: "Email is required." });
      setBusy(true);
      try {
        // The spec's call: the server's text reply is shown as it is.
        const res = await fetch("/forgot-password", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email }),
        });
        setReply({ ok: res.ok, text: await res.text() });
      } catch {
        setReply({ ok: false, text: "Error sending reset link." });
      } finally {
        setBusy(false);
      }
    }

    return (
      <Page title="Forgot password" lead="We will e-mail you a link to choose a new password." width="narrow">
        <Card>
          <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoComplete="email"
            />
            {reply ? <Alert tone={reply.ok ? "success" : "error"}>{reply.text}</Alert> : null}
            <Button type="submit" disabled={busy}>
              Send reset link
            </Button>
          </form>
        </Card>
      </Page>
    );
  },
});
