import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../features/public/LegalPage";

export const Route = createFileRoute("/terms-of-service")({
  component: () => (
    <LegalPage
      title="Terms of Service"
      lead="The few rules that keep the club a good place to be."
      sections={[
        {
          heading: "Membership",
          body: "Membership is by invitation and committee approval. Memberships have a six-month minimum; hosting members host at least one month a year.",
        },
        {
          heading: "Conduct",
          body: "Treat fellow members with discretion and respect. What is shared in the club stays in the club. The club is not a venue for work issues, job searches, selling, mentoring or parenting talk.",
        },
        {
          heading: "What you share",
          body: "You keep the rights to your photos, videos and writing. By sharing them in the club you allow other members to view them within the club. Share only what you have the right to share.",
        },
        {
          heading: "Accounts",
          body: "Keep your password to yourself. Administrators may suspend accounts that break these terms.",
        },
        { heading: "Changes", body: "We will tell members by e-mail before these terms change." },
      ]}
    />
  ),
});
