import { memberTypes } from "@club/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { searchParams, text, wholeFrom } from "../../lib/search-params";
import { errorMessage, trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TextField } from "../../ui/Field";
import { Page } from "../../ui/Page";

const PAGE = 50;
const listInput = (q: string | undefined, page: number) => ({
  ...(q ? { search: q } : {}),
  offset: (page - 1) * PAGE,
  // One more than a page: whether there is a next page.
  limit: PAGE + 1,
});

type Member = { user_id: string; name: string; email: string };

const search = searchParams({ q: text(200), page: wholeFrom(1) });

export const Route = createFileRoute("/_admin/users")({
  validateSearch: search,
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.users.list.queryOptions(listInput(deps.q, deps.page))),
      context.queryClient.ensureQueryData(context.trpc.users.temporaryPassword.queryOptions()),
    ]),
  pendingComponent: () => <Page title="User Management" lead="Loading members…" />,
  component: UsersPage,
});

function UsersPage() {
  const { q, page = 1 } = Route.useSearch();
  const me = useQuery(trpc.auth.me.queryOptions());
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const users = useQuery({ ...trpc.users.list.queryOptions(listInput(q, page)), placeholderData: keepPreviousData });
  const temp = useQuery(trpc.users.temporaryPassword.queryOptions());
  const [query, setQuery] = useState(q ?? "");
  const [resetting, setResetting] = useState<Member>();
  const [deleting, setDeleting] = useState<Member>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.list.pathKey() });
  const onError = (err: unknown) => toast.error(errorMessage(err, "The change could not be saved."));
  const privilege = useMutation(
    trpc.users.setPrivilege.mutationOptions({
      onSuccess: async (r) => {
        toast.success(`${r.name} is now ${r.type === "Founding" ? "a Founding" : `a ${r.type}`} member.`, {
          description: "Her sessions and API tokens have ended, so the change applies at once.",
        });
        await refresh();
      },
      onError,
    }),
  );
  const testing = useMutation(
    trpc.users.setTestingTeam.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.testingTeam ? `${r.name} joined the Testing Team.` : `${r.name} left the Testing Team.`);
        await refresh();
      },
      onError,
    }),
  );
  const reset = useMutation(
    trpc.users.resetPasswordToTemp.mutationOptions({
      onSuccess: (r) => {
        toast.success(`${resetting?.name ?? "The member"}'s password was reset to ${r.temporaryPassword}.`, {
          description: "She will choose a new one when she next signs in.",
        });
        setResetting(undefined);
      },
      onError: (err) => {
        onError(err);
        setResetting(undefined);
      },
    }),
  );
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message, {
          description:
            r.content === "remove"
              ? "Her comments and uploads were removed with it."
              : "Her comments and uploads stay, shown as by a former member.",
        });
        setDeleting(undefined);
        await refresh();
      },
      onError: (err) => {
        onError(err);
        setDeleting(undefined);
      },
    }),
  );
  const rows = users.data?.slice(0, PAGE) ?? [];
  const hasNext = (users.data?.length ?? 0) > PAGE;
  const password = temp.data?.password ?? "…";

  return (
    <Page title="User Management" lead="Member types, the Testing Team, password resets and deleting accounts.">
      <form
        className="mb-5 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          navigate({ search: { q: query.trim() || undefined, page: undefined } });
        }}
      >
        <TextField
          label="Search by name or e-mail"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="min-w-64 flex-1 sm:flex-none"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>

      {rows.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">
          {q ? `No member's name or e-mail contains "${q}".` : "No members yet."}
        </p>
      ) : (
        <div className="rounded-[var(--radius-card)] border border-line bg-card">
          {/* One list for every size: a row of columns on wide screens, a card per member on phones. */}
          <div
            aria-hidden="true"
            className="hidden grid-cols-[1.3fr_1.7fr_10rem_7rem_auto_auto] gap-4 border-b border-line bg-paper-deep px-4 py-3 text-sm font-medium text-ink-soft md:grid"
          >
            <span>Name</span>
            <span>Email</span>
            <span>Privilege</span>
            <span>Testing Team</span>
            <span>Password</span>
            <span className="sr-only">Delete</span>
          </div>
          <ul aria-label="Members" className="divide-y divide-line">
            {rows.map((u) => (
              <li
                key={u.user_id}
                className="grid gap-3 p-4 text-sm md:grid-cols-[1.3fr_1.7fr_10rem_7rem_auto_auto] md:items-center md:gap-4"
              >
                <span className="font-medium text-ink">
                  {u.name}
                  {u.admin ? (
                    <span className="ml-2 rounded-full bg-plum-soft px-2 py-0.5 text-xs text-plum">Admin</span>
                  ) : null}
                </span>
                <span className="break-all text-ink-soft">{u.email}</span>
                <label className="flex items-center justify-between gap-3 md:block">
                  <span className="text-ink-soft md:sr-only">Privilege</span>
                  <select
                    aria-label={`Privilege of ${u.name}`}
                    value={u.type}
                    disabled={privilege.isPending}
                    onChange={(e) => {
                      const type = memberTypes.find((t) => t === e.target.value);
                      if (type) privilege.mutate({ userId: u.user_id, type });
                    }}
                    className="rounded-lg border border-line bg-card px-2 py-1.5"
                  >
                    {memberTypes.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center justify-between gap-3 md:block">
                  <span className="text-ink-soft md:sr-only">Testing Team</span>
                  <input
                    type="checkbox"
                    aria-label={`${u.name} is in the Testing Team`}
                    checked={u.testingTeam}
                    onChange={(e) => testing.mutate({ userId: u.user_id, testingTeam: e.target.checked })}
                    className="size-4 accent-plum"
                  />
                </label>
                {u.user_id === me.data?.user_id ? (
                  <span className="text-ink-soft">Change yours in Settings</span>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => setResetting(u)}
                    aria-label={`Reset to ${password} for ${u.name}`}
                  >
                    Reset to {password}
                  </Button>
                )}
                {u.user_id === me.data?.user_id ? (
                  <span aria-hidden="true" />
                ) : (
                  <Button variant="ghost" className="text-danger" onClick={() => setDeleting(u)}>
                    <span aria-hidden="true">Delete</span>
                    <span className="sr-only">Delete the account of {u.name}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {page > 1 || hasNext ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => navigate({ search: { q, page: page - 1 } })}>
            Previous
          </Button>
          <span className="text-sm text-ink-soft">Page {page}</span>
          <Button variant="secondary" disabled={!hasNext} onClick={() => navigate({ search: { q, page: page + 1 } })}>
            Next
          </Button>
        </nav>
      ) : null}

      <ConfirmDialog
        open={Boolean(resetting)}
        onOpenChange={(open) => !open && setResetting(undefined)}
        title={`Reset ${resetting?.name ?? ""}'s password to ${password}?`}
        description="She will be signed out everywhere, her API tokens and calendar link end, and she must choose a new password when she next signs in."
        confirmLabel="Yes, Reset"
        busy={reset.isPending}
        onConfirm={() => resetting && reset.mutate({ userId: resetting.user_id })}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete the account of ${deleting?.name ?? ""}?`}
        description={`${deleting?.name ?? "The member"} (${deleting?.email ?? ""}) is signed out and her account, seats and personal data are removed for good. Her seats go to those waiting, the events she created pass to you. This cannot be undone.`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ userId: deleting.user_id })}
      />
    </Page>
  );
}
