import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { ApplicationCard } from "../../features/admin/ApplicationCard";
import { type ApplicationTab, applicationsIn, applicationTabs } from "../../features/admin/application-tabs";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";
import { Tabs } from "../../ui/Tabs";

export const Route = createFileRoute("/_admin/applications")({
  component: function ApplicationsPage() {
    const queryClient = useQueryClient();
    const list = useQuery(trpc.applications.list.queryOptions());
    const [tab, setTab] = useState<ApplicationTab>("Pending");
    const [index, setIndex] = useState(0);
    const decide = useMutation(
      trpc.applications.setStatus.mutationOptions({
        onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.applications.list.queryKey() }),
      }),
    );
    const shown = applicationsIn(tab, list.data ?? []);
    const current = shown[Math.min(index, Math.max(0, shown.length - 1))];

    const body = list.isPending ? (
      <p className="text-ink-soft">Loading applications...</p>
    ) : shown.length === 0 || !current ? (
      <p className="text-ink-soft">No applications in this category</p>
    ) : (
      <div className="flex flex-col gap-4">
        <ApplicationCard
          application={current}
          actions={
            tab === "Pending" ? (
              <>
                <Button onClick={() => decide.mutate({ id: current.id, accepted: true })} disabled={decide.isPending}>
                  Accept
                </Button>
                <Button
                  variant="danger"
                  onClick={() => decide.mutate({ id: current.id, accepted: false })}
                  disabled={decide.isPending}
                >
                  Reject
                </Button>
              </>
            ) : undefined
          }
        />
        {decide.isError ? <Alert>{errorMessage(decide.error, "The decision could not be saved.")}</Alert> : null}
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
      </div>
    );

    return (
      <Page title="Membership Applications">
        <Tabs
          label="Application status"
          value={tab}
          onValueChange={(t) => {
            setTab(t);
            setIndex(0);
          }}
          tabs={applicationTabs.map((t) => ({ value: t, label: t, content: t === tab ? body : null }))}
        />
      </Page>
    );
  },
});
