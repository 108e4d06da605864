import { Link } from "@tanstack/react-router";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../../ui/cn";
import type { MemberRow } from "./member-page-cache";

const item = "flex w-full cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm outline-none";
// One colour pair per item (class order in the stylesheet, not here, would decide between two).
const plain = "text-ink data-[highlighted]:bg-plum-soft";

function Item({ onSelect, danger, children }: { onSelect: () => void; danger?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(item, danger ? "text-danger data-[highlighted]:bg-danger-soft" : plain)}
    >
      {children}
    </DropdownMenu.Item>
  );
}

/**
 * A member's less frequent acts, one menu per row so the table keeps its width: the password
 * reset, the Testing Team and deleting the account. Her own row has no reset or delete: those are
 * in her Settings, with her password.
 */
export function MemberActionsMenu({
  member,
  own,
  onReset,
  onTestingTeam,
  onDelete,
}: {
  member: MemberRow;
  own: boolean;
  onReset: () => void;
  onTestingTeam: (join: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-card px-3.5 py-1.5 text-sm font-medium text-plum transition-colors hover:border-plum/40 hover:bg-plum-soft data-[state=open]:border-plum/40 data-[state=open]:bg-plum-soft">
        Manage<span className="sr-only"> {member.name}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-30 min-w-60 rounded-xl border border-line bg-card p-1.5 shadow-[var(--shadow-card)]"
        >
          {own ? (
            <DropdownMenu.Item asChild className={cn(item, plain)}>
              <Link to="/settings/security">Your password: in Settings</Link>
            </DropdownMenu.Item>
          ) : (
            <Item onSelect={onReset}>Reset to temporary password</Item>
          )}
          <Item onSelect={() => onTestingTeam(!member.testingTeam)}>
            {member.testingTeam ? "Remove from the Testing Team" : "Add to the Testing Team"}
          </Item>
          {own ? null : (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-line" />
              <Item danger onSelect={onDelete}>
                Delete account…
              </Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
