import { memberTypes } from "@club/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { adminFilters, MemberFilters, type MemberFilterValues } from "../../features/admin/users/MemberFilters";
import { MemberPager } from "../../features/admin/users/MemberPager";
import { MemberTable } from "../../features/admin/users/MemberTable";
import { useMemberActions } from "../../features/admin/users/useMemberActions";
import { oneOf, type Reader, searchParams, text, wholeFrom } from "../../lib/search-params";
import { trpc } from "../../lib/trpc";
import { Page } from "../../ui/Page";

/** The search text; digits alone (a phone number typed in the address) arrive as a number. */
const searchText: Reader<string> = (value) => text(200)(typeof value === "number" ? String(value) : value);

const search = searchParams({
  q: searchText,
  type: oneOf(memberTypes),
  admin: oneOf(adminFilters),
  page: wholeFrom(1),
});
type Search = ReturnType<typeof search>;

const pageInput = (s: Search) => ({
  ...(s.q ? { search: s.q } : {}),
  ...(s.type ? { type: s.type } : {}),
  ...(s.admin ? { admin: s.admin === "yes" } : {}),
  ...(s.page && s.page > 1 ? { page: s.page } : {}),
});

const LEAD = "Members' types and admin rights, the Testing Team, password resets and deleting accounts.";

export const Route = createFileRoute("/_admin/users")({
  validateSearch: search,
  loaderDeps: ({ search: s }) => s,
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.users.page.queryOptions(pageInput(deps)));
  },
  pendingComponent: () => <Page title="User Management" lead="Loading members…" />,
  component: UsersPage,
});

const count = (n: number) => n.toLocaleString("en-US");

/** What the list holds, in words: for the eye above the table, and as the table's caption. */
function describe(total: number, first: number, shown: number, filtered: boolean) {
  const one = total === 1;
  const members = `${count(total)} ${one ? "member" : "members"}${filtered ? (one ? " matches" : " match") : ""}`;
  return shown === 0 || shown === total ? members : `${members}, showing ${count(first)}–${count(first + shown - 1)}`;
}

function UsersPage() {
  const s = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const me = useQuery(trpc.auth.me.queryOptions());
  const list = useQuery({ ...trpc.users.page.queryOptions(pageInput(s)), placeholderData: keepPreviousData });
  const { actions, busy, dialogs } = useMemberActions();
  const filters: MemberFilterValues = { q: s.q, type: s.type, admin: s.admin };
  const filtered = Boolean(s.q || s.type || s.admin);
  const page = s.page ?? 1;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const members = data?.members ?? [];
  const first = (page - 1) * (data?.pageSize ?? 0) + 1;
  const summary = data ? describe(data.total, first, members.length, filtered) : "";

  return (
    <Page title="User Management" lead={LEAD}>
      <MemberFilters
        value={filters}
        onChange={(change) =>
          // Over the address as it is by then: a second choice made while the first loads keeps both.
          navigate({ search: (prev) => ({ ...prev, ...change, page: undefined }) })
        }
      />
      <div className="mb-3 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-soft">
        <p aria-live="polite">{summary}</p>
        {filtered ? (
          <button
            type="button"
            onClick={() => navigate({ search: {} })}
            className="font-medium text-plum underline-offset-4 hover:underline"
          >
            Clear filters
          </button>
        ) : null}
        {members.length > 0 ? (
          <p aria-hidden="true" className="ml-auto hidden md:block lg:hidden">
            Scroll the table sideways for every column →
          </p>
        ) : null}
      </div>

      {members.length > 0 ? (
        <MemberTable
          members={members}
          meId={me.data?.user_id}
          busy={busy}
          caption={`Members of the club by name: ${summary}`}
          actions={actions}
        />
      ) : (
        <p className="rounded-[var(--radius-card)] border border-line bg-card p-6 text-ink-soft">
          {data && data.total > 0
            ? `There is no page ${page}: the list has ${pages} ${pages === 1 ? "page" : "pages"}.`
            : s.q && !s.type && !s.admin
              ? `No member's name or e-mail contains "${s.q}".`
              : filtered
                ? "No members match these filters."
                : "No members yet."}
        </p>
      )}

      <MemberPager
        page={page}
        pages={pages}
        onPage={(p) => navigate({ search: { ...s, page: p > 1 ? p : undefined } })}
      />
      {dialogs}
    </Page>
  );
}
