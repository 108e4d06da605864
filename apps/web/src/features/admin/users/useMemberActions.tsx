import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../../lib/trpc";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import type { MemberRowActions } from "./MemberTable";
import { type MemberRow, patchMember, removeMember } from "./member-page-cache";
import { type ResetDone, TemporaryPasswordDialog } from "./TemporaryPasswordDialog";

const typeName = (type: string) => (type === "Founding" ? "a Founding" : `a ${type}`);

/**
 * What an admin does to one member from the table, and the dialogs that ask first and report after.
 * Each answer is written into the row it concerns (patchMember): the list is not asked for again.
 */
export function useMemberActions() {
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<MemberRow>();
  const [resetDone, setResetDone] = useState<ResetDone>();
  const [deleting, setDeleting] = useState<MemberRow>();
  const [adminChange, setAdminChange] = useState<{ member: MemberRow; admin: boolean }>();
  const onError = (err: unknown) => toast.error(errorMessage(err, "The change could not be saved."));

  const type = useMutation(
    trpc.users.setPrivilege.mutationOptions({
      onSuccess: (r) => {
        patchMember(queryClient, r.user_id, r);
        toast.success(`${r.name} is now ${typeName(r.type)} member.`, {
          description: "Her sessions and API tokens have ended, so the change applies at once.",
        });
      },
      onError,
    }),
  );
  const admin = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: (r) => {
        patchMember(queryClient, r.user_id, r);
        setAdminChange(undefined);
        toast.success(r.admin ? `${r.name} is now an admin.` : `${r.name} is no longer an admin.`, {
          description: "Her sessions and API tokens have ended, so the change applies at once.",
        });
      },
      onError: (err) => {
        setAdminChange(undefined);
        onError(err);
      },
    }),
  );
  const testing = useMutation(
    trpc.users.setTestingTeam.mutationOptions({
      onSuccess: (r) => {
        patchMember(queryClient, r.user_id, r);
        toast.success(r.testingTeam ? `${r.name} joined the Testing Team.` : `${r.name} left the Testing Team.`);
      },
      onError,
    }),
  );
  const reset = useMutation(
    trpc.users.resetPasswordToTemp.mutationOptions({
      onSuccess: () => setResetting(undefined),
      onError: (err) => {
        setResetting(undefined);
        onError(err);
      },
    }),
  );
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: (r, { userId }) => {
        removeMember(queryClient, userId);
        setDeleting(undefined);
        toast.success(r.message, {
          description:
            r.content === "remove"
              ? "Her comments and uploads were removed with it."
              : "Her comments and uploads stay, shown as by a former member.",
        });
      },
      onError: (err) => {
        setDeleting(undefined);
        onError(err);
      },
    }),
  );

  // A row waits while a change to it is on its way (the others stay free).
  const busy = new Set<string>();
  for (const m of [type, admin, testing, reset, remove]) {
    if (m.isPending && m.variables) busy.add(m.variables.userId);
  }

  const actions: MemberRowActions = {
    setType: (member, t) => type.mutate({ userId: member.user_id, type: t }),
    setAdmin: (member, a) => setAdminChange({ member, admin: a }),
    reset: setResetting,
    setTestingTeam: (member, join) => testing.mutate({ userId: member.user_id, testingTeam: join }),
    remove: setDeleting,
  };

  const granting = adminChange?.admin === true;
  const dialogs = (
    <>
      <ConfirmDialog
        open={Boolean(adminChange)}
        onOpenChange={(open) => !open && setAdminChange(undefined)}
        title={
          granting
            ? `Make ${adminChange?.member.name} an admin?`
            : `Take away ${adminChange?.member.name}'s admin right?`
        }
        description={
          granting
            ? "She will review applications, manage members and send group e-mails. Her sessions end, so she signs in again with the new right."
            : "She stays a member of her type. Her sessions end, so she signs in again without the admin tools."
        }
        tone={granting ? "primary" : "danger"}
        confirmLabel={granting ? "Yes, Make Admin" : "Yes, Remove Admin Right"}
        busy={admin.isPending}
        onConfirm={() => adminChange && admin.mutate({ userId: adminChange.member.user_id, admin: adminChange.admin })}
      />
      <ConfirmDialog
        open={Boolean(resetting)}
        onOpenChange={(open) => !open && setResetting(undefined)}
        title={`Reset ${resetting?.name ?? ""}'s password to the temporary password?`}
        description="She will be signed out everywhere, her API tokens and calendar link end, and she must choose a new password when she next signs in."
        confirmLabel="Yes, Reset"
        busy={reset.isPending}
        onConfirm={() => {
          const member = resetting;
          if (!member) return;
          reset.mutate(
            { userId: member.user_id },
            { onSuccess: (r) => setResetDone({ name: member.name, temporaryPassword: r.temporaryPassword }) },
          );
        }}
      />
      <TemporaryPasswordDialog done={resetDone} onClose={() => setResetDone(undefined)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(undefined)}
        title={`Delete the account of ${deleting?.name ?? ""}?`}
        description={`${deleting?.name ?? "The member"} (${deleting?.email ?? ""}) is signed out and her account, seats and personal data are removed for good. Her seats go to those waiting, the events she created pass to you. This cannot be undone.`}
        confirmLabel="Yes, Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ userId: deleting.user_id })}
      />
    </>
  );
  return { actions, busy, dialogs };
}
