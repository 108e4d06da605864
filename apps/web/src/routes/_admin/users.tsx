import { memberTypes } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { Page } from "../../ui/Page";

export const Route = createFileRoute("/_admin/users")({
  component: function UsersPage() {
    const queryClient = useQueryClient();
    const users = useQuery(trpc.users.list.queryOptions());
    const temp = useQuery(trpc.users.temporaryPassword.queryOptions());
    const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
    const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
    const onError = (err: unknown) =>
      setNotice({ ok: false, text: errorMessage(err, "The change could not be saved.") });
    const privilege = useMutation(trpc.users.setPrivilege.mutationOptions({ onSuccess: refresh, onError }));
    const testing = useMutation(trpc.users.setTestingTeam.mutationOptions({ onSuccess: refresh, onError }));
    const reset = useMutation(
      trpc.users.resetPasswordToTemp.mutationOptions({
        onSuccess: (r, v) => {
          const who = users.data?.find((u) => u.user_id === v.userId)?.name ?? "The member";
          setNotice({
            ok: true,
            text: `${who}'s password was reset to ${r.temporaryPassword}. They will choose a new one when they next sign in.`,
          });
        },
        onError,
      }),
    );

    return (
      <Page title="User Management">
        {notice ? (
          <Alert tone={notice.ok ? "success" : "error"} className="mb-5">
            {notice.text}
          </Alert>
        ) : null}
        {users.isPending ? <p className="text-ink-soft">Loading members…</p> : null}
        <div className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-paper-deep text-ink-soft">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Privilege
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Testing Team
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Password
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {users.data?.map((u) => (
                <tr key={u.user_id}>
                  <td className="px-4 py-3 font-medium text-ink">
                    {u.name}
                    {u.admin ? (
                      <span className="ml-2 rounded-full bg-plum-soft px-2 py-0.5 text-xs text-plum">Admin</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-ink-soft">{u.email}</td>
                  <td className="px-4 py-3">
                    <select
                      aria-label={`Privilege of ${u.name}`}
                      value={u.type}
                      onChange={(e) =>
                        privilege.mutate({ userId: u.user_id, type: e.target.value as (typeof memberTypes)[number] })
                      }
                      className="rounded-lg border border-line bg-card px-2 py-1.5"
                    >
                      {memberTypes.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      aria-label={`${u.name} is in the Testing Team`}
                      checked={u.testingTeam}
                      onChange={(e) => testing.mutate({ userId: u.user_id, testingTeam: e.target.checked })}
                      className="size-4 accent-plum"
                    />
                  </td>
                  <td className="px-4 py-3">
                    <Button
                      variant="secondary"
                      onClick={() => reset.mutate({ userId: u.user_id })}
                      aria-label={`Reset ${u.name}'s password to ${temp.data?.password ?? "the temporary password"}`}
                    >
                      Reset to {temp.data?.password ?? "…"}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Page>
    );
  },
});
