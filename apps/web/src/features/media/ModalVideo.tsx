import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { PROCESSING_FAILED, PROCESSING_LABEL, PROCESSING_NOTE } from "./processing";
import type { MediaItem } from "./types";

/**
 * A video in the media modal: its poster and "Processing…" until the version every browser plays
 * exists (the page asks again every few seconds), then the player. A failed conversion says so,
 * plays what was uploaded where it can, and lets the uploader or an admin try again.
 */
export function ModalVideo({ item }: { item: MediaItem }) {
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.media.retryProcessing.mutationOptions({
      onSuccess: async () => {
        toast.success("The video is being converted again.");
        await queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.images.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "The video could not be sent for another try.")),
    }),
  );
  const size = item.width && item.height ? { width: item.width, height: item.height } : {};

  if (item.processing === "processing") {
    return (
      <div className="relative overflow-hidden rounded-lg bg-ink">
        {item.thumbnail_url ? (
          <img
            src={item.thumbnail_url}
            alt=""
            {...size}
            className="h-auto max-h-[60vh] w-full object-contain opacity-70"
          />
        ) : (
          <div className="aspect-video w-full" />
        )}
        <div role="status" className="absolute inset-x-0 bottom-0 bg-ink/80 px-4 py-3 text-white">
          <p className="font-medium">{PROCESSING_LABEL}</p>
          <p className="text-sm text-white/85">{PROCESSING_NOTE}</p>
        </div>
      </div>
    );
  }
  return (
    <>
      <video
        src={item.url}
        controls
        autoPlay
        playsInline
        poster={item.thumbnail_url ?? undefined}
        {...size}
        className="h-auto max-h-[60vh] w-full rounded-lg bg-ink"
      />
      {item.processing === "failed" ? (
        <Alert className="flex flex-wrap items-center gap-3">
          <span className="flex-1">{PROCESSING_FAILED}</span>
          {item.can_manage ? (
            <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate({ id: item.id })}>
              Try again
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
