import { applications } from "@club/db";
import { eq } from "@club/db/orm";
import type { MemberType } from "@club/shared";
import type { ApiContext } from "../../context";
import { badRequest, conflict, notFound } from "../../errors";
import { TOKEN_GUESSES } from "../../throttle";
import { createUser, EmailTakenError } from "../account/users";
import { startProfile } from "../members/profile";
import { consumeRegistrationToken, findRegistrationToken } from "../ways-in/one-time-tokens";
import { startSession } from "../ways-in/sign-in";
import { memberData } from "../webhooks/acts";
import { emitWebhook } from "../webhooks/emit";

// An accepted applicant's registration, from the link in her acceptance e-mail.

export const INVALID_REGISTRATION_TOKEN = "Invalid or expired token. Please request a new invitation.";
export const REGISTERED = "Account created successfully. You are signed in.";

type GuessContext = Pick<ApiContext, "db" | "throttle" | "ip">;
type NewMember = Awaited<ReturnType<typeof createUser>>;
type RegisterContext = GuessContext & Pick<ApiContext, "jobs" | "config" | "cookies" | "session" | "userAgent">;

/** The usable token; a token that is not one counts as a guess (throttled per address). */
async function guessRegistrationToken(ctx: GuessContext, token: string) {
  const attempt = await ctx.throttle.take([TOKEN_GUESSES, ctx.ip]);
  const row = await findRegistrationToken(ctx.db, token);
  if (row) await attempt.succeeded();
  return row;
}

/** What the registration form shows: her e-mail (read-only), the type offered, and her name as she applied. */
export async function registrationOffer(
  ctx: GuessContext,
  token: string,
): Promise<{ email: string; type: MemberType; name: string }> {
  const row = await guessRegistrationToken(ctx, token);
  if (!row) throw notFound(INVALID_REGISTRATION_TOKEN);
  const [application] = row.applicationId
    ? await ctx.db
        .select({ fullName: applications.fullName })
        .from(applications)
        .where(eq(applications.id, row.applicationId))
    : [];
  return { email: row.email, type: row.memberType, name: application?.fullName ?? "" };
}

/**
 * The token works once; the account gets the type of the accepted application. She is then signed
 * in, in the browser that registered: the link proved her e-mail, as a sign-in link would, and she
 * has just chosen her password there (docs/decisions/signed-in-after-registering.md).
 */
export async function register(
  ctx: RegisterContext,
  input: { token: string; name: string; password: string; type: MemberType },
): Promise<NewMember> {
  const row = await guessRegistrationToken(ctx, input.token);
  if (!row) throw badRequest(INVALID_REGISTRATION_TOKEN);
  if (input.type !== row.memberType) {
    throw badRequest(`Your invitation is for a ${row.memberType} membership; please choose that account type.`);
  }
  const user = await createMember(ctx, row, input);
  // As at Login: a session of her own (whoever was signed in in this browser before is signed
  // out), recorded as a sign-in with her password.
  await startSession(ctx, user, "password");
  return user;
}

/** Uses the token up and makes her account and profile, in one transaction. */
async function createMember(
  ctx: RegisterContext,
  row: NonNullable<Awaited<ReturnType<typeof findRegistrationToken>>>,
  input: { name: string; password: string },
): Promise<NewMember> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await consumeRegistrationToken(tx, row.id))) throw badRequest(INVALID_REGISTRATION_TOKEN);
      const user = await createUser(tx, {
        email: row.email,
        name: input.name,
        password: input.password,
        type: row.memberType,
      });
      const [application] = row.applicationId
        ? await tx
            .select({ interests: applications.interests })
            .from(applications)
            .where(eq(applications.id, row.applicationId))
        : [];
      await startProfile(tx, user.id, application?.interests ?? []);
      await emitWebhook(tx, ctx.jobs, "member.created", memberData(user));
      return user;
    });
  } catch (err) {
    if (err instanceof EmailTakenError)
      throw conflict("An account with this e-mail already exists. Please log in instead.");
    throw err;
  }
}
