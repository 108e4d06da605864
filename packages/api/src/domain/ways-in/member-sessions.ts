import { createHash } from "node:crypto";
import { type Queryable, sessions } from "@club/db";
import { and, desc, eq, gt, ne } from "@club/db/orm";
import Bowser from "bowser";
import type { ApiContext } from "../../context";
import { ownSessions, requireOwnSession, type Viewer } from "../access";
import { auditActor, recordAudit } from "../audit/record";

// A member's own browser sessions, as Settings → Security shows them: where and how each was
// signed in, when it was last seen, and ending one or all the others.

/**
 * The id a session is shown and ended by. The stored id is the SHA-256 of the cookie's token, so it
 * is no credential, but it is the key servers, caches and logs know a session by; the page gets a
 * hash of it instead, which names the session to her and to nothing else
 * (docs/decisions/sessions-are-shown-by-a-derived-id.md).
 */
export function publicSessionId(storedId: string): string {
  return createHash("sha256").update(`club session shown as:${storedId}`).digest("base64url").slice(0, 22);
}

/** A public id's shape (22 base64url characters), checked by the procedures' input. */
export const PUBLIC_SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

export interface BrowserAndSystem {
  /** "Chrome 142"; null when the User-Agent names no browser bowser knows. */
  browser: string | null;
  /** "macOS", "iOS 17.4", "Windows 10"; null when unknown. */
  system: string | null;
  device: "desktop" | "mobile" | "tablet" | "tv" | null;
}

/** What a User-Agent says of the browser and system, read by bowser (maintained, MIT). */
export function describeUserAgent(userAgent: string | null): BrowserAndSystem {
  if (!userAgent) return { browser: null, system: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(" ") : null;
  // macOS's version in the User-Agent is frozen at 10.15.7 by every browser: it says nothing.
  const osVersion =
    parsed.os.name === "macOS" ? undefined : (parsed.os.versionName ?? parsed.os.version?.replace(/^NT /, ""));
  const system = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(" ") : null;
  const type = parsed.platform.type;
  const device = type === "desktop" || type === "mobile" || type === "tablet" || type === "tv" ? type : null;
  return { browser, system, device };
}

/** "Chrome 142 on macOS", for the audit log's detail. */
export const browserSummary = ({ browser, system }: BrowserAndSystem) =>
  `${browser ?? "Unknown browser"}${system ? ` on ${system}` : ""}`;

/** Her sessions still valid, this browser's first, then the most recently seen. */
export async function listMemberSessions(db: Queryable, viewer: Viewer, currentSessionId: string | undefined) {
  const rows = await db
    .select({
      id: sessions.id,
      method: sessions.method,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(ownSessions(viewer), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const shown = rows.map((row) => ({
    id: publicSessionId(row.id),
    ...describeUserAgent(row.userAgent),
    address: row.ip,
    method: row.method,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === currentSessionId,
  }));
  return [...shown.filter((s) => s.current), ...shown.filter((s) => !s.current)];
}
export type MemberSession = Awaited<ReturnType<typeof listMemberSessions>>[number];

type EndContext = Pick<ApiContext, "db" | "ip" | "cookies"> & {
  user: NonNullable<ApiContext["user"]>;
  session: { id: string };
};

/**
 * Ends one of her sessions, recorded in the audit log in the same transaction. Ending this
 * browser's own is signing out: its cookie is cleared too.
 */
export async function endMemberSession(ctx: EndContext, publicId: string): Promise<{ signedOut: boolean }> {
  const ended = await ctx.db.transaction(async (tx) => {
    const hers = await tx
      .select({ id: sessions.id, method: sessions.method, userAgent: sessions.userAgent })
      .from(sessions)
      .where(ownSessions(ctx.user));
    const session = requireOwnSession(hers.find((s) => publicSessionId(s.id) === publicId));
    // Another request may have ended it meanwhile: then this one ended nothing, and says so.
    const [gone] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, session.id), ownSessions(ctx.user)))
      .returning({ id: sessions.id });
    requireOwnSession(gone);
    const current = session.id === ctx.session.id;
    await recordAudit(tx, auditActor(ctx), {
      kind: "sessions.ended",
      targetId: ctx.user.id,
      targetEmail: ctx.user.email,
      detail: {
        count: 1,
        which: current ? "this browser" : "one",
        sessions: [{ browser: browserSummary(describeUserAgent(session.userAgent)), method: session.method }],
      },
    });
    return { current };
  });
  if (ended.current) ctx.cookies.clearSession();
  return { signedOut: ended.current };
}

/** "Sign out everywhere else": every session of hers but this browser's, recorded once if any ended. */
export async function endOtherMemberSessions(ctx: EndContext): Promise<{ ended: number }> {
  return ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(sessions)
      .where(and(ownSessions(ctx.user), ne(sessions.id, ctx.session.id)))
      .returning({ method: sessions.method, userAgent: sessions.userAgent });
    if (gone.length > 0) {
      await recordAudit(tx, auditActor(ctx), {
        kind: "sessions.ended",
        targetId: ctx.user.id,
        targetEmail: ctx.user.email,
        detail: {
          count: gone.length,
          which: "all others",
          // A few are enough to recognise them by; the count says how many there were.
          sessions: gone
            .slice(0, 20)
            .map((s) => ({ browser: browserSummary(describeUserAgent(s.userAgent)), method: s.method })),
        },
      });
    }
    return { ended: gone.length };
  });
}
