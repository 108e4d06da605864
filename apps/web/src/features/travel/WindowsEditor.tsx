import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";

type Home = RouterOutputs["homes"]["get"];
type Window = { from: string; to: string };

/** The dates a host opens to members: windows of nights, from the first day to the day she wants them back. */
export function WindowsEditor({ home }: { home: Home }) {
  const queryClient = useQueryClient();
  const [windows, setWindows] = useState<Window[]>(home.windows.length ? home.windows : [{ from: "", to: "" }]);
  const [error, setError] = useState<string>();
  const save = useMutation(
    trpc.homes.setWindows.mutationOptions({
      onSuccess: async (kept) => {
        toast.success("The open dates are saved.");
        setWindows(kept.windows.length ? kept.windows : [{ from: "", to: "" }]);
        await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
      },
      onError: (err) => setError(errorMessage(err, "The dates could not be saved. Please try again.")),
    }),
  );
  const change = (i: number, part: keyof Window, value: string) => {
    setError(undefined);
    setWindows((ws) => ws.map((w, j) => (j === i ? { ...w, [part]: value } : w)));
  };
  return (
    <form
      aria-label={`Open dates of ${home.title}`}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const filled = windows.filter((w) => w.from || w.to);
        if (filled.some((w) => !w.from || !w.to)) return setError("Give both days of each window.");
        save.mutate({ id: home.id, windows: filled });
      }}
    >
      <h3 className="text-lg text-ink">Open dates</h3>
      <p className="text-sm text-ink-soft">
        Members may ask for nights inside these windows. The last day is the day guests leave.
      </p>
      <ul className="flex flex-col gap-2">
        {windows.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no id of their own
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
            <TextField type="date" label="From" value={w.from} onChange={(e) => change(i, "from", e.target.value)} />
            <TextField type="date" label="Until" value={w.to} onChange={(e) => change(i, "to", e.target.value)} />
            <Button
              variant="ghost"
              aria-label="Remove this window"
              onClick={() => setWindows((ws) => ws.filter((_, j) => j !== i))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setWindows((ws) => [...ws, { from: "", to: "" }])}>
          Add a window
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save open dates"}
        </Button>
      </div>
    </form>
  );
}
