import { deleteAccountInput } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";
import { loadWebAuthn, passkeyErrorMessage, wasReplaced } from "../auth/webauthn";

const DELETE_FAILED = "Your account was not deleted";

/**
 * Settings → danger zone: she deletes her own account after re-entering her password, or one of
 * her passkeys if she has any (docs/decisions/README.md, "Deleting an account"). The server signs this
 * browser out with the account; everything cached was hers, so the cache is emptied too.
 */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the club's setting (DELETED_MEMBER_CONTENT) does with what she shared, in her numbers. */
function whatBecomesOf(p: { content: "anonymise" | "remove"; comments: number; media: number; events: number }) {
  const shared = `${count(p.comments, "comment", "comments")} and ${count(p.media, "photo or video", "photos and videos")}`;
  const fate =
    p.content === "remove"
      ? `Your ${shared} will be removed with it.`
      : `Your ${shared} will stay in the club under the name "Former member".`;
  return p.events > 0
    ? `${fate} The ${count(p.events, "event", "events")} you created will pass to an administrator.`
    : fate;
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hasPasskeys = (useQuery(trpc.passkeys.list.queryOptions()).data?.length ?? 0) > 0;
  // Asked when the dialog opens: what becomes of her comments and uploads, in numbers.
  const preview = useQuery({ ...trpc.account.deletionPreview.queryOptions(), enabled: open });
  const form = useZodForm(deleteAccountInput, { defaultValues: { password: "" } });
  const { errors } = form.formState;

  const done = async (answer: { message: string }) => {
    setOpen(false);
    toast.success(answer.message, { description: "You have been signed out. Thank you for being part of the club." });
    await queryClient.resetQueries();
    await navigate({ to: "/" });
  };
  const failed = (err: unknown) =>
    form.setError(serverError, { message: `${DELETE_FAILED}: ${errorMessage(err, "please try again.")}` });
  const remove = useMutation(trpc.account.delete.mutationOptions({ onSuccess: done, onError: failed }));
  const { mutateAsync: passkeyOptions } = useMutation(trpc.account.deletionPasskeyOptions.mutationOptions());

  async function withPasskey() {
    try {
      const { startAuthentication } = await loadWebAuthn();
      const response = await startAuthentication({ optionsJSON: await passkeyOptions() });
      remove.mutate({ passkey: response });
    } catch (err) {
      if (!wasReplaced(err)) form.setError(serverError, { message: passkeyErrorMessage(err, DELETE_FAILED) });
    }
  }

  return (
    <Card className="border-danger/40">
      <h2 className="text-2xl text-danger">Delete my account</h2>
      <p className="mt-3 text-ink-soft">
        Your account, your sign-ins, your seats at events and your personal data are removed for good. Your seats go to
        those waiting; the events you created pass to an administrator.
      </p>
      <Button
        variant="danger"
        className="mt-5"
        onClick={() => {
          form.reset();
          setOpen(true);
        }}
      >
        Delete my account…
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to confirm it is you."
      >
        <form onSubmit={form.handleSubmit((input) => remove.mutate(input))} className="flex flex-col gap-5" noValidate>
          {preview.data ? <p className="text-sm text-ink">{whatBecomesOf(preview.data)}</p> : null}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register("password")}
          />
          {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              Yes, delete my account
            </Button>
            {hasPasskeys ? (
              <Button type="button" variant="secondary" disabled={remove.isPending} onClick={withPasskey}>
                Confirm with a passkey instead
              </Button>
            ) : null}
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
