import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Checkbox } from "../../ui/Field";
import { Card } from "../../ui/Page";

/**
 * Her private calendar feed: a link to subscribe to in Apple Calendar, Google Calendar or Outlook.
 * The link is shown once, when it is made (only its hash is kept); a new one replaces it.
 */
export function CalendarFeed() {
  const queryClient = useQueryClient();
  const { data: feed } = useSuspenseQuery(trpc.calendarFeed.get.queryOptions());
  const [made, setMade] = useState<{ url: string; webcal: string }>();
  // A password change made on this page ends the feed: the link just shown no longer works.
  const shown = feed.active ? made : undefined;
  // Chosen before the link is made, or changed after (saved at once); a failure puts it back.
  const [includeOpen, setIncludeOpen] = useState(feed.includeOpen);
  const [confirmReset, setConfirmReset] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.calendarFeed.get.queryKey() });
  const failed = (err: unknown) => toast.error(errorMessage(err, "That did not work. Please try again."));
  const reset = useMutation(
    trpc.calendarFeed.reset.mutationOptions({
      onSuccess: async (r) => {
        setMade({ url: r.url, webcal: r.webcal });
        setConfirmReset(false);
        toast.success(r.message);
        await refresh();
      },
      onError: failed,
    }),
  );
  const update = useMutation(
    trpc.calendarFeed.update.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await refresh();
      },
      onError: (err) => {
        setIncludeOpen(feed.includeOpen);
        failed(err);
      },
    }),
  );
  const remove = useMutation(
    trpc.calendarFeed.remove.mutationOptions({
      onSuccess: async (r) => {
        setMade(undefined);
        setConfirmRemove(false);
        toast.success(r.message);
        await refresh();
      },
      onError: failed,
    }),
  );
  const linkish = "font-medium text-plum underline underline-offset-4";
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    toast.success("Link copied.");
  };

  return (
    <Card>
      <h2 className="text-2xl text-plum">Calendar</h2>
      <p className="mt-2 text-sm text-ink-soft">
        Subscribe to your club events and stays from Apple Calendar, Google Calendar or Outlook. Changes and
        cancellations reach your calendar by themselves. The link is private: anyone who has it sees your events.
        Changing or resetting your password turns it off.
      </p>
      <Checkbox
        className="mt-4"
        label="Include every open event, not only those I joined."
        checked={includeOpen}
        disabled={update.isPending}
        onChange={(e) => {
          setIncludeOpen(e.target.checked);
          if (feed.active) update.mutate({ includeOpen: e.target.checked });
        }}
      />
      {shown ? (
        <Alert tone="success" className="mt-4">
          Your calendar link (copy it now; it will not be shown again):
          <code className="mt-2 block break-all rounded bg-card px-2 py-1 text-ink">{shown.webcal}</code>
          <span className="mt-3 flex flex-wrap gap-2">
            <a href={shown.webcal} className={linkish}>
              Open in my calendar app
            </a>
            <span aria-hidden="true">·</span>
            <button type="button" className={linkish} onClick={() => copy(shown.webcal)}>
              Copy link
            </button>
            <span aria-hidden="true">·</span>
            <button type="button" className={linkish} onClick={() => copy(shown.url)}>
              Copy https link (Google Calendar: “From URL”)
            </button>
          </span>
        </Alert>
      ) : feed.active ? (
        <p className="mt-4 text-sm text-ink-soft">
          You made a calendar link on {formatMoment(feed.createdAt, "MMM d, yyyy")}. Lost it, or shared it by mistake? A
          new link replaces it.
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {feed.active ? (
          <>
            <Button variant="secondary" onClick={() => setConfirmReset(true)}>
              Make a new link
            </Button>
            <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
              Turn off
            </Button>
          </>
        ) : (
          <Button onClick={() => reset.mutate({ includeOpen })} disabled={reset.isPending}>
            Make my calendar link
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Make a new calendar link?"
        description="The old link stops working: calendars subscribed to it stop updating until you subscribe to the new one."
        confirmLabel="Yes, make a new link"
        busy={reset.isPending}
        onConfirm={() => reset.mutate({ includeOpen })}
      />
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Turn off your calendar link?"
        description="Calendars subscribed to it stop updating."
        confirmLabel="Yes, turn off"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
