/**
 * Who may see and change what: every rule lives in this folder, a file per kind of thing, all
 * imported from here; every way in (tRPC procedures, the REST shims through them, the upload routes
 * and the media file route) goes through these functions.
 *
 * The rules (ARCHITECTURE.md, "Permissions"):
 * - the members' area is for signed-in members; one who must replace a temporary password may only
 *   read her own details and change that password;
 * - open events are seen by every member; an invite-only event by its creator, its participants,
 *   members holding an accepted or still-valid invitation, and admins;
 * - a draft event (Schedule) is opened, edited, published and deleted by its creator and admins,
 *   and is in nobody's lists, feeds, searches, counts or pickers; nothing else is done with it
 *   (joined, invited to, commented on, uploaded to) until it is published;
 * - what an event's viewer may not see of it she may not reach through anything attached to it:
 *   its media and their files, its comments and their likes;
 * - media are for members; a media item with no event, or with an event she can see, is visible;
 *   one left over from a deleted invite-only event only to its uploader (and admins);
 * - anonymous visitors read the comments of open events only (SPEC.md lets visitors read comments;
 *   media belong to the members' area, so their comments do too);
 * - a thing is changed by its owner (creator, uploader, author) or an admin; comments are edited by
 *   their author only.
 * - a personal API token acts as its owner within its scope: `read` calls queries and live streams (and GET routes)
 *   only, `seed` adds the writes of `club seed --url` (SEED_WRITES), `admin` all its owner may do;
 *   the owner's rights stay the ceiling (a member's admin-scope token acts as that member); no
 *   token creates, lists or revokes tokens, manages passkeys, or lists or ends sessions, whatever
 *   its scope;
 * - a member lists, renames and removes her own passkeys only (admins included: someone else's is
 *   "not found");
 * - a member sees and ends her own sessions only; another's is "not found";
 * - a member asks for, lists and downloads copies of her own data only (another's is "not found"),
 *   signed in in a browser: no API token reaches them;
 * - when the club requires it (the admins' sign-in rule), an admin signed in with a password alone,
 *   or calling with a token made in such a session, does not reach the admin tools; the command
 *   line always does;
 * - the server's metrics (/metrics) are for the monitoring that holds the operator's METRICS_TOKEN;
 *   without one configured, there are none to read.
 * - the API's description (/api/openapi.json) is public, like the source it is made from.
 * - a session signed in with a password alone adds a passkey or connects an identity only once
 *   confirmed by e-mail (412 otherwise); one signed in with a passkey or the provider needs nothing;
 * - a member lists and unlinks her own linked identities only (another's answers "not found"),
 *   never her last way in (`requireAnotherWayIn`), and never with an API token: a leaked token
 *   must not be able to connect an identity to her account or take her ways in away.
 * - an unsubscribe link (a token signed for one member and one kind of bulk mail) changes that one
 *   switch of hers, with no session: the large mail providers post it from their own servers;
 * - a member deletes her own account only with her password or passkey re-entered, never with an
 *   API token; an admin deletes another member's (not her own, which is Settings'); the club's last
 *   administrator is never deleted;
 * - profiles are for members; her e-mail address shows on hers (and in the directory, the invite
 *   modal's list and an event's guest list) only when she chose so, to admins, and to herself (and
 *   to a member who typed it in full to find her); what a profile lists of her media and events
 *   is what the reader may see; a showcase holds only its owner's own media; a portrait's files are
 *   served to members while they are someone's portrait;
 * - any member who sees an event may invite others to it while it has not ended, up to 50
 *   invitation mails an hour (admins: no limit); one already going, waiting or invited is not
 *   invited (nor mailed) again; its manager announces it while it has not ended, twice a day at
 *   most, and a member (not an admin) five announcements a day;
 * - a member reads her own notifications only, each only while she may see the event or media
 *   item it is about (news of applications: admins only);
 * - a gallery photo goes into a group e-mail only when every member may see it (no invite-only
 *   event's, none left private), chosen by an admin; the mail's readers fetch it with no session,
 *   by an address signed for that photo, and only while every member may still see it;
 * - an event's cover is a photo everyone who sees the event may see: one every member may see, or
 *   one of the event's own (`coverPhotos`); the database drops a cover that stops being so;
 * - only Travel Hosts (and admins, on a host's behalf) list homes; a home is changed by its host or an
 *   admin; a stay is seen by its guest, its host and admins, answered by the host or an admin, and
 *   cancelled by any of them; a home's exact address is for its host, admins and a guest whose stay
 *   is accepted, until a week after she leaves (domain/travel/address.ts);
 * - a conversation is read and written by its members only (admins included: another's is "not
 *   found"); none writes to a member who blocked her, or to one she blocked; admins see a message
 *   only once a member in it reports it, with five lines either side (domain/conversations/reports.ts);
 * Something a viewer may not see answers "not found", exactly like something that does not exist.
 */
export * from "./admin-sign-in";
export * from "./callers";
export * from "./comments";
export * from "./conversations";
export * from "./data-exports";
export * from "./deletion";
export * from "./events";
export * from "./media";
export * from "./members";
export * from "./notifications";
// The shape every ownership rule is built on stays inside the module: callers use the named rules.
export {
  actsOnOthers,
  canManage,
  requireAuthor,
  requireCommentRemover,
  requireOwnConfirmation,
  requireOwnUpload,
  requireSomeoneElse,
} from "./ownership";
export * from "./passkeys";
export * from "./sessions";
export * from "./tokens";
export * from "./travel";
export * from "./unsubscribe";
export * from "./ways-in";
