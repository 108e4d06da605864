// Ownership: a thing is changed by its owner or an admin; comments are edited by their author only.
import { forbidden, notFound } from "../../errors";
import type { Viewer } from "./callers";

/** Owners and admins change things. */
export function canManage(viewer: Viewer, ownerId: string | null): boolean {
  return viewer.admin || (ownerId !== null && ownerId === viewer.id);
}

/**
 * Whether an act on a thing is someone else's than its owner's (an admin's, or the command
 * line's): such acts go to the audit log. A thing whose owner's account is gone is nobody's own.
 */
export function actsOnOthers(actorId: string | null, ownerId: string | null): boolean {
  return ownerId === null || actorId !== ownerId;
}

/** The one shape of an ownership rule: the owner or an admin, else this refusal. */
export function requireOwnerOrAdmin(viewer: Viewer, ownerId: string | null, refusal: string): void {
  if (!canManage(viewer, ownerId)) throw forbidden(refusal);
}

/** A confirmation e-mail is asked for by its participant, or sent for her by an admin. */
export function requireOwnConfirmation(viewer: Viewer, participantId: string): void {
  requireOwnerOrAdmin(viewer, participantId, "You can only ask for your own confirmation.");
}

/**
 * A resumable upload is continued, checked or cancelled only by the member who began it (admins
 * included: an upload is not an item yet). Anyone else is told it does not exist.
 */
export function requireOwnUpload(viewer: Viewer, ownerId: string | null | undefined): void {
  if (!ownerId || ownerId !== viewer.id) {
    throw notFound("This upload does not exist or has expired. Please add the file again.");
  }
}

/** Some admin actions are for other members' accounts only (an admin resets her own password in Settings). */
export function requireSomeoneElse(viewer: Viewer, userId: string, refusal: string): void {
  if (viewer.id === userId) throw forbidden(refusal);
}

/** Comments are edited by their author only (not even an admin puts words in a member's mouth). */
export function requireAuthor(viewer: Viewer, comment: { userId: string | null }): void {
  // A former member's comment (author null) is nobody's to edit.
  if (comment.userId === null || viewer.id !== comment.userId) throw forbidden("Only the author can edit a comment.");
}

/** Comments are deleted by their author and admins. */
export function requireCommentRemover(viewer: Viewer, comment: { userId: string | null }): void {
  requireOwnerOrAdmin(viewer, comment.userId, "Only the author or an admin can delete a comment.");
}
