import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";

type Home = RouterOutputs["homes"]["get"];

/**
 * A home's calendar link for another site (a rental site's calendar import): its taken nights as
 * "Reserved", so they are blocked there too. Shown once when made; a new link replaces the old.
 */
export function HomeCalendarLink({ home }: { home: Home }) {
  const queryClient = useQueryClient();
  const [made, setMade] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const make = useMutation(
    trpc.homes.calendarLink.mutationOptions({
      onSuccess: async (r) => {
        setMade(r.url);
        setConfirming(false);
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "The link could not be made. Please try again.")),
    }),
  );
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    toast.success("Link copied.");
  };
  return (
    <section aria-labelledby={`link-${home.id}`} className="flex flex-col gap-3">
      <h3 id={`link-${home.id}`} className="text-lg text-ink">
        Calendar link for other sites
      </h3>
      <p className="text-sm text-ink-soft">
        Listed elsewhere too? Add this link to that site's calendar: the nights taken here show there as “Reserved” (no
        names, no address), so they are never booked twice.
      </p>
      {made ? (
        <Alert tone="success">
          The home's calendar link (copy it now; it will not be shown again):
          <code className="mt-2 block break-all rounded bg-card px-2 py-1 text-ink">{made}</code>
          <button
            type="button"
            className="mt-3 font-medium text-plum underline underline-offset-4"
            onClick={() => copy(made)}
          >
            Copy link
          </button>
        </Alert>
      ) : null}
      <div>
        <Button
          variant="secondary"
          disabled={make.isPending}
          onClick={() => (home.calendar_link ? setConfirming(true) : make.mutate({ id: home.id }))}
        >
          {home.calendar_link ? "Make a new link" : "Make a calendar link"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make a new calendar link?"
        description="The old link stops working: a site that reads it stops seeing the nights taken here until you give it the new one."
        confirmLabel="Yes, make a new link"
        busy={make.isPending}
        onConfirm={() => make.mutate({ id: home.id })}
      />
    </section>
  );
}
