import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { trpc } from "../../lib/trpc";

const onVisibility = (changed: () => void) => {
  document.addEventListener("visibilitychange", changed);
  return () => document.removeEventListener("visibilitychange", changed);
};

/** Whether she can see the page (not a tab in the background). */
export function usePageShown(): boolean {
  return useSyncExternalStore(
    onVisibility,
    () => document.visibilityState === "visible",
    () => false,
  );
}

/**
 * She has read the conversation: when it opens, and each time a newer message arrives while she is
 * looking at it (a message arriving in a tab in the background waits until she looks). Her unread
 * number is the server's answer; her list is read again.
 */
export function useMarkRead(conversationId: string, newestId: string | undefined): void {
  const queryClient = useQueryClient();
  const shown = usePageShown();
  const marked = useRef<string | undefined>(undefined);
  const { mutate } = useMutation(
    trpc.conversations.read.mutationOptions({
      onSuccess: async (r) => {
        queryClient.setQueryData(trpc.conversations.unread.queryKey(), r);
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() });
      },
      // Not read after all: the next look tries again.
      onError: () => {
        marked.current = undefined;
      },
    }),
  );
  useEffect(() => {
    if (!shown || !newestId || marked.current === newestId) return;
    marked.current = newestId;
    mutate({ id: conversationId });
  }, [shown, newestId, conversationId, mutate]);
}
