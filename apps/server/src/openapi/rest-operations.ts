import {
  authLoginAnswer,
  commentSchema,
  eventCardSchema,
  LIST_MAX,
  mediaGetAnswer,
  mediaItemSchema,
  profileGetAnswer,
  unsubscribeSetAnswer,
} from "@club/shared";
import { z } from "zod";
import { EVENT_FIELDS, EVENTS_LIST_MAX } from "../rest/events";
import { MEDIA_CHANGE_FIELDS, MEDIA_LIST_MAX } from "../rest/media";
import { APPLICATION_FIELDS } from "../rest/membership";
import { fieldsOf, objectInput } from "./procedures";

/** Who may call a URL that calls no procedure (a procedure's URL is its procedure's). */
export type RestAccess =
  | "public"
  | "member"
  | "signed in"
  | "admin"
  | "metrics token"
  | "calendar secret"
  | "member, own uploads"
  | "member, own data export";

/** What a REST URL answers when it succeeds. */
export type Answer =
  /** `schema`: the answer's own; without it, the called procedure's answer, passed on as it is. */
  | { kind: "json"; status?: number; description: string; schema?: z.ZodType }
  | { kind: "text" | "csv" | "calendar" | "zip" | "file" | "metrics"; description: string }
  | { kind: "empty"; status: number; description: string };

export interface RestOperation {
  summary: string;
  description?: string;
  /** The procedure the shim calls: its access rule applies and its zod input checks the fields. */
  procedure?: string;
  access?: RestAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body; `multipart` names the file field and the text fields of an upload. */
  body?: z.ZodObject;
  multipart?: { file: string; fields: z.ZodObject };
  /** The tus protocol's request (resumable uploads). */
  tus?: true;
  answer: Answer;
  /** Refusals are plain text (the spec's client shows them as they are), not the JSON error. */
  textErrors?: true;
  /** This URL's limits, in words (the README's table has them all). */
  limits?: string;
}

const json = (description: string, schema?: z.ZodType): Answer => ({
  kind: "json",
  description,
  ...(schema ? { schema } : {}),
});
const id = (path: string, field = "id", as = field) => z.object({ [as]: objectInput(path).shape[field] as z.ZodType });
const offset = z.object({
  offset: z.number().int().min(0).max(1_000_000).optional().meta({ description: "Rows to skip (the Link header's)." }),
});
const tusHeaders = "Tus-Resumable: 1.0.0 and the tus protocol's headers (https://tus.io/protocols/resumable-upload)";
const uploadFields = z.object({
  associated_event_id: z.uuid().optional().meta({ description: "The event the file belongs to (one it may see)." }),
  event_id: z.uuid().optional().meta({ description: "The same, under the name /upload-image also accepts." }),
});
const mediaChanges = (path: string) =>
  fieldsOf(
    path,
    MEDIA_CHANGE_FIELDS.filter((k) => k !== "associated_event_id"),
  ).extend({
    associated_event_id: objectInput(path).shape.associatedEventId as z.ZodType,
  });

/**
 * Every REST URL the server answers, as Fastify registers it (`METHOD /path/:param`), with what
 * the OpenAPI document says of it. The schemas are the called procedure's own zod fields: a shim's
 * request is those fields under the names the spec gives them. A route missing here fails
 * openapi.test.ts.
 */
