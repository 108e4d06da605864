import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { z } from "zod";
import { groupByDay } from "../../features/media/group-by-day";
import { MediaDetailModal } from "../../features/media/MediaDetailModal";
import { MediaLightbox } from "../../features/media/MediaLightbox";
import { MediaTile } from "../../features/media/MediaTile";
import { UploadButton } from "../../features/media/UploadButton";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/gallery")({
  validateSearch: z.object({ media: z.string().optional().catch(undefined) }),
  component: function GalleryPage() {
    const { media: openId } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    const queryClient = useQueryClient();
    const me = useQuery(trpc.auth.me.queryOptions());
    const events = useQuery(trpc.events.list.queryOptions({}));
    const [tag, setTag] = useState("");
    const [eventId, setEventId] = useState("");
    const [managing, setManaging] = useState(false);
    const [selected, setSelected] = useState<string[]>([]);
    const [lightboxAt, setLightboxAt] = useState<number>();
    const filter = { tag: tag.trim() || undefined, eventId: eventId || undefined, limit: 60 };
    const pages = useInfiniteQuery(
      trpc.media.list.infiniteQueryOptions(filter, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
    );
    const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
    const groups = useMemo(() => groupByDay(items), [items]);
    const linked = useQuery({
      ...trpc.media.get.queryOptions({ id: openId ?? "" }),
      enabled: Boolean(openId) && !items.some((i) => i.id === openId),
    });
    const open = items.find((i) => i.id === openId) ?? linked.data;
    const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.media.pathKey() });
    const remove = useMutation(
      trpc.media.delete.mutationOptions({
        onSuccess: async () => {
          setSelected([]);
          setManaging(false);
          await refresh();
        },
        onError: (err) => console.error("Failed to delete media", err),
      }),
    );
    const meInfo = me.data ? { user_id: me.data.user_id, admin: me.data.admin } : undefined;

    return (
      <Page
        title="Media Gallery"
        actions={
          managing ? (
            <>
              <Button
                variant="danger"
                disabled={selected.length === 0 || remove.isPending}
                onClick={() => remove.mutate({ media: selected })}
              >
                Delete Selected
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setManaging(false);
                  setSelected([]);
                }}
              >
                Cancel
              </Button>
            </>
          ) : (
            <>
              <UploadButton label="+ Upload Media" url="/upload-media" fileField="media" onUploaded={refresh} />
              <Button variant="secondary" onClick={() => setManaging(true)}>
                Manage Media
              </Button>
            </>
          )
        }
      >
        <div className="mb-8 flex flex-wrap gap-4">
          <label className="flex min-w-56 flex-1 flex-col gap-1.5 text-sm font-medium">
            Tags
            <input
              type="search"
              value={tag}
              onChange={(e) => setTag(e.target.value)}
              placeholder="Search by tags..."
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            />
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Event
            <select
              value={eventId}
              onChange={(e) => setEventId(e.target.value)}
              className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
            >
              <option value="">All Events</option>
              {events.data?.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        {pages.isPending ? <p className="text-ink-soft">Loading media…</p> : null}
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
                      selecting={managing}
                      selected={selected.includes(item.id)}
                      onClick={() =>
                        managing
                          ? setSelected((s) => (s.includes(item.id) ? s.filter((x) => x !== item.id) : [...s, item.id]))
                          : navigate({ search: { media: item.id } })
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
        {open && lightboxAt === undefined ? (
          <MediaDetailModal
            key={open.id}
            item={open}
            me={meInfo}
            variant="gallery"
            onClose={() => navigate({ search: {} })}
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
  },
});
