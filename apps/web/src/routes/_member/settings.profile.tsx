import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { BlockedMembers } from "../../features/messages/BlockedMembers";
import { AboutForm } from "../../features/settings/AboutForm";
import { PortraitCard } from "../../features/settings/PortraitCard";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { ShowcasePicker } from "../../features/settings/ShowcasePicker";
import { trpc } from "../../lib/trpc";
import { ButtonLink } from "../../ui/Button";

/** Settings → Profile: her name and type, then what members see on her profile. */
export const Route = createFileRoute("/_member/settings/profile")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.auth.me.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
      context.queryClient.ensureQueryData(context.trpc.conversations.blocked.queryOptions()),
    ]);
  },
  component: function ProfileSettings() {
    const { data: me } = useSuspenseQuery(trpc.auth.me.queryOptions());
    return (
      <div className="flex flex-col gap-6">
        <ProfileForm />
        <PortraitCard />
        <AboutForm />
        <ShowcasePicker />
        <BlockedMembers />
        <ButtonLink
          to="/members/$id"
          params={{ id: me.user_id }}
          search={{ as: "member" }}
          variant="secondary"
          className="self-start"
        >
          See your profile as members see it
        </ButtonLink>
      </div>
    );
  },
});
