import type { RouterOutputs } from "@club/api";
import { formatStayDates } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";

type Home = RouterOutputs["homes"]["get"];

const nightsOf = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The host's own nights (her weeks there, repairs): blocked, no request can take them, and the
 * calendar shows them as blocked to every member (never why). Freed with one click.
 */
export function BlocksEditor({ home }: { home: Home }) {
  const queryClient = useQueryClient();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string>();
  const done = async (r: { message: string }) => {
    toast.success(r.message);
    await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
  };
  const block = useMutation(
    trpc.homes.block.mutationOptions({
      onSuccess: async (r) => {
        setFrom("");
        setTo("");
        await done(r);
      },
      onError: (err) => setError(errorMessage(err, "Those nights could not be blocked. Please try again.")),
    }),
  );
  const unblock = useMutation(
    trpc.homes.unblock.mutationOptions({
      onSuccess: done,
      onError: (err) => toast.error(errorMessage(err, "Those nights could not be freed. Please try again.")),
    }),
  );
  return (
    <form
      aria-label={`Blocked nights of ${home.title}`}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!from || !to) return setError("Give both the first day and the day after the last night.");
        block.mutate({ id: home.id, from, to });
      }}
    >
      <h3 className="text-lg text-ink">Blocked nights</h3>
      <p className="text-sm text-ink-soft">
        Nights you keep for yourself: no one can ask for them. Members see them as blocked, never why.
      </p>
      {home.blocks.length ? (
        <ul className="flex flex-col gap-1">
          {home.blocks.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 border-line border-t py-2">
              <span className="text-ink">{formatStayDates(b.from, b.to, nightsOf(b.from, b.to))}</span>
              <Button
                variant="ghost"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate({ id: home.id, blockId: b.id })}
              >
                Free these nights
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <TextField
          type="date"
          label="From"
          value={from}
          onChange={(e) => {
            setError(undefined);
            setFrom(e.target.value);
          }}
        />
        <TextField
          type="date"
          label="Until"
          value={to}
          onChange={(e) => {
            setError(undefined);
            setTo(e.target.value);
          }}
        />
        <Button type="submit" variant="secondary" disabled={block.isPending} className="max-sm:col-span-2">
          {block.isPending ? "Blocking…" : "Block these nights"}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </form>
  );
}
