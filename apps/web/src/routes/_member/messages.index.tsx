import { useInfiniteQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ConversationLine } from "../../features/messages/ConversationLine";
import { conversationPages } from "../../features/messages/pages";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

/** Messages: her conversations, the one written in last first, each with what she has not read. */
export const Route = createFileRoute("/_member/messages/")({
  loader: async ({ context }) => {
    await context.queryClient.ensureInfiniteQueryData(conversationPages(context.trpc));
  },
  pendingComponent: () => <Page title="Messages" lead="Loading your conversations…" width="medium" />,
  component: Messages,
});

function Messages() {
  const pages = useInfiniteQuery(conversationPages(trpc));
  const conversations = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;
  return (
    <Page
      title="Messages"
      lead={
        conversations.length === 0
          ? "Private conversations with the other members of the club."
          : unread > 0
            ? `${unread.toLocaleString("en-US")} unread message${unread === 1 ? "" : "s"}.`
            : "You have read every message."
      }
      width="medium"
    >
      {conversations.length === 0 ? (
        <div className="rounded-[var(--radius-card)] border border-line bg-card p-8 shadow-[var(--shadow-card)]">
          <h2 className="font-serif text-2xl text-ink">No conversations yet</h2>
          <p className="mt-3 text-ink-soft">
            To write to a member, open her profile from the{" "}
            <Link to="/members" className="text-plum underline underline-offset-2">
              members' directory
            </Link>{" "}
            and choose “Write to her”. Only the two of you read what you write.
          </p>
        </div>
      ) : (
        <ul
          aria-label="Conversations"
          className="divide-y divide-line overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)]"
        >
          {conversations.map((c) => (
            <ConversationLine key={c.id} conversation={c} />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? "Loading…" : "Show older"}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
