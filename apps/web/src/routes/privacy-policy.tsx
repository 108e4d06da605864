import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "../features/public/LegalPage";

export const Route = createFileRoute("/privacy-policy")({
  component: () => (
    <LegalPage
      title="Privacy Policy"
      lead="What we keep about you, why, and what you can ask of us."
      sections={[
        {
          heading: "What we collect",
          body: "Your name, e-mail address and member type; what you tell us in your application; the events you join; the photos, videos and comments you share. We do not collect more than the club needs to run.",
        },
        {
          heading: "How we use it",
          body: "To run the club: to review applications, organise events, show your contributions to other members and send you the club's e-mail. We never sell your data or share it with advertisers.",
        },
        {
          heading: "Who sees it",
          body: "Members see your name, your contributions and the events you join. Administrators see applications and member details. Photos are shown without their location data: we remove it when you upload.",
        },
        {
          heading: "Your messages",
          body: "A conversation is read by its members only. Administrators do not read members' messages: they see a message only when a member in its conversation reports it to them, with the five messages before and after it, and nothing else. A message unread for 15 minutes is e-mailed to you once, unless you turn that off in Settings → E-mail or mute the conversation. You can block a member: she can no longer write to you, and is not told why.",
        },
        {
          heading: "Security",
          body: "Passwords are stored only as strong one-way hashes. Sessions end when you log out, and all of them when you change your password.",
        },
        {
          heading: "Your choices",
          body: "You can change your name and password in Settings at any time. To have your account and contributions removed, write to the committee at privacy@club.example.",
        },
      ]}
    />
  ),
});
