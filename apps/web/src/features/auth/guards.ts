import { messages } from "@club/shared";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import type { RouterContext } from "../../routes/__root";
import { signInAgain } from "./session-ended";

type SignedIn = {
  name: string;
  admin: boolean;
  type: string;
  mustChangePassword: boolean;
  adminSignInRequired: boolean;
};

/**
 * An admin signed in with a password alone where the club asks for more (the `_admin` layout
 * explains). A refusal, not a failure: the page rendered on the server answers 403, as the
 * procedures do.
 */
export class AdminSignInRequiredError extends Error {
  readonly httpStatus = 403;
  constructor() {
    super(messages.noAccess);
    this.name = "AdminSignInRequiredError";
  }
}

/** The auth status from the cache (fetched once); a failure counts as signed out. */
async function status(context: RouterContext) {
  try {
    return await context.queryClient.ensureQueryData(context.trpc.auth.status.queryOptions());
  } catch {
    return { authenticated: false as const, user: null };
  }
}

/**
 * Members only: visitors go to /login and come back; a temporary password must be replaced first.
 * A page the server renders for a session that has ended says so on Login, as one open in the
 * browser does (session-ended.ts).
 */
export async function requireMember(context: RouterContext, location: ParsedLocation): Promise<SignedIn> {
  const s = await status(context);
  if (!s.authenticated)
    throw redirect(
      context.sessionEnded ? signInAgain(location.href) : { to: "/login", search: { redirect: location.href } },
    );
  if (s.user.mustChangePassword && location.pathname !== "/settings") throw redirect({ to: "/settings" });
  return s.user;
}

/** Admins only: visitors go to /login; members to /home from the dashboard, else to Access Denied. */
export async function requireAdmin(context: RouterContext, location: ParsedLocation): Promise<SignedIn> {
  const user = await requireMember(context, location);
  if (!user.admin && user.adminSignInRequired) throw new AdminSignInRequiredError();
  if (!user.admin) throw redirect({ to: location.pathname === "/admin" ? "/home" : "/no-permission" });
  return user;
}

export const noAccess = messages.noAccess;
