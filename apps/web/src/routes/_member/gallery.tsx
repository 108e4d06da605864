import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { EventSelect } from "../../features/events/EventSelect";
import { groupByDay } from "../../features/media/group-by-day";
import { MediaDetailModal } from "../../features/media/MediaDetailModal";
import { MediaLightbox } from "../../features/media/MediaLightbox";
import { MediaTile } from "../../features/media/MediaTile";
import { pollWhileProcessing } from "../../features/media/processing";
import { UploadPicker, UploadQueuePanel, useFileDrop } from "../../features/media/UploadQueue";
import { useUploadQueue } from "../../features/media/upload-queue";
import { MemberLink } from "../../features/members/MemberLink";
import { rowIdParam, searchParams, text } from "../../lib/search-params";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Page } from "../../ui/Page";

const search = searchParams({
  media: text(100),
  /** The tag search and the event filter are in the address, so a filtered gallery can be linked. */
  tag: text(40),
  event: text(100),
  /** One member's uploads (her profile's "See all in the gallery"). */
  by: rowIdParam,
});

const pageInput = (s: ReturnType<typeof search>) => ({
  ...(s.tag?.trim() ? { tag: s.tag.trim() } : {}),
  ...(s.event ? { eventId: s.event } : {}),
  ...(s.by ? { uploader: s.by } : {}),
  limit: 60,
});
/**
 * The first tiles, one of which is the page's largest picture: fetched first. The others load
 * lazily: those on the first screen right after layout, without competing with the page's styles.
 */
const FIRST_SCREEN_TILES = 2;
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

export const Route = createFileRoute("/_member/gallery")({
  validateSearch: search,
  loaderDeps: ({ search: s }) => ({ tag: s.tag, event: s.event, by: s.by }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
      context.queryClient.ensureInfiniteQueryData(
        context.trpc.media.list.infiniteQueryOptions(pageInput(deps), nextPage),
      ),
    ]);
  },
  pendingComponent: () => <Page title="Media Gallery" lead="Loading media…" />,
  component: GalleryPage,
});

