import type { RouterOutputs } from "@club/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { formatMoment } from "../../lib/moments";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Card } from "../../ui/Page";

type Session = RouterOutputs["sessions"]["list"][number];

const when = (d: Date) => formatMoment(d, "MMM d, yyyy HH:mm");
const methodLabels: Record<Session["method"], string> = {
  password: "a password",
  passkey: "a passkey",
  oidc: "the club's identity provider",
};
const title = (s: Session) => `${s.browser ?? "Unknown browser"}${s.system ? ` on ${s.system}` : ""}`;

/**
 * Her signed-in browsers: what each is (read from its User-Agent on the server), where and when it
 * was signed in and last seen, and ending one or all the others. Cards rather than a table, so a
 * phone's width reads as well as a desktop's.
 */
export function Sessions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const [ending, setEnding] = useState<Session>();
  const [endingOthers, setEndingOthers] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.sessions.list.queryKey() });
  const end = useMutation(
    trpc.sessions.end.mutationOptions({
      onSuccess: async ({ signedOut }) => {
        setEnding(undefined);
        if (signedOut) {
          // This browser's own session: she is signed out, like Logout does it.
          await queryClient.resetQueries();
          await navigate({ to: "/login" });
          return;
        }
        toast.success("That session was ended: the browser is signed out.");
        await refresh();
      },
      onError: async (err) => {
        setEnding(undefined);
        toast.error(errorMessage(err, "The session could not be ended."));
        await refresh();
      },
    }),
  );
  const endOthers = useMutation(
    trpc.sessions.endOthers.mutationOptions({
      onSuccess: async ({ ended }) => {
        setEndingOthers(false);
        toast.success(
          ended === 0
            ? "You were signed in nowhere else."
            : `Signed out everywhere else (${ended} ${ended === 1 ? "session" : "sessions"} ended).`,
        );
        await refresh();
      },
      onError: (err) => {
        setEndingOthers(false);
        toast.error(errorMessage(err, "The other sessions could not be ended."));
      },
    }),
  );
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-2xl text-plum">Where you are signed in</h3>
          <p className="mt-2 max-w-2xl text-sm text-ink-soft">
            Each browser you signed in with, as last seen. End any you do not recognise, then change your password.
          </p>
        </div>
        <Button variant="secondary" onClick={() => setEndingOthers(true)} disabled={others === 0}>
          Sign out everywhere else
        </Button>
      </div>
      <ul className="mt-5 divide-y divide-line" aria-label="Sessions">
        {sessions.data?.map((s) => (
          <li key={s.id} className="flex items-start justify-between gap-3 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">
                {title(s)}
                {s.current ? (
                  <span className="ml-2 whitespace-nowrap rounded-full bg-plum-soft px-2 py-0.5 font-normal text-plum text-xs">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="break-words text-ink-soft">
                {s.address ? <span>{s.address} · </span> : null}
                <span>
                  Signed in {when(s.signedInAt)} with {methodLabels[s.method]}
                </span>
                {" · "}
                <span>{s.current ? "active now" : `last seen ${when(s.lastSeenAt)}`}</span>
              </p>
            </div>
            <Button
              variant="ghost"
              className="shrink-0 px-3"
              onClick={() => setEnding(s)}
              aria-label={s.current ? "Sign out of this browser" : `End the session of ${title(s)}`}
            >
              {s.current ? "Sign out" : "End"}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={Boolean(ending)}
        onOpenChange={(open) => !open && setEnding(undefined)}
        title={ending?.current ? "Sign out of this browser?" : `End the session of ${ending ? title(ending) : ""}?`}
        description={
          ending?.current
            ? "You will need to sign in again here."
            : "That browser is signed out at once and must sign in again."
        }
        confirmLabel={ending?.current ? "Yes, Sign out" : "Yes, End"}
        busy={end.isPending}
        onConfirm={() => ending && end.mutate({ id: ending.id })}
      />
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title="Sign out everywhere else?"
        description={`Every other browser (${others}) is signed out at once; this one stays signed in. Your API tokens are not affected.`}
        confirmLabel="Yes, Sign out everywhere else"
        busy={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
      />
    </Card>
  );
}
