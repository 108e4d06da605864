import { messages } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { dropDrafts } from "../lib/kept-drafts";
import { trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/logout")({
  component: function LogoutPage() {
    const queryClient = useQueryClient();
    const navigate = useNavigate();
    const logout = useMutation(
      trpc.auth.logout.mutationOptions({
        // Signed out on purpose: a request failing meanwhile is not "you were signed out"
        // (session-ended.ts acts only for a page that believes she is signed in), and no draft
        // of hers is kept for whoever uses this browser next.
        onMutate: () => {
          dropDrafts();
          queryClient.setQueryData(trpc.auth.status.queryKey(), { authenticated: false, user: null });
        },
        // Still signed in after all: the header asks again.
        onError: () => queryClient.invalidateQueries({ queryKey: trpc.auth.status.queryKey() }),
        onSuccess: async () => {
          // Everything cached was a member's; the header asks again and shows the visitor's links.
          await queryClient.resetQueries();
          await navigate({ to: "/" });
        },
      }),
    );
    const started = useRef(false);
    useEffect(() => {
      if (started.current) return;
      started.current = true;
      logout.mutate();
    }, [logout]);
    return <Page title="Logging out...">{logout.isError ? <Alert>{messages.logoutFailed}</Alert> : null}</Page>;
  },
});