export const restOperations: Record<string, RestOperation> = {
  "GET /healthz": {
    summary: "Liveness",
    access: "public",
    answer: json('`{"status":"ok"}` while the process runs.', z.object({ status: z.literal("ok") })),
  },
  "GET /readyz": {
    summary: "Readiness",
    access: "public",
    answer: json(
      '`{"status":"ready"}` when the database answers; 503 `{"status":"unavailable"}` when not.',
      z.object({ status: z.literal("ready") }),
    ),
  },
  "GET /metrics": {
    summary: "Prometheus metrics",
    access: "metrics token",
    description: "For the monitoring holding METRICS_TOKEN (as a bearer token); 404 without it, or when none is set.",
    answer: { kind: "metrics", description: "Prometheus text format." },
  },
  "GET /api/openapi.json": {
    summary: "This document",
    access: "public",
    description: "Built at its first request and kept; cached an hour (ETag, If-None-Match answers 304).",
    answer: json(
      "The OpenAPI 3.1 document.",
      z.looseObject({ openapi: z.string(), info: z.looseObject({ version: z.string() }), paths: z.looseObject({}) }),
    ),
  },
  "GET /api/version": {
    summary: "The server's version",
    access: "public",
    description:
      "The API version is the part a breaking change raises: the major number, or 0.minor while the version is 0.x. @club/client checks it on its first call.",
    answer: json(
      '`{"version":"0.1.0","apiVersion":"0.1"}`.',
      z.object({
        version: z.string().meta({ description: "The server's version." }),
        apiVersion: z.string().meta({ description: "The API version: what a breaking change raises." }),
      }),
    ),
  },
  "GET /auth-status": { summary: "Who is signed in", procedure: "auth.status", answer: json("The session's state.") },
  "POST /login": {
    summary: "Sign in",
    procedure: "auth.login",
    body: fieldsOf("auth.login", ["email", "password"]),
    answer: json(
      '`{"message":"Login successful","user":{…}}`; sets the session cookie.',
      authLoginAnswer.extend({ message: z.literal("Login successful") }),
    ),
    limits: "Wrong passwords are throttled per address, per account and per device (see the document's description).",
  },
  "POST /logout": { summary: "Sign out", procedure: "auth.logout", answer: json("Clears the session cookie.") },
  "GET /user-details": { summary: "The signed-in member", procedure: "auth.me", answer: json("Her details.") },
  "GET /auth/oidc/start": {
    summary: "Sign in with the identity provider (a browser's page)",
    access: "public",
    description:
      "Sends the browser to the OpenID Connect provider (OIDC_ISSUER) to sign in, with PKCE, state and nonce; the state is also set in a cookie for the callback. 404 (a page) when no provider is configured, 503 when it does not answer.",
    query: z.object({ redirect: z.string().max(2000).optional() }),
    answer: { kind: "empty", status: 302, description: "Location: the provider's authorization URL." },
  },
  "GET /auth/oidc/callback": {
    summary: "Where the identity provider sends the browser back",
    access: "public",
    description:
      "Takes the pending sign-in by its state (once), exchanges the code and verifies the ID token, then signs in the member the identity is linked to (or, the first time, the member with its verified e-mail) or links it (from Settings). Refusals of a real answer go to /login?error=… or /settings/security?oidc=…; a forged, replayed, expired or another browser's callback answers 400 with a page saying why.",
    query: z.object({ code: z.string().optional(), state: z.string().optional(), iss: z.string().optional() }),
    answer: {
      kind: "empty",
      status: 302,
      description: "Location: where she was going, /home, or the screen saying why not.",
    },
  },
  "POST /update-user": {
    summary: "Change one's name (and, for admins, member type)",
    procedure: "auth.updateUser",
    body: fieldsOf("auth.updateUser", ["name", "type", "admin"]),
    answer: json("The updated member."),
  },
  "POST /update-password": {
    summary: "Change one's password",
    procedure: "auth.updatePassword",
    body: fieldsOf("auth.updatePassword", ["oldPassword", "newPassword"]),
    answer: json("A message."),
  },
  "POST /api/validate-code": {
    summary: "Check an invitation code",
    procedure: "invitationCodes.validate",
    body: fieldsOf("invitationCodes.validate", ["code"]),
    answer: json("Whether the code may be used."),
    limits: "Wrong codes are throttled per address.",
  },
  "POST /request": {
    summary: "Apply for membership",
    procedure: "applications.submit",
    body: fieldsOf("applications.submit", APPLICATION_FIELDS),
    answer: json("A message."),
  },
  "GET /api/applications": {
    summary: "Applications, newest first",
    procedure: "applications.list",
    query: offset,
    answer: json(`Up to ${LIST_MAX}; a \`Link: <…?offset=…>; rel="next"\` header leads to the rest.`),
  },
  "PATCH /api/applications/:id/status": {
    summary: "Accept or decline an application",
    procedure: "applications.setStatus",
    params: id("applications.setStatus"),
    body: fieldsOf("applications.setStatus", ["accepted"]),
    answer: json("The application."),
  },
  "GET /api/register/validate-token/:token": {
    summary: "Check a registration link",
    procedure: "registration.validateToken",
    params: id("registration.validateToken", "token"),
    answer: json("Whether the link may be used, and for whom."),
  },
  "POST /api/register": {
    summary: "Register with a registration link",
    procedure: "registration.register",
    body: fieldsOf("registration.register", ["token", "password", "name", "type"]),
    answer: json("The new member; sets the session cookie."),
  },
  "POST /forgot-password": {
    summary: "Ask for a password-reset link",
    procedure: "passwordReset.request",
    body: fieldsOf("passwordReset.request", ["email"]),
    answer: { kind: "text", description: "A message to show as it is." },
    textErrors: true,
  },
  "POST /reset-password": {
    summary: "Choose a new password with a reset link",
    procedure: "passwordReset.reset",
    body: fieldsOf("passwordReset.reset", ["token", "newPassword"]),
    answer: { kind: "text", description: "A message to show as it is." },
    textErrors: true,
  },
  "GET /api/users": {
    summary: "Members, by name",
    procedure: "users.list",
    query: offset,
    answer: json(`Up to ${LIST_MAX}; a \`Link: <…?offset=…>; rel="next"\` header leads to the rest.`),
  },
  "PUT /api/users/:user_id/privilege": {
    summary: "Set a member's type",
    procedure: "users.setPrivilege",
    params: id("users.setPrivilege", "userId", "user_id"),
    body: fieldsOf("users.setPrivilege", ["type"]),
    answer: json("The member."),
  },
  "PUT /api/users/:user_id/reset-password-to-temp": {
    summary: "Reset a member's password to the temporary one",
    description: "The body is ignored: the server uses its TEMP_PASSWORD.",
    procedure: "users.resetPasswordToTemp",
    params: id("users.resetPasswordToTemp", "userId", "user_id"),
    answer: json("A message."),
  },
  "PUT /api/users/:user_id/testing-team": {
    summary: "Put a member in or out of the testing team",
    procedure: "users.setTestingTeam",
    params: id("users.setTestingTeam", "userId", "user_id"),
    body: fieldsOf("users.setTestingTeam", ["testingTeam"]),
    answer: json("The member."),
  },
  "GET /api/admin/get-members": {
    summary: "Members one can e-mail",
    procedure: "adminMail.members",
    answer: json("The members."),
  },
  "GET /api/admin/audit.csv": {
    summary: "The audit log as CSV",
    description:
      "Every record the filters match, newest first: time (UTC), actor id and e-mail, kind, target id and e-mail, address, detail (JSON), and the record as the Admin Panel words it. Days are the club's (CLUB_TIME_ZONE), both included.",
    procedure: "audit.list",
    query: fieldsOf("audit.list", ["actor", "kind", "from", "to"]),
    answer: { kind: "csv", description: "A header row, then a line per record." },
  },
  "POST /api/admin/send-email": {
    summary: "E-mail a group of members",
    procedure: "adminMail.send",
    body: fieldsOf("adminMail.send", ["subject", "body", "recipientGroup", "selectedMemberIds"]),
    answer: json("A message and the number queued."),
  },
  "GET /api/events": {
    summary: "Events the member may see",
    procedure: "events.list",
    query: fieldsOf("events.list", ["search", "sort", "cursor"]),
    answer: json(
      `Up to ${EVENTS_LIST_MAX} events, by start date; a \`Link: <…&cursor=…>; rel="next"\` header leads to the rest.`,
      z.array(eventCardSchema),
    ),
  },
  "POST /api/events": {
    summary: "Create an event",
    procedure: "events.create",
    body: fieldsOf("events.create", [...EVENT_FIELDS, "slug"]),
    answer: json("The new event."),
  },
  "GET /api/events/:id": {
    summary: "One event, by id or slug",
    procedure: "events.get",
    params: id("events.get"),
    answer: json("The event."),
  },
  "PUT /api/events/:id": {
    summary: "Change an event",
    description: "The date may be sent as `date` (the spec's edit form) or `event_date`.",
    procedure: "events.update",
    params: id("events.update"),
    body: fieldsOf("events.update", EVENT_FIELDS).extend({ date: objectInput("events.update").shape.event_date }),
    answer: json("The event."),
  },
  "DELETE /api/events/:id": {
    summary: "Delete an event",
    procedure: "events.delete",
    params: id("events.delete"),
    answer: json("A message."),
  },
  "POST /api/events/:id/join": {
    summary: "Join an event (or its waitlist)",
    procedure: "events.join",
    params: id("events.join"),
    body: fieldsOf("events.join", ["guests"]),
    answer: json("A message and the participants."),
  },
  "GET /api/events/:id/attendees": {
    summary: "An event's guest list",
    procedure: "events.attendees",
    params: id("events.attendees"),
    answer: json("Participants and the waitlist."),
  },
  "GET /api/events/:id/attendees.csv": {
    summary: "An event's guest list as CSV",
    procedure: "events.attendees",
    params: id("events.attendees"),
    answer: { kind: "csv", description: "Participants first, then the waitlist in order." },
  },
  "GET /api/events/:id/event.ics": {
    summary: "One event as a calendar file",
    description: "The UID and SEQUENCE of every .ics the club sends, so a calendar keeps one entry per event.",
    procedure: "events.calendarFile",
    params: id("events.calendarFile"),
    answer: { kind: "calendar", description: "iCalendar (RFC 5545), one VEVENT." },
  },
  "GET /api/events/:id/media.zip": {
    summary: "An event's photos and videos as one zip",
    access: "member",
    params: id("events.get"),
    answer: { kind: "zip", description: "Only what the member may see is in it." },
  },
  "GET /api/me/data-export/:id": {
    summary: "Download a copy of her data",
    description:
      "The zip made by `dataExport.request`: `data.json` and the files she uploaded. Signed in in a browser (no API token); another member's is 404; after 24 hours, 410.",
    access: "member, own data export",
    params: z.object({ id: z.uuid().meta({ description: "The export's id, from `dataExport.list`." }) }),
    answer: { kind: "zip", description: "data.json and her uploads' files." },
  },
  "DELETE /api/events/:id/leave": {
    summary: "Leave an event",
    procedure: "events.leave",
    params: id("events.leave"),
    answer: json("A message."),
  },
  "GET /calendar/:file": {
    summary: "A member's calendar feed",
    description: "`<secret>.ics`: the secret in the URL is the credential (calendars send no cookies).",
    procedure: "calendarFeed.feed",
    access: "calendar secret",
    params: z.object({ file: z.string().max(204).meta({ description: "The feed's secret and `.ics`." }) }),
    answer: { kind: "calendar", description: "iCalendar; cached privately for 5 minutes." },
  },
  "POST /unsubscribe/:token": {
    summary: "One-click unsubscribe (RFC 8058)",
    description:
      "The URL of a bulk mail's `List-Unsubscribe` header, posted by mail providers with the form body `List-Unsubscribe=One-Click`: no session and no Origin needed, the token is the credential. Stops that one kind of mail for that member; posting again answers the same. A GET of the same URL is the web page that confirms and offers to undo.",
    procedure: "unsubscribe.set",
    params: id("unsubscribe.set", "token"),
    answer: json(
      "`{ message, kind }`: which kind of mail she no longer receives.",
      z.object({ message: z.string(), kind: unsubscribeSetAnswer.shape.kind }),
    ),
  },
  "POST /api/events/send-confirmation": {
    summary: "E-mail a participant her confirmation",
    procedure: "events.sendConfirmation",
    body: fieldsOf("events.sendConfirmation", ["eventId", "userId"]),
    answer: json("A message."),
  },
  "POST /api/events/invite": {
    summary: "Invite members to an event",
    procedure: "events.invite",
    body: fieldsOf("events.invite", ["eventId", "eventTitle", "userIds"]),
    answer: json("A message and the number invited."),
  },
  "GET /api/events/invite/:token": {
    summary: "Accept an event invitation",
    description: "A GET that changes state, as the spec has it: the single-use token bound to its invitee guards it.",
    procedure: "events.acceptInvite",
    params: id("events.acceptInvite", "token"),
    answer: json("The event joined."),
    limits: "Wrong tokens are throttled per address.",
  },
  "GET /api/media": {
    summary: "The gallery, newest first",
    procedure: "media.list",
    query: fieldsOf("media.list", ["tag", "eventId", "cursor"]),
    answer: json(
      `Up to ${MEDIA_LIST_MAX} items; a \`Link: <…&cursor=…>; rel="next"\` header leads to the rest.`,
      z.array(mediaItemSchema),
    ),
  },
  "PUT /api/media/:id": {
    summary: "Change a media item's name, description, tags or event",
    procedure: "media.update",
    params: id("media.update"),
    body: mediaChanges("media.update"),
    answer: json("The media item."),
  },
  "POST /api/delete-media": {
    summary: "Delete media items",
    procedure: "media.delete",
    body: fieldsOf("media.delete", ["media"]),
    answer: json("A message."),
  },
  "GET /api/images/event/:eventId": {
    summary: "An event's images",
    procedure: "images.byEvent",
    params: id("images.byEvent", "eventId"),
    answer: json("The images."),
  },
  // One parameter name for both methods of /api/images/…: the id for a change, the title for a
  // read (OpenAPI refuses two paths that differ only in a parameter's name).
  "PUT /api/images/:image": {
    summary: "Change an image's description or event",
    procedure: "images.update",
    params: id("images.update", "id", "image"),
    body: mediaChanges("images.update"),
    answer: json("The image."),
  },
  "GET /api/images/:image": {
    summary: "An image by its title",
    procedure: "images.byTitle",
    params: id("images.byTitle", "title", "image"),
    answer: json("The image."),
  },
  "GET /api/comments": {
    summary: "Comments of an event or media item, newest first",
    procedure: "comments.page",
    query: fieldsOf("comments.page", ["commentableId", "cursor"]),
    answer: json('One page; a `Link: <…&cursor=…>; rel="next"` header leads to older ones.', z.array(commentSchema)),
  },
  "POST /api/comments": {
    summary: "Comment",
    procedure: "comments.create",
    body: fieldsOf("comments.create", ["content", "commentableId"]),
    answer: json("The comment."),
  },
  "PUT /api/comments/:id": {
    summary: "Edit one's comment",
    procedure: "comments.update",
    params: id("comments.update"),
    body: fieldsOf("comments.update", ["content"]),
    answer: json("The comment."),
  },
  "DELETE /api/comments/:id": {
    summary: "Delete a comment",
    procedure: "comments.delete",
    params: id("comments.delete"),
    answer: json("A message."),
  },
  "POST /api/comments/:id/like": {
    summary: "Like a comment",
    procedure: "comments.like",
    params: id("comments.like"),
    answer: json("The like count."),
  },
  "DELETE /api/comments/:id/unlike": {
    summary: "Take a like back",
    procedure: "comments.unlike",
    params: id("comments.unlike"),
    answer: json("The like count."),
  },
  "POST /upload-media": {
    summary: "Upload a photo or video to the gallery",
    access: "member",
    multipart: { file: "media", fields: uploadFields },
    answer: json("The new media item.", mediaGetAnswer),
    limits: "One file per request, up to MAX_UPLOAD_MB; the type is read from the bytes.",
  },
  "POST /upload-image": {
    summary: "Upload an event image",
    access: "member",
    multipart: { file: "image", fields: uploadFields },
    answer: json("The new media item.", mediaGetAnswer),
    limits: "One file per request, up to MAX_UPLOAD_MB; the type is read from the bytes.",
  },
  "POST /uploads": {
    summary: "Begin a resumable upload (tus)",
    description: `${tusHeaders}; Upload-Metadata may carry \`filename\` and \`event_id\`.`,
    access: "member, own uploads",
    tus: true,
    answer: { kind: "empty", status: 201, description: "Created; the Location header is the upload's URL." },
    limits: "Upload-Length up to MAX_UPLOAD_MB; a member's unfinished uploads are limited in number and bytes.",
  },
  "HEAD /uploads/:id": {
    summary: "Where a resumable upload got to",
    description: tusHeaders,
    access: "member, own uploads",
    tus: true,
    params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
    answer: { kind: "empty", status: 200, description: "Upload-Offset says how many bytes arrived." },
  },
  "PATCH /uploads/:id": {
    summary: "Send the next bytes of a resumable upload",
    description: `${tusHeaders}; Content-Type: application/offset+octet-stream.`,
    access: "member, own uploads",
    tus: true,
    params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
    answer: { kind: "empty", status: 204, description: "The new Upload-Offset; the last chunk stores the item." },
  },
  "DELETE /uploads/:id": {
    summary: "Cancel a resumable upload",
    description: tusHeaders,
    access: "member, own uploads",
    tus: true,
    params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
    answer: { kind: "empty", status: 204, description: "Cancelled." },
  },
  "POST /api/me/portrait": {
    summary: "Set her portrait",
    description: "A photo, cropped square around what draws the eye and stored without its metadata.",
    access: "member",
    multipart: { file: "portrait", fields: z.object({}) },
    answer: json("Her profile as Settings shows it (profile.get).", profileGetAnswer),
    limits: "One photo, up to MAX_UPLOAD_MB; the type is read from the bytes.",
  },
  "GET /portraits/*": {
    summary: "A member's portrait",
    access: "member",
    params: z.object({ "*": z.string().meta({ description: "The object's key after /portraits/." }) }),
    answer: { kind: "file", description: "A square WebP; cached privately for a year (keys never change)." },
  },
  "GET /mail-images/:token": {
    summary: "A gallery photo in a group e-mail",
    description:
      "For the readers' mail programs, with no session: the token is the club's signature for one photo (from adminMail.photos), served while every member may see the photo.",
    access: "public",
    params: z.object({ token: z.string().meta({ description: "The photo's id and its signature." }) }),
    answer: { kind: "file", description: "The photo's medium copy (WebP); cached publicly for a day." },
  },
  "GET /media/*": {
    summary: "A stored photo, video or poster",
    description: "Range requests (one range) answer 206; `?download=1` saves under the item's title.",
    access: "member",
    params: z.object({ "*": z.string().meta({ description: "The object's key after /media/." }) }),
    answer: { kind: "file", description: "The file; cached privately for a year (keys never change)." },
  },
};
