import { router } from "../../trpc";
import { eventAnnouncement } from "./announce";
import { eventCrud } from "./crud";
import { eventInvitationProcedures } from "./invitations";
import { eventParticipation } from "./participation";

export const eventsRouter = router({
  ...eventCrud,
  ...eventParticipation,
  ...eventInvitationProcedures,
  ...eventAnnouncement,
});
