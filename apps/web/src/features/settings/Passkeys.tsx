import { type PasskeyRenameForm, passkeyRenameForm } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";
import { loadWebAuthn, passkeyErrorMessage, wasReplaced } from "../auth/webauthn";
import { ConfirmByEmail, needsConfirmation } from "./ConfirmByEmail";

const when = (d: Date | null) => (d ? formatMoment(d, "MMM d, yyyy HH:mm") : "never");

type Listed = { id: string; name: string };

/**
 * Settings → Security: her passkeys, to sign in with no password. Added with the browser's own
 * prompt, listed with when each was made and last used, renamed in place, removed after a question.
 */
export function Passkeys() {
  const queryClient = useQueryClient();
  const passkeys = useQuery(trpc.passkeys.list.queryOptions());
  // Unknown until the browser is asked (after the page is taken over): the server cannot tell, so
  // the button stays usable until the browser says no.
  const [supported, setSupported] = useState<boolean>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string>();
  const [removing, setRemoving] = useState<Listed>();
  // Refused because this password session is not confirmed by e-mail yet: say why, offer the e-mail.
  const [unconfirmed, setUnconfirmed] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.passkeys.list.queryKey() });

  useEffect(() => {
    let live = true;
    loadWebAuthn().then(
      (w) => live && setSupported(w.browserSupportsWebAuthn()),
      () => live && setSupported(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const options = useMutation(trpc.passkeys.registrationOptions.mutationOptions());
  const register = useMutation(trpc.passkeys.register.mutationOptions());
  async function add() {
    setAdding(true);
    try {
      const { startRegistration } = await loadWebAuthn();
      const optionsJSON = await options.mutateAsync();
      const response = await startRegistration({ optionsJSON });
      const added = await register.mutateAsync({ response });
      setUnconfirmed(false);
      toast.success(`The passkey "${added.name}" was added. You can now sign in with it.`);
      await refresh();
    } catch (err) {
      if (needsConfirmation(err)) setUnconfirmed(true);
      else if (!wasReplaced(err)) toast.error(passkeyErrorMessage(err, "The passkey could not be added."));
    } finally {
      setAdding(false);
    }
  }

  const remove = useMutation(
    trpc.passkeys.remove.mutationOptions({
      onSuccess: async () => {
        toast.success(`The passkey "${removing?.name}" was removed.`);
        setRemoving(undefined);
        await refresh();
      },
      onError: (err) => {
        setRemoving(undefined);
        toast.error(errorMessage(err, "The passkey could not be removed."));
      },
    }),
  );

  return (
    <Card>
      <h3 className="text-2xl text-plum">Passkeys</h3>
      <p className="mt-2 text-sm text-ink-soft">
        A passkey signs you in with this device's screen lock or a security key instead of your password. It never
        leaves the device, and works only on this club's site. Your password keeps working too.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          onClick={add}
          disabled={adding || supported === false}
          aria-describedby={supported === false ? "passkey-support" : undefined}
        >
          {adding ? "Waiting for your passkey..." : "Add a passkey"}
        </Button>
        {supported === false ? (
          <p id="passkey-support" className="text-sm text-ink-soft">
            This browser cannot make passkeys. Try an up-to-date browser on a device with a screen lock.
          </p>
        ) : null}
      </div>
      {unconfirmed ? <ConfirmByEmail what="adding a passkey" onConfirmed={() => setUnconfirmed(false)} /> : null}
      <ul className="mt-5 divide-y divide-line" aria-label="Your passkeys">
        {passkeys.data?.length === 0 ? <li className="py-3 text-sm text-ink-soft">No passkeys yet.</li> : null}
        {passkeys.data?.map((p) =>
          renaming === p.id ? (
            <li key={p.id} className="py-3">
              <RenameForm
                passkey={p}
                onDone={async (name) => {
                  setRenaming(undefined);
                  if (name) {
                    toast.success(`The passkey is now called "${name}".`);
                    await refresh();
                  }
                }}
              />
            </li>
          ) : (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="break-words font-medium text-ink">{p.name}</p>
                <p className="text-ink-soft">
                  Created {when(p.createdAt)} · last used {when(p.lastUsedAt)}
                </p>
              </div>
              <div className="flex gap-1">
                <Button variant="ghost" onClick={() => setRenaming(p.id)} aria-label={`Rename ${p.name}`}>
                  Rename
                </Button>
                <Button variant="ghost" onClick={() => setRemoving(p)} aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </div>
            </li>
          ),
        )}
      </ul>
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        title={`Remove the passkey "${removing?.name ?? ""}"?`}
        description="It will no longer sign you in. The device may still offer it; you can delete it there too."
        confirmLabel="Yes, Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </Card>
  );
}

/** A passkey's name, edited in its row; Escape or Cancel leaves it as it was. */
function RenameForm({ passkey, onDone }: { passkey: Listed; onDone: (name?: string) => void }) {
  const form = useZodForm(passkeyRenameForm, { defaultValues: { name: passkey.name } });
  const { errors } = form.formState;
  const rename = useMutation(
    trpc.passkeys.rename.mutationOptions({
      onSuccess: (renamed) => onDone(renamed.name),
      onError: (err) => form.setError(serverError, { message: errorMessage(err, "The passkey could not be renamed.") }),
    }),
  );
  const submit = (v: PasskeyRenameForm) => rename.mutate({ id: passkey.id, name: v.name });
  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      onKeyDown={(e) => e.key === "Escape" && onDone()}
      className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      noValidate
    >
      <TextField
        label="Passkey name"
        required
        maxLength={60}
        // She asked to rename it: the field is where she types next.
        autoFocus
        error={errors.name?.message}
        {...form.register("name")}
      />
      <Button type="submit" disabled={rename.isPending} className="sm:mt-7">
        Save
      </Button>
      <Button variant="ghost" onClick={() => onDone()} className="sm:mt-7">
        Cancel
      </Button>
      {errors.root?.server ? <Alert className="sm:col-span-3">{errors.root.server.message}</Alert> : null}
    </form>
  );
}
