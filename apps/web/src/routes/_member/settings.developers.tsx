import { createFileRoute } from "@tanstack/react-router";
import { ApiTokens } from "../../features/settings/ApiTokens";

export const Route = createFileRoute("/_member/settings/developers")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.apiTokens.list.queryOptions());
  },
  component: ApiTokens,
});
