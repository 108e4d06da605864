import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button, buttonClass } from "../../ui/Button";
import { Card } from "../../ui/Page";

const when = (d: Date) => formatMoment(d, "MMM d, yyyy HH:mm");
const size = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * "Download my data": a copy of what the club holds of her (a zip of data.json and her uploads),
 * prepared in the background and mailed to her; the link here works for her alone, for 24 hours.
 * The list is asked again every few seconds while a copy is being prepared, so the link appears
 * without a reload.
 */
export function YourData() {
  const queryClient = useQueryClient();
  const { data: exports } = useSuspenseQuery({
    ...trpc.dataExport.list.queryOptions(),
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === "pending") ? 3000 : false),
  });
  const latest = exports[0];
  const request = useMutation(
    trpc.dataExport.request.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.dataExport.list.queryKey() }),
      onError: (err) => toast.error(errorMessage(err, "That did not work. Please try again.")),
    }),
  );
  const preparing = latest?.status === "pending";

  return (
    <Card>
      <section id="your-data" aria-labelledby="your-data-heading" className="scroll-mt-24">
        <h2 id="your-data-heading" className="text-2xl text-plum">
          Your data
        </h2>
        <p className="mt-2 text-sm text-ink-soft">
          Download a copy of everything the club holds about you: your profile, application, events, comments, likes,
          invitations, sign-in details (never passwords or keys) and the files you uploaded, in one zip file.
        </p>
        {preparing ? (
          <Alert tone="info" className="mt-4">
            Preparing… we will e-mail you when your copy is ready.
          </Alert>
        ) : null}
        {latest?.status === "ready" && latest.downloadUrl && latest.expiresAt ? (
          <Alert tone="success" className="mt-4">
            Your copy of {when(latest.createdAt)} is ready.
            <span className="mt-3 flex flex-wrap items-center gap-3">
              <a href={latest.downloadUrl} download className={buttonClass("secondary")}>
                Download ({size(latest.size ?? 0)})
              </a>
              <span>Available until {when(latest.expiresAt)}.</span>
            </span>
          </Alert>
        ) : null}
        {latest?.status === "expired" ? (
          <p className="mt-4 text-sm text-ink-soft">
            Your last copy ({when(latest.createdAt)}) has expired. Ask for a new one when you need it.
          </p>
        ) : null}
        {latest?.status === "failed" ? (
          <Alert className="mt-4">We could not prepare your copy. Please try again.</Alert>
        ) : null}
        <Button className="mt-4" disabled={preparing || request.isPending} onClick={() => request.mutate()}>
          Download my data
        </Button>
      </section>
    </Card>
  );
}
