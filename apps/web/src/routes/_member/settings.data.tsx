import { createFileRoute } from "@tanstack/react-router";
import { DeleteAccount } from "../../features/settings/DeleteAccount";
import { YourData } from "../../features/settings/YourData";

export const Route = createFileRoute("/_member/settings/data")({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.dataExport.list.queryOptions()),
      // Deleting offers her passkey as the other way to confirm.
      context.queryClient.ensureQueryData(context.trpc.passkeys.list.queryOptions()),
    ]);
  },
  component: () => (
    <div className="grid gap-10">
      <YourData />
      <DeleteAccount />
    </div>
  ),
});
