import { createFileRoute } from "@tanstack/react-router";
import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/member-home")({
  component: function MemberHome() {
    const { user } = Route.useRouteContext();
    return (
      <Page title={`Welcome, ${user.name}`} lead="Your corner of the club.">
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/calendar">See events</ButtonLink>
          <ButtonLink to="/gallery" variant="secondary">
            Open the gallery
          </ButtonLink>
          <ButtonLink to="/settings" variant="ghost">
            Settings
          </ButtonLink>
        </div>
      </Page>
    );
  },
});
