import { messages } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Page } from "../ui/Page";

export const Route = createFileRoute("/logout")({
  component: function LogoutPage() {
    const queryClient = useQueryClient();
    const navigate = useNavigate();
    const logout = useMutation(
      trpc.auth.logout.mutationOptions({
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
