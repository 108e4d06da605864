import type { RouterOutputs } from "@club/api";
import { interestOptions } from "@club/shared";
import type { ReactNode } from "react";
import { formatMoment } from "../../lib/moments";
import { Card } from "../../ui/Page";

export type Application = RouterOutputs["applications"]["list"][number];

const na = (v: string | null | undefined) => (v ? v : "N/A");
const interestLabel = (v: string) => interestOptions.find((o) => o.value === v)?.label ?? v;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-ink-soft">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

export function ApplicationCard({ application: a, actions }: { application: Application; actions?: ReactNode }) {
  return (
    <Card>
      <h2 className="text-3xl text-plum">{a.full_name}</h2>
      <dl className="mt-4 divide-y divide-line">
        <Row label="Email">{a.email}</Row>
        <Row label="Phone">{na(a.phone)}</Row>
        <Row label="Membership type">{a.membership_type}</Row>
        <Row label="Submitted">{formatMoment(a.created_at, "MMMM d, yyyy")}</Row>
        <Row label="Interests">{a.interests.map(interestLabel).join(", ")}</Row>
        <Row label="Availability">{na(a.availability)}</Row>
        <Row label="Reason">{a.reason}</Row>
        <Row label="Referral">{na(a.referral)}</Row>
        <Row label="Comments">{na(a.comments)}</Row>
        {a.membership_type === "Travel Host" ? (
          <Row label="Properties">
            {a.properties.length === 0 ? (
              "No property details available for this application."
            ) : (
              <ul className="space-y-3">
                {a.properties.map((p, i) => (
                  <li key={`${p.address}-${i}`} className="rounded-lg bg-paper-deep p-3 text-sm">
                    <p>Address: {na(p.address)}</p>
                    <p>Type: {na(p.type)}</p>
                    <p>Description: {na(p.description)}</p>
                    <p>Availability: {na(p.availability)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Row>
        ) : null}
      </dl>
      {actions ? <div className="mt-6 flex gap-3">{actions}</div> : null}
    </Card>
  );
}
