import { MemberLink } from "../members/MemberLink";
import { Portrait } from "../members/Portrait";
import type { EventDto } from "./types";

/** Who hosts the event, under its title: her portrait and her name, linking to her profile. */
export function HostLine({ host, me }: { host: EventDto["host"]; me: { user_id: string } }) {
  if (!host) return null;
  const mine = host.user_id === me.user_id;
  return (
    <p className="mb-6 flex items-center gap-3 text-ink-soft">
      <Portrait name={host.name} portrait={host.portrait} />
      <span>
        Hosted by{" "}
        {mine ? (
          <span className="font-medium text-ink">you</span>
        ) : (
          <MemberLink id={host.user_id} className="font-medium text-ink">
            {host.name}
          </MemberLink>
        )}
      </span>
    </p>
  );
}
