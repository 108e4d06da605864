import { memberTypes } from "@club/shared";
import { keepPreviousData, useInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useSession } from "../../features/auth/session";
import { MemberCard } from "../../features/members/MemberCard";
import { oneOf, searchParams, text } from "../../lib/search-params";
import { useSettledValue } from "../../lib/settled";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Field";
import { Page } from "../../ui/Page";

const search = searchParams({ q: text(100), type: oneOf(memberTypes), talent: text(40) });
type Search = ReturnType<typeof search>;

/** Cards per page: eight rows of three on a desktop. */
const PAGE = 24;
const listInput = (s: Search) => ({
  ...(s.q?.trim() ? { search: s.q.trim() } : {}),
  ...(s.type ? { type: s.type } : {}),
  ...(s.talent ? { talent: s.talent } : {}),
  limit: PAGE,
});
const nextPage = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** The directory: every member, by name; searched by name or talent, filtered by type and talent. */
export const Route = createFileRoute("/_member/members/")({
  validateSearch: search,
  loaderDeps: ({ search: s }) => s,
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureInfiniteQueryData(
        context.trpc.members.list.infiniteQueryOptions(listInput(deps), nextPage),
      ),
      context.queryClient.ensureQueryData(context.trpc.members.talents.queryOptions()),
    ]);
  },
  component: Directory,
});

function Directory() {
  const s = Route.useSearch();
  const { user } = useSession();
  const navigate = useNavigate({ from: Route.fullPath });
  const [draft, setDraft] = useState(s.q ?? "");
  // The address follows the search a moment after typing stops (one history entry, not one per key).
  const settled = useSettledValue(draft, 300);
  useEffect(() => {
    if ((s.q ?? "") !== settled) navigate({ search: (prev) => ({ ...prev, q: settled || undefined }), replace: true });
  }, [settled, s, navigate]);
  const pages = useInfiniteQuery({
    ...trpc.members.list.infiniteQueryOptions(listInput(s), nextPage),
    placeholderData: keepPreviousData,
  });
  const { data: talents } = useSuspenseQuery(trpc.members.talents.queryOptions());
  const members = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(s.q || s.type || s.talent);
  const talentOptions = [
    { value: "", label: "All talents" },
    // A talent from a link (a profile's chip) is offered even when it is not among the most listed.
    ...(s.talent && !talents.some((t) => t.talent.toLowerCase() === s.talent?.toLowerCase())
      ? [{ value: s.talent, label: s.talent }]
      : []),
    ...talents.map((t) => ({ value: t.talent, label: `${t.talent} (${t.members})` })),
  ];

  return (
    <Page title="Members" lead="The women of the club: find a member by her name or by what she does.">
      <search className="mb-8 grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          Search
          <input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="A name or a talent…"
            maxLength={100}
            autoComplete="off"
            className="h-[42px] rounded-lg border border-line bg-card px-3 py-2 font-normal"
          />
        </label>
        <SelectField
          className="[&_select]:h-[42px]"
          label="Member type"
          value={s.type ?? ""}
          options={[{ value: "", label: "All types" }, ...memberTypes.map((t) => ({ value: t, label: t }))]}
          onChange={(e) =>
            navigate({ search: (prev) => ({ ...prev, type: (e.target.value || undefined) as Search["type"] }) })
          }
        />
        <SelectField
          className="[&_select]:h-[42px]"
          label="Talent"
          value={s.talent ?? ""}
          options={talentOptions}
          onChange={(e) => navigate({ search: (prev) => ({ ...prev, talent: e.target.value || undefined }) })}
        />
      </search>
      {!pages.isPending && members.length === 0 ? (
        <p className="text-ink-soft" role="status">
          {filtered ? "No member matches this search." : "No members yet."}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Members">
          {members.map((m) => (
            <MemberCard key={m.id} member={m} writable={Boolean(user) && m.id !== user?.id} />
          ))}
        </ul>
      )}
      {pages.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? "Loading…" : "Show more members"}
          </Button>
        </div>
      ) : null}
    </Page>
  );
}
