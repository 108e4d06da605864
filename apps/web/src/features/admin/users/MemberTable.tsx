import { type MemberType, memberTypes } from "@club/shared";
import { Switch } from "radix-ui";
import { cn } from "../../../ui/cn";
import { MemberActionsMenu } from "./MemberActionsMenu";
import { lastSeenText, memberDay, memberMoment } from "./member-dates";
import type { MemberRow } from "./member-page-cache";

export interface MemberRowActions {
  setType: (member: MemberRow, type: MemberType) => void;
  setAdmin: (member: MemberRow, admin: boolean) => void;
  reset: (member: MemberRow) => void;
  setTestingTeam: (member: MemberRow, join: boolean) => void;
  remove: (member: MemberRow) => void;
}

const columns = ["Name", "E-mail", "Type", "Admin", "Member since", "Last seen", "Actions"] as const;

// The name column stays in view while a phone scrolls the others sideways, with a rule at its edge.
const sticky = "sticky left-0 z-[1] shadow-[inset_-1px_0_0_var(--color-line)] lg:shadow-none";
const cell = "px-3.5 py-3 align-middle first:pl-5 last:pr-5";

/**
 * The members as a real table from a tablet's width up: one set of columns for every row (the
 * admin's own too), each with its header, so the columns line up and a screen reader names each
 * cell by its column and row; between a tablet and a desktop it scrolls sideways within its frame.
 * On a phone (the table is three windows wide there) each member is a card instead, with the same
 * controls, named the same way; only one of the two is shown, and read, at a time.
 */
