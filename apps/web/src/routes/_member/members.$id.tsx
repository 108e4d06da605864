import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, type ErrorComponentProps, Link, useNavigate } from "@tanstack/react-router";
import { hostedInput, MemberProfile, uploadsInput } from "../../features/members/MemberProfile";
import { Portrait } from "../../features/members/Portrait";
import { ProfileActions } from "../../features/messages/ProfileActions";
import { formatMoment } from "../../lib/moments";
import { oneOf, searchParams, wholeFrom } from "../../lib/search-params";
import { errorCode, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { ButtonLink } from "../../ui/Button";
import { Page } from "../../ui/Page";

/** A member who is not there (an old link, an account deleted since): say so, with the way back. */
function ProfileError({ error }: ErrorComponentProps) {
  const gone = errorCode(error) === "NOT_FOUND" || errorCode(error) === "BAD_REQUEST";
  return (
    <Page
      title={gone ? "Member not found" : "This profile could not be loaded"}
      lead={
        gone ? "She may have left the club, or the link is mistyped." : "Please reload the page, or try again later."
      }
      actions={
        <Link to="/members" className="text-plum underline">
          Back to the members
        </Link>
      }
    />
  );
}

/** A member's profile: one request for who she is, and her uploads and events beside it. */
export const Route = createFileRoute("/_member/members/$id")({
  // `write=1`: "Write to her" open (the directory's link to it); `as=member`: her own profile as
  // another member sees it (Settings' preview).
  validateSearch: searchParams({ write: wholeFrom(1), as: oneOf(["member"] as const) }),
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.members.get.queryOptions({ id: params.id })),
      context.queryClient.ensureQueryData(context.trpc.media.list.queryOptions(uploadsInput(params.id))),
      context.queryClient.ensureQueryData(context.trpc.events.list.queryOptions(hostedInput(params.id))),
      // Whether she blocked this member: Block or Unblock, from the first screen.
      context.queryClient.ensureQueryData(context.trpc.conversations.blocked.queryOptions()),
    ]);
  },
  errorComponent: ProfileError,
  component: function ProfilePage() {
    const { id } = Route.useParams();
    const { write, as } = Route.useSearch();
    const navigate = useNavigate({ from: Route.fullPath });
    const { data: answer } = useSuspenseQuery(trpc.members.get.queryOptions({ id }));
    const preview = answer.is_me && as === "member";
    // Her own answer holds her address whatever she chose: the preview shows it only where another
    // member would see it (her choice, read from her settings; hidden until that is known).
    const own = useQuery({ ...trpc.profile.get.queryOptions(), enabled: preview });
    const profile = preview ? { ...answer, is_me: false, email: own.data?.show_email ? answer.email : null } : answer;
    return (
      <Page
        title={
          <span className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <Portrait name={profile.name} portrait={profile.portrait} size="lg" />
            <span>{profile.name}</span>
          </span>
        }
        lead={`${profile.type} member · since ${formatMoment(profile.member_since, "MMMM yyyy")}`}
        actions={
          preview ? (
            <ButtonLink to="/settings/profile" variant="secondary">
              Back to Settings
            </ButtonLink>
          ) : profile.is_me ? (
            <ButtonLink to="/settings/profile">Edit your profile</ButtonLink>
          ) : (
            <ProfileActions
              member={profile}
              write={write === 1}
              onWriteChange={(open) => navigate({ search: { write: open ? 1 : undefined }, replace: true })}
            />
          )
        }
      >
        {preview ? (
          <Alert tone="info" className="mb-6">
            This is your profile as other members see it
            {own.data?.show_email ? "." : ": your e-mail address stays hidden from them, as you chose."}
          </Alert>
        ) : null}
        <MemberProfile profile={profile} />
      </Page>
    );
  },
});
