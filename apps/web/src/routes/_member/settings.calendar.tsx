import { createFileRoute } from "@tanstack/react-router";
import { CalendarFeed } from "../../features/settings/CalendarFeed";

export const Route = createFileRoute("/_member/settings/calendar")({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.calendarFeed.get.queryOptions());
  },
  component: CalendarFeed,
});
