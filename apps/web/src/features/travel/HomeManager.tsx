import type { RouterOutputs } from "@club/api";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button, ButtonLink } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Card } from "../../ui/Page";
import { BlocksEditor } from "./BlocksEditor";
import { HomeCalendarLink } from "./HomeCalendarLink";
import { HomeForm } from "./HomeForm";
import { HomePhotosEditor } from "./HomePhotos";
import { WindowsEditor } from "./WindowsEditor";

type Home = RouterOutputs["homes"]["get"];

/**
 * One home as its host (or an admin) manages it: its details, photos, open dates, her blocked
 * nights and its calendar link, and withdrawing it (confirmed: its coming guests are told).
 */
export function HomeManager({
  home,
  memberId,
  onItsPage = false,
}: {
  home: Home;
  /** Who uploads its photos (her queue's unfinished uploads are hers). */
  memberId: string;
  /** Shown on the home's own page (no link to it; withdrawing leaves the page). */
  onItsPage?: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useMutation(
    trpc.homes.delete.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        setWithdrawing(false);
        if (onItsPage) await navigate({ to: "/travel" });
        await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.stays.pathKey() });
      },
      onError: (err) => toast.error(errorMessage(err, "The home could not be withdrawn. Please try again.")),
    }),
  );
  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl text-plum">{onItsPage ? "Manage this home" : home.title}</h2>
        <div className="flex flex-wrap gap-2">
          {onItsPage ? null : (
            <ButtonLink variant="ghost" to="/travel/$homeId" params={{ homeId: home.id }}>
              See its page
            </ButtonLink>
          )}
          <Button variant="secondary" onClick={() => setChanging(!changing)}>
            {changing ? "Close" : "Change"}
          </Button>
          <Button variant="ghost" onClick={() => setWithdrawing(true)}>
            Withdraw
          </Button>
        </div>
      </div>
      {changing ? (
        <HomeForm home={home} onDone={() => setChanging(false)} />
      ) : (
        <div className="flex flex-col gap-8">
          <HomePhotosEditor home={home} memberId={memberId} />
          <WindowsEditor key={home.windows.map((w) => w.from + w.to).join()} home={home} />
          <BlocksEditor home={home} />
          <HomeCalendarLink home={home} />
        </div>
      )}
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={`Withdraw ${home.title}?`}
        description="It leaves the club's homes with its photos and calendar. Requests waiting and stays to come are cancelled, and each guest is told."
        confirmLabel="Yes, withdraw it"
        busy={withdraw.isPending}
        onConfirm={() => withdraw.mutate({ id: home.id })}
      />
    </Card>
  );
}
