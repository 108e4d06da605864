import { SHOWCASE_MAX } from "@club/shared";
import { useInfiniteQuery, useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Page";
import { labelOf } from "../media/label";
import { MediaTile } from "../media/MediaTile";
import type { MediaItem } from "../media/types";
import { UploadPicker, UploadQueuePanel } from "../media/UploadQueue";
import { useUploadQueue } from "../media/upload-queue";

const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };
const TILE = "(min-width: 1024px) 140px, 30vw";

/**
 * Her showcase: up to twelve of her own photos and videos, picked from her uploads and put in the
 * order her profile shows them.
 */
export function ShowcasePicker() {
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const { data: profile } = useSuspenseQuery(trpc.profile.get.queryOptions());
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<MediaItem[]>(profile.showcase);
  const uploads = useInfiniteQuery(trpc.media.list.infiniteQueryOptions({ uploader: me.user_id, limit: 36 }, nextPage));
  // Uploaded from here, a new photo or video goes straight into the showcase (while it has room),
  // to be saved with the rest; she names it in the queue as it uploads.
  const queue = useUploadQueue({
    memberId: me.user_id,
    onUploaded: async (mediaId) => {
      await uploads.refetch();
      if (!mediaId) return;
      try {
        const item = await queryClient.fetchQuery(trpc.media.get.queryOptions({ id: mediaId }));
        setChosen((c) => (c.length >= SHOWCASE_MAX || c.some((m) => m.id === item.id) ? c : [...c, item]));
      } catch {
        // Not read back (the connection dropped): it is among her uploads below, to pick by hand.
        toast.error("Your upload is saved; pick it from your uploads to add it to your showcase.");
      }
    },
  });
  const items = uploads.data?.pages.flatMap((p) => p.items) ?? [];
  // Each chosen item as her uploads now read it: one uploaded here was read back as it was stored,
  // before the title she typed meanwhile was saved.
  const shown = chosen.map((m) => items.find((i) => i.id === m.id) ?? m);
  const changed = chosen.map((m) => m.id).join() !== profile.showcase.map((m) => m.id).join();
  const full = chosen.length >= SHOWCASE_MAX;

  const toggle = (item: MediaItem) =>
    setChosen((c) => (c.some((m) => m.id === item.id) ? c.filter((m) => m.id !== item.id) : full ? c : [...c, item]));
  const move = (index: number, by: -1 | 1) =>
    setChosen((c) => {
      const next = [...c];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  const save = useMutation(
    trpc.profile.setShowcase.mutationOptions({
      onSuccess: async (next) => {
        queryClient.setQueryData(trpc.profile.get.queryKey(), next);
        setChosen(next.showcase);
        // One toast however often she saves: a second save replaces the first one's.
        toast.success("Your showcase is saved.", { id: "showcase-saved" });
        await queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "Your showcase could not be saved. Please try again.")),
    }),
  );

  return (
    <Card>
      <h2 className="text-2xl text-plum">Your creations</h2>
      <p className="mt-1 text-sm text-ink-soft">
        Choose up to {SHOWCASE_MAX} of your photos and videos to show first on your profile, in the order you like.
      </p>
      <h3 className="mt-5 font-sans text-sm font-semibold text-ink">
        Your showcase ({chosen.length} of {SHOWCASE_MAX})
      </h3>
      {chosen.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">Nothing chosen yet: pick from your uploads below.</p>
      ) : (
        <ol className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {shown.map((item, i) => (
            <li key={item.id} className="flex flex-col gap-1">
              <MediaTile item={item} sizes={TILE} onClick={() => toggle(item)} />
              <span className="flex justify-between gap-1">
                <Button
                  variant="ghost"
                  className="min-h-8 px-2"
                  aria-label={`Move ${labelOf(item)} earlier`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ←
                </Button>
                <span className="self-center text-xs text-ink-soft">{i + 1}</span>
                <Button
                  variant="ghost"
                  className="min-h-8 px-2"
                  aria-label={`Move ${labelOf(item)} later`}
                  disabled={i === chosen.length - 1}
                  onClick={() => move(i, 1)}
                >
                  →
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <UploadPicker queue={queue} label="Upload to your showcase" />
        <Button disabled={!changed || save.isPending} onClick={() => save.mutate({ media: chosen.map((m) => m.id) })}>
          Save showcase
        </Button>
        {changed ? (
          <Button variant="ghost" onClick={() => setChosen(profile.showcase)}>
            Undo changes
          </Button>
        ) : null}
      </div>

      {changed ? (
        <p className="mt-2 text-sm text-ink-soft">Save your showcase to show your changes on your profile.</p>
      ) : null}
      <div className="mt-4">
        <UploadQueuePanel queue={queue} />
      </div>

      <h3 className="mt-8 font-sans text-sm font-semibold text-ink">Your uploads</h3>
      {items.length === 0 && !uploads.isPending ? (
        <p className="mt-2 text-sm text-ink-soft">
          You have not uploaded anything yet.{" "}
          <Link to="/gallery" className="text-plum underline">
            Add photos and videos in the gallery
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {items.map((item) => {
            const picked = chosen.some((m) => m.id === item.id);
            return (
              <li key={item.id}>
                <MediaTile
                  item={item}
                  sizes={TILE}
                  selecting
                  selected={picked}
                  selectable={picked || !full}
                  lockedWhy={`Your showcase holds ${SHOWCASE_MAX}: take one out to add another.`}
                  onClick={() => toggle(item)}
                />
              </li>
            );
          })}
        </ul>
      )}
      {uploads.hasNextPage ? (
        <Button variant="ghost" className="mt-3" onClick={() => uploads.fetchNextPage()}>
          Show more of your uploads
        </Button>
      ) : null}
    </Card>
  );
}
