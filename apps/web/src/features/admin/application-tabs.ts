import type { Application } from "./ApplicationCard";

export const applicationTabs = ["Pending", "All", "Accepted", "Rejected"] as const;
export type ApplicationTab = (typeof applicationTabs)[number];

export function applicationsIn(tab: ApplicationTab, all: Application[]): Application[] {
  switch (tab) {
    case "Pending":
      return all.filter((a) => a.accepted === null);
    case "Accepted":
      return all.filter((a) => a.accepted === true);
    case "Rejected":
      return all.filter((a) => a.accepted === false);
    case "All":
      return all;
  }
}
