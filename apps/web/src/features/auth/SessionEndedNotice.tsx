import { useQueryClient } from "@tanstack/react-query";
import { useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { trpc } from "../../lib/trpc";
import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";
import { sessionEnded, signedOutMessage, signInAgain } from "./session-ended";

/**
 * What a route whose loader or query was refused for want of a session shows, for the moment until
 * the handler has her on the Login screen (and in its place should nothing move her there: a link
 * to Login, coming back here).
 */
export function SessionEndedNotice({ error }: { error: unknown }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const href = useRouterState({ select: (s) => s.location.href });
  useEffect(() => {
    void sessionEnded({ queryClient, trpc, router }, error);
  }, [queryClient, router, error]);
  return (
    <Page title="Signed out" lead={signedOutMessage}>
      <ButtonLink {...signInAgain(href)}>Sign in again</ButtonLink>
    </Page>
  );
}
