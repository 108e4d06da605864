import { useInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, type ErrorComponentProps, Link, notFound } from "@tanstack/react-router";
import { Fragment, useEffect, useRef, useState } from "react";
import { MemberLink } from "../../features/members/MemberLink";
import { Composer } from "../../features/messages/Composer";
import { ConversationActions } from "../../features/messages/ConversationActions";
import { MutedIcon, Portraits } from "../../features/messages/ConversationLine";
import { MessageItem, startsRun } from "../../features/messages/MessageItem";
import { type Message, messagePages, messagesOf } from "../../features/messages/pages";
import { ReportDialog } from "../../features/messages/ReportDialog";
import { useMarkRead } from "../../features/messages/useMarkRead";
import { byDay, dayHeading } from "../../features/messages/when";
import { errorCode, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

/** A conversation she is not in (or never was) is, for her, no page at all. */
const isNotHers = (err: unknown) => errorCode(err) === "NOT_FOUND" || errorCode(err) === "BAD_REQUEST";

function ConversationError({ error }: ErrorComponentProps) {
  return (
    <Page
      title="This conversation could not be loaded"
      lead={
        isNotHers(error)
          ? "It may have been left, or the link is mistyped."
          : "Please reload the page, or try again later."
      }
      actions={
        <Link to="/messages" className="text-plum underline">
          Back to your messages
        </Link>
      }
    />
  );
}

/** A conversation: its members, its messages oldest first, and what she writes next. */
export const Route = createFileRoute("/_member/messages/$id")({
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.ensureQueryData(context.trpc.conversations.get.queryOptions({ id: params.id })),
        context.queryClient.ensureInfiniteQueryData(messagePages(context.trpc, params.id)),
      ]);
    } catch (err) {
      if (isNotHers(err)) throw notFound();
      throw err;
    }
  },
  pendingComponent: () => <Page title="Messages" lead="Loading the conversation…" width="medium" />,
  errorComponent: ConversationError,
  component: ConversationPage,
});

function ConversationPage() {
  const { id } = Route.useParams();
  const { data: conversation } = useSuspenseQuery(trpc.conversations.get.queryOptions({ id }));
  const pages = useInfiniteQuery(messagePages(trpc, id));
  const messages = messagesOf(pages.data?.pages);
  const newestId = messages.at(-1)?.id;
  const [reporting, setReporting] = useState<Message | null>(null);
  const end = useRef<HTMLDivElement>(null);
  useMarkRead(id, newestId);
  // The newest message in view when the conversation opens, and when one arrives or she sends one
  // (not when she reads earlier ones: they come above).
  const shownNewest = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!newestId || shownNewest.current === newestId) return;
    const opening = shownNewest.current === undefined;
    shownNewest.current = newestId;
    // After the router has put the new page at its top (it does so once the page is drawn).
    const frame = requestAnimationFrame(() =>
      end.current?.scrollIntoView({ block: "end", behavior: opening ? "instant" : "smooth" }),
    );
    return () => cancelAnimationFrame(frame);
  }, [newestId]);

  const { members } = conversation;
  return (
    <Page
      title={
        <span className="flex items-center gap-4">
          <Portraits people={members} />
          <span className="min-w-0">
            {members.length === 0
              ? "No one else"
              : members.map((m, i) => (
                  <Fragment key={m.id}>
                    {i === 0 ? "" : i === members.length - 1 ? " and " : ", "}
                    <MemberLink id={m.id} className="decoration-1 decoration-line">
                      {m.name}
                    </MemberLink>
                  </Fragment>
                ))}
          </span>
        </span>
      }
      lead={
        <>
          <Link to="/messages" className="text-plum hover:underline">
            ← All your messages
          </Link>
          {conversation.muted ? (
            <span className="ml-3 inline-flex items-center gap-1 rounded-full bg-paper-deep px-2.5 py-0.5 text-xs text-ink-soft">
              <MutedIcon />
              Muted: no e-mail, and not counted
            </span>
          ) : null}
          {conversation.stay_id ? <span className="ml-3 text-sm">About a stay in a member's home.</span> : null}
        </>
      }
      actions={<ConversationActions conversation={conversation} />}
      width="medium"
    >
      {pages.hasNextPage ? (
        <div className="mb-6 flex justify-center">
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? "Loading…" : "Show earlier messages"}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? <p className="text-center text-ink-soft">No messages yet.</p> : null}
      {byDay(messages).map(({ day, items }) => (
        <section key={day} className="mb-6">
          <h2 className="mb-4 flex items-center gap-4 font-sans text-xs font-semibold tracking-[0.16em] text-gold uppercase before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
            {dayHeading(day)}
          </h2>
          <ol>
            {items.map((m, i) => (
              <MessageItem
                key={m.id}
                message={m}
                first={startsRun(items[i - 1], m)}
                actions={
                  m.mine ? null : (
                    <button
                      type="button"
                      className="rounded px-1 text-ink-soft underline-offset-2 hover:text-danger hover:underline"
                      onClick={() => setReporting(m)}
                      aria-label={`Report the message from ${m.author?.name ?? "a former member"}`}
                    >
                      Report
                    </button>
                  )
                }
              />
            ))}
          </ol>
        </section>
      ))}
      <div className="sticky bottom-0 -mx-5 mt-4 border-t border-line/70 bg-paper/95 px-5 pt-4 pb-5 backdrop-blur sm:mx-0 sm:rounded-t-[var(--radius-card)] sm:px-0">
        {conversation.cannot_write ? (
          <Alert tone="info">{conversation.cannot_write}</Alert>
        ) : (
          <Composer conversationId={id} />
        )}
      </div>
      {/* Where the page ends: scrolled to, the newest message shows just above the composer. */}
      <div ref={end} />
      <ReportDialog message={reporting} onClose={() => setReporting(null)} />
    </Page>
  );
}
