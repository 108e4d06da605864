import { SESSION_COOKIE } from "./sessions";

export interface CookieOptions {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  expires: Date;
}

/** HttpOnly and SameSite=Lax always; Secure whenever the app is served over https. */
export function sessionCookieOptions(appOrigin: string, expiresAt: Date): CookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: appOrigin.startsWith("https:"), path: "/", expires: expiresAt };
}

export { SESSION_COOKIE };