export function MemberTable({
  members,
  meId,
  busy,
  caption,
  actions,
}: {
  members: MemberRow[];
  meId: string | undefined;
  /** Members with a change on its way: their controls wait for it. */
  busy: ReadonlySet<string>;
  caption: string;
  actions: MemberRowActions;
}) {
  return (
    <>
      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {members.map((m) => (
          <MemberCard
            key={m.user_id}
            member={m}
            own={m.user_id === meId}
            busy={busy.has(m.user_id)}
            actions={actions}
          />
        ))}
      </ul>
      {/* Its controls take the keyboard along when it scrolls sideways. Relative, so that the
          hidden labels inside are placed (and clipped) within it, not past the page's right edge. */}
      <div className="relative hidden overflow-x-auto rounded-[var(--radius-card)] border border-line bg-card shadow-[var(--shadow-card)] md:block">
        <table className="w-full min-w-[66rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-line">
              {columns.map((c, i) => (
                <th
                  key={c}
                  scope="col"
                  className={cn(
                    cell,
                    "bg-paper-deep py-3 text-xs font-semibold tracking-[0.08em] whitespace-nowrap text-ink-soft uppercase",
                    i === 0 && sticky,
                    c === "Actions" && "text-right",
                  )}
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {members.map((m) => (
              <MemberTableRow
                key={m.user_id}
                member={m}
                own={m.user_id === meId}
                busy={busy.has(m.user_id)}
                actions={actions}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function MemberTableRow({
  member: m,
  own,
  busy,
  actions,
}: {
  member: MemberRow;
  own: boolean;
  busy: boolean;
  actions: MemberRowActions;
}) {
  return (
    <tr className="group transition-colors hover:bg-paper" aria-busy={busy || undefined}>
      <th scope="row" className={cn(cell, sticky, "bg-card font-medium text-ink group-hover:bg-paper")}>
        <span className="block max-w-[9rem] [overflow-wrap:anywhere] sm:max-w-[14rem]">{m.name}</span>
        <Badges own={own} testingTeam={m.testingTeam} />
      </th>
      <td className={cn(cell, "text-ink-soft")}>
        <a href={`mailto:${m.email}`} className="[overflow-wrap:anywhere] hover:text-plum hover:underline">
          <EmailText email={m.email} />
        </a>
      </td>
      <td className={cell}>
        <TypeSelect member={m} busy={busy} actions={actions} />
      </td>
      <td className={cell}>
        <AdminSwitch member={m} own={own} busy={busy} actions={actions} />
      </td>
      <td className={cn(cell, "whitespace-nowrap text-ink-soft")}>
        <time dateTime={m.createdAt.toISOString()} title={memberMoment(m.createdAt)} suppressHydrationWarning>
          {memberDay(m.createdAt)}
        </time>
      </td>
      <td className={cn(cell, "whitespace-nowrap text-ink-soft")}>
        {m.lastSeenAt ? (
          // "3 hours ago" is worked out again in the browser, a little later than on the server.
          <time dateTime={m.lastSeenAt.toISOString()} title={memberMoment(m.lastSeenAt)} suppressHydrationWarning>
            {lastSeenText(m.lastSeenAt)}
          </time>
        ) : (
          <span className="italic">No record</span>
        )}
      </td>
      <td className={cn(cell, "text-right")}>
        <MemberActionsMenu
          member={m}
          own={own}
          onReset={() => actions.reset(m)}
          onTestingTeam={(join) => actions.setTestingTeam(m, join)}
          onDelete={() => actions.remove(m)}
        />
      </td>
    </tr>
  );
}

type MemberProps = { member: MemberRow; own: boolean; busy: boolean; actions: MemberRowActions };

/** A member on a phone: her name and menu, her address, her type and admin right, and her dates. */
function MemberCard({ member: m, own, busy, actions }: MemberProps) {
  return (
    <li
      className="rounded-[var(--radius-card)] border border-line bg-card p-4 shadow-[var(--shadow-card)]"
      aria-busy={busy || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere] text-ink">{m.name}</p>
          <a
            href={`mailto:${m.email}`}
            className="text-sm [overflow-wrap:anywhere] text-ink-soft hover:text-plum hover:underline"
          >
            <EmailText email={m.email} />
          </a>
          <Badges own={own} testingTeam={m.testingTeam} />
        </div>
        <MemberActionsMenu
          member={m}
          own={own}
          onReset={() => actions.reset(m)}
          onTestingTeam={(join) => actions.setTestingTeam(m, join)}
          onDelete={() => actions.remove(m)}
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        <span className="flex items-center gap-2 text-ink-soft">
          <span aria-hidden="true">Type</span>
          <TypeSelect member={m} busy={busy} actions={actions} />
        </span>
        <span className="flex items-center gap-2 text-ink-soft">
          <span aria-hidden="true">Admin</span>
          <AdminSwitch member={m} own={own} busy={busy} actions={actions} />
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-soft">Member since</dt>
        <dd className="text-ink">
          <time dateTime={m.createdAt.toISOString()} title={memberMoment(m.createdAt)} suppressHydrationWarning>
            {memberDay(m.createdAt)}
          </time>
        </dd>
        <dt className="text-ink-soft">Last seen</dt>
        <dd className="text-ink">
          {m.lastSeenAt ? (
            <time dateTime={m.lastSeenAt.toISOString()} title={memberMoment(m.lastSeenAt)} suppressHydrationWarning>
              {lastSeenText(m.lastSeenAt)}
            </time>
          ) : (
            <span className="italic">No record</span>
          )}
        </dd>
      </dl>
    </li>
  );
}

/** "You" on the admin's own row or card, "Testing Team" on a tester's. */
function Badges({ own, testingTeam }: { own: boolean; testingTeam: boolean }) {
  if (!own && !testingTeam) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1.5 text-xs font-normal">
      {own ? <span className="rounded-full bg-plum-soft px-2 py-0.5 text-plum">You</span> : null}
      {testingTeam ? (
        <span className="rounded-full border border-gold-light px-2 py-0.5 text-gold">Testing Team</span>
      ) : null}
    </span>
  );
}

function TypeSelect({ member: m, busy, actions }: Omit<MemberProps, "own">) {
  return (
    <select
      aria-label={`Type of ${m.name}`}
      value={m.type}
      disabled={busy}
      onChange={(e) => {
        const type = memberTypes.find((t) => t === e.target.value);
        if (type) actions.setType(m, type);
      }}
      className="w-[8.75rem] rounded-lg border border-line bg-card px-2.5 py-1.5 text-ink focus:border-plum focus:ring-2 focus:ring-plum/20 focus:outline-none disabled:opacity-60"
    >
      {memberTypes.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

function AdminSwitch({ member: m, own, busy, actions }: MemberProps) {
  return (
    <span className="flex items-center gap-2.5">
      <Switch.Root
        checked={m.admin}
        disabled={busy || own}
        onCheckedChange={(admin) => actions.setAdmin(m, admin)}
        aria-label={`${m.name} is an admin`}
        title={own ? "Your own admin right is taken away by another admin." : undefined}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-line transition-colors data-[state=checked]:bg-plum disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <span aria-hidden="true" className="text-ink-soft">
        {m.admin ? "Yes" : "No"}
      </span>
    </span>
  );
}

/** A long address breaks before its "@" when it must, rather than anywhere in its name. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
