import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Card } from "../../ui/Page";
import { Portrait } from "../members/Portrait";

const FAILED = "Your portrait could not be saved. Please try again.";

/** Her portrait: a photo, cropped square by the server; replaced or removed. */
export function PortraitCard() {
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const { data: profile } = useSuspenseQuery(trpc.profile.get.queryOptions());
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const saved = async (next: typeof profile, message: string) => {
    queryClient.setQueryData(trpc.profile.get.queryKey(), next);
    await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
    toast.success(message);
  };

  async function send(file: File) {
    setSending(true);
    try {
      const form = new FormData();
      form.append("portrait", file, file.name);
      const res = await fetch("/api/me/portrait", { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json().catch(() => null)) as { message?: string } | typeof profile | null;
      if (!res.ok) throw new Error(body && "message" in body && body.message ? body.message : FAILED);
      await saved(body as typeof profile, "Your portrait is saved.");
    } catch (err) {
      toast.error(err instanceof Error && err.message !== "Failed to fetch" ? err.message : FAILED);
    } finally {
      setSending(false);
      if (input.current) input.current.value = "";
    }
  }
  const remove = useMutation(
    trpc.profile.removePortrait.mutationOptions({
      onSuccess: (next) => {
        setConfirmRemove(false);
        return saved(next, "Your portrait is removed.");
      },
      onError: (err) => {
        setConfirmRemove(false);
        toast.error(errorMessage(err, "Your portrait could not be removed. Please try again."));
      },
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">Portrait</h2>
      <div className="mt-5 flex flex-wrap items-center gap-5">
        <Portrait name={me.name} portrait={profile.portrait} size="md" />
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-soft">
            A photo of you, cropped to a square. Its location and camera details are removed.
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-label="Choose a photo for your portrait"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void send(file);
              }}
            />
            <Button variant="secondary" disabled={sending} onClick={() => input.current?.click()}>
              {sending ? "Saving…" : profile.portrait ? "Replace portrait" : "Upload a portrait"}
            </Button>
            {profile.portrait ? (
              <Button variant="ghost" disabled={sending || remove.isPending} onClick={() => setConfirmRemove(true)}>
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove your portrait?"
        description="Your initials show in its place until you upload another."
        confirmLabel="Yes, Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