function GalleryPage() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
  const [tagDraft, setTagDraft] = useState(s.tag ?? "");
  const [managing, setManaging] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [lightboxAt, setLightboxAt] = useState<number>();
  // The address follows the tag search a moment after typing stops (one history entry, not one per key).
  // Every change of the address is made from the address as it is then (`prev`), not from this
  // render's: on a busy machine the timer fired after the event filter had changed the address,
  // and put back the search it was made from, dropping the event.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((s.tag ?? "") !== tagDraft)
        navigate({ search: (prev) => ({ ...prev, tag: tagDraft || undefined }), replace: true });
    }, 300);
    return () => clearTimeout(t);
  }, [tagDraft, s, navigate]);
  const pages = useInfiniteQuery({
    ...trpc.media.list.infiniteQueryOptions(pageInput(s), nextPage),
    placeholderData: keepPreviousData,
    // A video being converted turns playable without a reload.
    refetchInterval: (query) => pollWhileProcessing(query.state.data?.pages.flatMap((p) => p.items)),
  });
  const suggestions = useQuery({
    ...trpc.media.tags.queryOptions({ prefix: tagDraft.trim() }),
    enabled: tagDraft.trim().length > 0,
    placeholderData: keepPreviousData,
  });
  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const groups = useMemo(() => groupByDay(items), [items]);
  const linked = useQuery({
    ...trpc.media.get.queryOptions({ id: s.media ?? "" }),
    enabled: Boolean(s.media) && !items.some((i) => i.id === s.media),
    refetchInterval: (query) => pollWhileProcessing(query.state.data ? [query.state.data] : undefined),
  });
  const open = items.find((i) => i.id === s.media) ?? linked.data;
  const uploader = useQuery({ ...trpc.members.get.queryOptions({ id: s.by ?? "" }), enabled: Boolean(s.by) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
  const stopManaging = () => {
    setManaging(false);
    setSelected([]);
    setConfirmDelete(false);
  };
  const remove = useMutation(
    trpc.media.delete.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        stopManaging();
        await refresh();
      },
      onError: (err) => {
        setConfirmDelete(false);
        toast.error(errorMessage(err, "The selected media could not be deleted."));
      },
    }),
  );
  const queue = useUploadQueue({ memberId: me.user_id, onUploaded: refresh });
  const { dragging, dropProps } = useFileDrop(queue.add);
  const meInfo = { user_id: me.user_id, admin: me.admin };
  const count = selected.length;

  return (
    <Page
      title="Media Gallery"
      lead={managing ? "Select the items to delete: your own, or any item if you are an admin." : undefined}
      actions={
        managing ? (
          <>
            <Button variant="danger" disabled={count === 0} onClick={() => setConfirmDelete(true)}>
              Delete Selected
            </Button>
            <Button variant="secondary" onClick={stopManaging}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <UploadPicker queue={queue} label="+ Upload Media" />
            <Button variant="secondary" onClick={() => setManaging(true)}>
              Manage Media
            </Button>
          </>
        )
      }
    >
      {/* Photos and videos dropped anywhere on the gallery join the upload queue. */}
      <div
        {...dropProps}
        className={`relative ${dragging ? "rounded-xl outline-2 outline-offset-8 outline-plum outline-dashed" : ""}`}
      >
        {dragging ? (
          <p className="pointer-events-none absolute inset-x-0 -top-2 z-10 text-center font-medium text-plum">
            Drop photos and videos to upload them
          </p>
        ) : null}
        <UploadQueuePanel queue={queue} />
        <div className="mb-8 flex flex-wrap gap-4">
          <label className="flex min-w-56 flex-1 flex-col gap-1.5 text-sm font-medium">
            Tags
            <input
              type="search"
              value={tagDraft}
              onChange={(e) => setTagDraft(e.target.value)}
              placeholder="Search by tags..."
              list="tag-suggestions"
              autoComplete="off"
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            />
            <datalist id="tag-suggestions">
              {(tagDraft.trim() ? (suggestions.data ?? []) : []).map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </label>
          <EventSelect
            label="Event"
            emptyLabel="All Events"
            withMedia
            value={s.event ?? ""}
            onChange={(event) => navigate({ search: (prev) => ({ ...prev, event: event || undefined }) })}
          />
        </div>
        {s.by ? (
          <p className="mb-6 flex flex-wrap items-center gap-3 text-ink" role="status">
            Showing the uploads of{" "}
            <MemberLink id={s.by} className="font-medium">
              {uploader.data?.name ?? "one member"}
            </MemberLink>
            <Button variant="ghost" onClick={() => navigate({ search: (prev) => ({ ...prev, by: undefined }) })}>
              Show everyone's
            </Button>
          </p>
        ) : null}
        {!pages.isPending && items.length === 0 ? <p className="text-ink-soft">No media to display</p> : null}
        <div className="flex flex-col gap-10">
          {groups.map((g) => (
            <section key={g.day} aria-labelledby={`day-${g.day}`}>
              <h2 id={`day-${g.day}`} className="mb-3 text-2xl text-plum">
                {g.heading}
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
                {g.items.map((item) => (
                  <li key={item.id}>
                    <MediaTile
                      item={item}
                      first={items.indexOf(item) < FIRST_SCREEN_TILES}
                      selecting={managing}
                      selectable={item.can_manage}
                      selected={selected.includes(item.id)}
                      onClick={() =>
                        managing
                          ? setSelected((sel) =>
                              sel.includes(item.id) ? sel.filter((x) => x !== item.id) : [...sel, item.id],
                            )
                          : navigate({ search: (prev) => ({ ...prev, media: item.id }) })
                      }
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        {pages.hasNextPage ? (
          <div className="mt-8 text-center">
            <Button variant="secondary" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? "Loading…" : "Show more"}
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${count} item${count === 1 ? "" : "s"}?`}
        description="This cannot be undone: the photos and videos and their comments are removed for everyone."
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ media: selected })}
      />
      {open && lightboxAt === undefined ? (
        <MediaDetailModal
          key={open.id}
          item={open}
          me={meInfo}
          variant="gallery"
          onClose={() => navigate({ search: (prev) => ({ ...prev, media: undefined }) })}
          onLightbox={() =>
            setLightboxAt(
              Math.max(
                0,
                items.findIndex((i) => i.id === open.id),
              ),
            )
          }
        />
      ) : null}
      {lightboxAt !== undefined ? (
        <MediaLightbox
          items={items.length ? items : open ? [open] : []}
          index={lightboxAt}
          onClose={() => setLightboxAt(undefined)}
        />
      ) : null}
    </Page>
  );
}
