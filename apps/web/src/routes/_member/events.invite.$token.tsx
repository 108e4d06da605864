import { useMutation } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { errorCode, errorMessage, trpc } from "../../lib/trpc";
import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_member/events/invite/$token")({
  component: function AcceptInvitation() {
    const { token } = Route.useParams();
    const navigate = useNavigate();
    const accept = useMutation(trpc.events.acceptInvite.mutationOptions());
    const started = useRef(false);
    useEffect(() => {
      if (started.current) return;
      started.current = true;
      accept.mutate({ token });
    }, [accept, token]);
    useEffect(() => {
      if (!accept.data) return;
      const slug = accept.data.event.slug;
      const t = setTimeout(() => navigate({ to: "/events/$id", params: { id: slug } }), 3000);
      return () => clearTimeout(t);
    }, [accept.data, navigate]);

    if (accept.data)
      return "waitlist_position" in accept.data ? (
        <Page
          title="You are on the waitlist"
          lead={`'${accept.data.event.title}' is full: you are #${accept.data.waitlist_position} on its waitlist. We will e-mail you if a seat opens.`}
        />
      ) : (
        <Page title="Success!" lead={`Joined '${accept.data.event.title}' successfully!`} />
      );
    if (accept.isError) {
      const message = errorCode(accept.error)
        ? errorMessage(accept.error, "Failed to accept invitation.")
        : "Failed to accept invitation.";
      return (
        <Page title="Oops!" lead={message}>
          <ButtonLink to="/calendar">Back to Events</ButtonLink>
        </Page>
      );
    }
    return <Page title="Processing your invitation..." />;
  },
});
