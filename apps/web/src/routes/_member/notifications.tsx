import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Page } from "../../ui/Page";

const PAGE = 20;
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** Her news in the app, newest first: each line leads to its place and is read once opened. */
export const Route = createFileRoute("/_member/notifications")({
  loader: async ({ context }) => {
    await context.queryClient.ensureInfiniteQueryData(
      context.trpc.notifications.list.infiniteQueryOptions({ limit: PAGE }, nextPage),
    );
  },
  component: Notifications,
});

function Notifications() {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(trpc.notifications.list.infiniteQueryOptions({ limit: PAGE }, nextPage));
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  const after = async (r: { unread: number }) => {
    queryClient.setQueryData(trpc.notifications.unread.queryKey(), r);
    await queryClient.invalidateQueries({ queryKey: trpc.notifications.list.queryKey() });
  };
  const readOne = useMutation(trpc.notifications.read.mutationOptions({ onSuccess: after }));
  const readAll = useMutation(
    trpc.notifications.readAll.mutationOptions({
      onSuccess: async (r) => {
        await after(r);
        toast.success("All marked as read.");
      },
      onError: (err) => toast.error(errorMessage(err, "They could not be marked as read. Please try again.")),
    }),
  );

  return (
    <Page
      title="Notifications"
      lead={unread > 0 ? `${unread} unread` : "You are up to date."}
      actions={
        unread > 0 ? (
          <Button variant="secondary" disabled={readAll.isPending} onClick={() => readAll.mutate()}>
            Mark all as read
          </Button>
        ) : undefined
      }
    >
      {items.length === 0 ? (
        <p className="text-ink-soft">
          Nothing yet. Comments on your events and uploads, invitations and seats from a waitlist will show here.
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-card">
          {items.map((n) => (
            <li key={n.id} className={cn("flex items-start gap-3 px-5 py-4", !n.read && "bg-plum-soft/40")}>
              <span
                aria-hidden="true"
                className={cn("mt-2 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-plum")}
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={n.link}
                  onClick={() => (n.read ? undefined : readOne.mutate({ ids: [n.id] }))}
                  className={cn("text-ink hover:text-plum hover:underline", !n.read && "font-semibold")}
                >
                  {n.text}
                </Link>
                <p className="mt-0.5 text-xs text-ink-soft">
                  {n.read ? "" : "Unread · "}
                  {formatMoment(n.at, "MMM d, yyyy 'at' h:mm a")}
                </p>
              </div>
              {n.read ? null : (
                <Button
                  variant="ghost"
                  className="min-h-8 shrink-0 px-3 text-xs"
                  aria-label={`Mark read: ${n.text}`}
                  onClick={() => readOne.mutate({ ids: [n.id] })}
                >
                  Mark read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Show older
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
