import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { ApplicationCard } from "../../features/admin/ApplicationCard";
import { applicationsIn, applicationTabs } from "../../features/admin/application-tabs";
import { oneOf, searchParams } from "../../lib/search-params";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Page } from "../../ui/Page";
import { Tabs } from "../../ui/Tabs";

export const Route = createFileRoute("/_admin/applications")({
  validateSearch: searchParams({ tab: oneOf(applicationTabs) }),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.applications.list.queryOptions());
  },
  pendingComponent: () => <Page title="Membership Applications" lead="Loading applications..." />,
  component: ApplicationsPage,
});

function ApplicationsPage() {
  const { tab = "Pending" } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { data: all } = useSuspenseQuery(trpc.applications.list.queryOptions());
  const [index, setIndex] = useState(0);
  const [deciding, setDeciding] = useState<boolean>();
  const decide = useMutation(
    trpc.applications.setStatus.mutationOptions({
      onSuccess: async (r) => {
        setDeciding(undefined);
        toast.success(
          r.accepted
            ? "Accepted. She has been sent a link to register."
            : "Rejected. She has been sent a courteous e-mail.",
        );
        await queryClient.invalidateQueries({ queryKey: trpc.applications.list.queryKey() });
      },
      onError: (err) => {
        setDeciding(undefined);
        toast.error(errorMessage(err, "The decision could not be saved."));
      },
    }),
  );
  const shown = applicationsIn(tab, all);
  const current = shown[Math.min(index, Math.max(0, shown.length - 1))];

  const body =
    shown.length === 0 || !current ? (
      <p className="text-ink-soft">No applications in this category</p>
    ) : (
      <div className="flex flex-col gap-4">
        <ApplicationCard
          application={current}
          actions={
            tab === "Pending" ? (
              <>
                <Button onClick={() => setDeciding(true)}>Accept</Button>
                <Button variant="danger" onClick={() => setDeciding(false)}>
                  Reject
                </Button>
              </>
            ) : undefined
          }
        />
        <div className="flex items-center justify-between">
          <Button variant="secondary" onClick={() => setIndex((i) => i - 1)} disabled={index <= 0}>
            Previous
          </Button>
          <span className="text-sm text-ink-soft">
            {Math.min(index, shown.length - 1) + 1} of {shown.length}
          </span>
          <Button variant="secondary" onClick={() => setIndex((i) => i + 1)} disabled={index >= shown.length - 1}>
            Next
          </Button>
        </div>
        <ConfirmDialog
          open={deciding !== undefined}
          onOpenChange={(open) => !open && setDeciding(undefined)}
          title={`${deciding ? "Accept" : "Reject"} ${current.full_name}'s application?`}
          description={
            deciding
              ? "She will be e-mailed a link to register, valid for seven days. A decision cannot be changed."
              : "She will be e-mailed a courteous refusal. A decision cannot be changed."
          }
          confirmLabel={deciding ? "Yes, Accept" : "Yes, Reject"}
          tone={deciding ? "primary" : "danger"}
          busy={decide.isPending}
          onConfirm={() => decide.mutate({ id: current.id, accepted: Boolean(deciding) })}
        />
      </div>
    );

  return (
    <Page title="Membership Applications">
      <Tabs
        label="Application status"
        value={tab}
        onValueChange={(t) => {
          navigate({ search: { tab: t === "Pending" ? undefined : t } });
          setIndex(0);
        }}
        tabs={applicationTabs.map((t) => ({ value: t, label: t, content: t === tab ? body : null }))}
      />
    </Page>
  );
}
