import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../features/public/LegalPage";

export const Route = createFileRoute("/contact")({
  component: () => (
    <LegalPage
      title="Contact"
      lead="We would be glad to hear from you."
      sections={[
        {
          heading: "Membership committee",
          body: (
            <p>
              Questions about invitations and applications:{" "}
              <a className="text-plum underline" href="mailto:membership@club.example">
                membership@club.example
              </a>
            </p>
          ),
        },
        {
          heading: "Members' help",
          body: (
            <p>
              Help with your account, events or the gallery:{" "}
              <a className="text-plum underline" href="mailto:help@club.example">
                help@club.example
              </a>
            </p>
          ),
        },
        {
          heading: "Post",
          body: <address className="not-italic">The Club, 12 Garden Row, Boston, MA 02108, United States</address>,
        },
      ]}
    />
  ),
});
