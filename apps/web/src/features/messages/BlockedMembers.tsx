import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { Card } from "../../ui/Page";
import { Portrait } from "../members/Portrait";

/**
 * Settings → Profile: the members she blocked (none of them can write to her), each with Unblock.
 * A member is blocked from her profile.
 */
export function BlockedMembers() {
  const queryClient = useQueryClient();
  const { data: blocked } = useSuspenseQuery(trpc.conversations.blocked.queryOptions());
  const unblock = useMutation(
    trpc.conversations.unblock.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await Promise.all(
          [trpc.conversations.blocked, trpc.conversations.get].map((p) =>
            queryClient.invalidateQueries({ queryKey: p.pathKey() }),
          ),
        );
      },
      onError: (err) => toast.error(errorMessage(err, "That did not work. Please try again.")),
    }),
  );
  return (
    <Card>
      <h2 className="text-2xl text-plum">Blocked members</h2>
      {blocked.length === 0 ? (
        <p className="mt-2 text-ink-soft">
          You have blocked no one. A member you block from her profile cannot write to you, and is not told why.
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink-soft">They cannot write to you, and you do not write to them.</p>
          <ul aria-label="Blocked members" className="mt-4 flex flex-col divide-y divide-line">
            {blocked.map((m) => (
              <li key={m.id} className="flex items-center gap-3 py-3">
                <Portrait name={m.name} portrait={m.portrait} size="sm" />
                <Link to="/members/$id" params={{ id: m.id }} className="flex-1 font-medium hover:underline">
                  {m.name}
                </Link>
                <Button
                  variant="secondary"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate({ id: m.id })}
                  aria-label={`Unblock ${m.name}`}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
