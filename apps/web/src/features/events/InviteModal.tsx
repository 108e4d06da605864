import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { useSettledValue } from "../../lib/settled";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import type { EventDto } from "./types";

const FULL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteModal({
  event,
  open,
  onOpenChange,
}: {
  event: EventDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [query, setQuery] = useState("");
  // An address typed in full finds its member even when she keeps it from the list (the server
  // lists each address only where she allows it). Asked once typing pauses: the server counts such
  // look-ups, and "ann@club.c", "ann@club.co"… are each a full address.
  const settled = useSettledValue(query.trim(), 400);
  const typedEmail = FULL_EMAIL.test(settled) ? settled : undefined;
  const members = useQuery({
    ...trpc.events.invitableMembers.queryOptions(typedEmail ? { email: typedEmail } : undefined),
    enabled: open,
    // An address's answer is asked once: each look-up is counted against her (refocusing the
    // window or reopening the modal would ask again).
    ...(typedEmail ? { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false } : {}),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const invite = useMutation(
    trpc.events.invite.mutationOptions({
      onSuccess: (r) => {
        setSelected([]);
        onOpenChange(false);
        if (r.invited === 0) toast(r.message);
        else toast.success(r.message, { description: "Each has an e-mail with a link of her own." });
      },
    }),
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (members.data ?? []).filter(
      (m) => !q || m.name.toLowerCase().includes(q) || m.email?.toLowerCase().includes(q),
    );
  }, [members.data, query]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Invite Members" size="lg">
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Search by name or e-mail
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
        />
      </label>
      <ul className="mt-4 max-h-72 divide-y divide-line overflow-y-auto rounded-lg border border-line">
        {shown.map((m) => (
          <li key={m.user_id}>
            <label className="flex cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-paper-deep">
              <input
                type="checkbox"
                className="size-4 accent-plum"
                checked={selected.includes(m.user_id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, m.user_id] : s.filter((id) => id !== m.user_id)))
                }
              />
              <span className="flex-1">
                <span className="block font-medium">{m.name || m.email}</span>
                {m.email ? <span className="block text-sm text-ink-soft">{m.email}</span> : null}
              </span>
              <span className="text-xs text-ink-soft">{m.type}</span>
            </label>
          </li>
        ))}
      </ul>
      {members.isError ? (
        <Alert className="mt-4">{errorMessage(members.error, "The members could not be listed.")}</Alert>
      ) : null}
      {invite.isError ? (
        <Alert className="mt-4">{errorMessage(invite.error, "The invitations could not be sent.")}</Alert>
      ) : null}
      <div className="mt-5 flex gap-3">
        <Button
          onClick={() => invite.mutate({ eventId: event.id, eventTitle: event.title, userIds: selected })}
          disabled={selected.length === 0 || invite.isPending}
        >
          {invite.isPending ? "Sending Invites..." : `Invite Selected (${selected.length})`}
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
