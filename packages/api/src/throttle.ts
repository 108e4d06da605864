import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Limits on guesses (passwords, invitation codes, one-time tokens) and on requests that send mail.
 * An attempt is counted *before* the work it guards, atomically (rate-limiter-flexible: one
 * increment in memory, or one Lua script in Redis), so 40 parallel guesses from one address get at
 * most `max` password checks and the rest are refused before hashing. Attempts that turn out to be
 * right are given back (`Attempt.succeeded`), so members signing in are never throttled by their
 * own successes. Counts live in Redis when REDIS_URL is set (every server instance sees the same
 * counts), in memory otherwise (the single-process embedded default). See
 * docs/decisions/throttling-is-rate-limiter-flexible-counted-before.md.
 */
export interface ThrottleRule {
  /** Unique per rule: the key prefix of its counters. */
  name: string;
  max: number;
  windowMs: number;
  /** The refusal when this rule's allowance is used up ({minutes} and {left} are filled in). */
  message?: string;
  /**
   * Keyed by what the caller typed (an account's e-mail, another's address) or kept for the server's
   * own use, not by the caller: its count is not told in RateLimit headers, which would tell her of
   * other people's attempts.
   */
  unreported?: true;
}

const DEFAULT_MESSAGE = "Too many attempts. Please wait {minutes} minute(s) and try again.";

export class Throttled extends Error {
  constructor(
    readonly retryAfterMs: number,
    template = DEFAULT_MESSAGE,
    /** The rule whose allowance is used up (the audit log tells an address's lockout from an account's). */
    readonly rule?: ThrottleRule,
    /** What is left of the allowance: none, or less than a request for several asked for. */
    readonly left = 0,
  ) {
    super(
      template
        .replace("{minutes}", String(Math.max(1, Math.ceil(retryAfterMs / 60_000))))
        .replace("{left}", String(left)),
    );
    this.name = "Throttled";
  }
}

/** Makes the counter of one rule: in memory, or in a shared store. */
export type LimiterFactory = (rule: ThrottleRule) => RateLimiterAbstract;

const memoryLimiter = (rule: ThrottleRule) =>
  new RateLimiterMemory({ keyPrefix: rule.name, points: rule.max, duration: rule.windowMs / 1000 });

export const memoryLimiters: LimiterFactory = memoryLimiter;

/**
 * Counters in Redis, shared by every instance. When Redis does not answer, each instance falls back
 * to its own memory counters (the insurance limiter) rather than refusing every sign-in.
 */
export function redisLimiters(redis: unknown): LimiterFactory {
  return (rule) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `club:throttle:${rule.name}`,
      points: rule.max,
      duration: rule.windowMs / 1000,
      insuranceLimiter: memoryLimiter(rule),
    });
}

/**
 * One request's quotas, as the IETF draft "RateLimit header fields for HTTP" writes them: per rule
 * counted for the request, its allowance and window (`RateLimit-Policy: "login-ip";q=10;w=600`) and
 * what is left of it and when the window ends (`RateLimit: "login-ip";r=7;t=540`). A script learns
 * how many tries it has before a 429 rather than after. The server makes one per request and writes
 * the headers whenever it changes (`onChange`).
 */
export class Quotas {
  private readonly byRule = new Map<string, { rule: ThrottleRule; left: number; resetMs: number }>();

  constructor(private readonly onChange: (headers: { policy: string; state: string }) => void) {}

  record(rule: ThrottleRule, left: number, resetMs: number): void {
    if (rule.unreported) return;
    this.byRule.set(rule.name, { rule, left: Math.max(0, left), resetMs });
    this.changed();
  }

  /** An attempt given back (it was right, or did no work): as many more are left as were counted. */
  givenBack(rule: ThrottleRule, points = 1): void {
    const quota = this.byRule.get(rule.name);
    if (!quota) return;
    quota.left = Math.min(rule.max, quota.left + points);
    this.changed();
  }

  private changed(): void {
    const quotas = [...this.byRule.values()];
    const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
    this.onChange({
      policy: quotas.map(({ rule }) => `"${rule.name}";q=${rule.max};w=${seconds(rule.windowMs)}`).join(", "),
      state: quotas.map(({ rule, left, resetMs }) => `"${rule.name}";r=${left};t=${seconds(resetMs)}`).join(", "),
    });
  }
}

/** The attempts taken for one action; give them back when the action turned out to be legitimate. */
export interface Attempt {
  succeeded(): Promise<void>;
  /** Whether this attempt took the last one `rule` allows: the key is locked from now on. */
  usedUp(rule: ThrottleRule): boolean;
}

export class Throttle {
  constructor(
    private readonly factory: LimiterFactory = memoryLimiters,
    private readonly quotas?: Quotas,
    private readonly limiters = new Map<string, RateLimiterAbstract>(),
  ) {}

  /** The same counters, telling one request's quotas to `quotas` (its RateLimit headers). */
  reportingTo(quotas: Quotas): Throttle {
    return new Throttle(this.factory, quotas, this.limiters);
  }

  private limiter(rule: ThrottleRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      limiter = this.factory(rule);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /**
   * Counts one attempt against each (rule, key) pair, in order, or `points` of them (a request that
   * sends that many mails). When one is used up the attempt is refused with Throttled, and the
   * points already counted for it are given back (it did no work): so are the points of the refused
   * pair when it asked for more than one, so that a smaller request still fits what is left.
   */
  async take(...pairs: ([ThrottleRule, string] | [ThrottleRule, string, number])[]): Promise<Attempt> {
    const taken: [ThrottleRule, string, number][] = [];
    const usedUp = new Set<ThrottleRule>();
    const giveBack = (list: [ThrottleRule, string, number][]) =>
      Promise.all(list.map(([r, k, points]) => this.limiter(r).reward(k, points)));
    for (const [rule, key, points = 1] of pairs) {
      try {
        const res = await this.limiter(rule).consume(key, points);
        taken.push([rule, key, points]);
        this.quotas?.record(rule, res.remainingPoints, res.msBeforeNext);
        if (res.remainingPoints === 0) usedUp.add(rule);
      } catch (err) {
        await giveBack(taken);
        for (const [r, , n] of taken) this.quotas?.givenBack(r, n);
        if (err instanceof RateLimiterRes) {
          // The store counted the refused points too: one attempt more than allowed is still over,
          // but a request for many leaves room for a smaller one.
          const left = points > 1 ? Math.max(0, rule.max - (err.consumedPoints - points)) : 0;
          if (points > 1) await this.limiter(rule).reward(key, points);
          this.quotas?.record(rule, left, err.msBeforeNext);
          throw new Throttled(err.msBeforeNext, rule.message, rule, left);
        }
        throw err;
      }
    }
    return {
      succeeded: async () => {
        await giveBack(taken);
        for (const [r, , n] of taken) this.quotas?.givenBack(r, n);
      },
      usedUp: (rule) => usedUp.has(rule),
    };
  }

  /** Forgets a key's count (a member who reset her password may sign in again at once). */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }
}

const MINUTE = 60 * 1000;

/**
 * Procedure calls per API token (a script's, CI's seeding): fifty a second, held over a minute, is
 * more than a seed of thousands of rows needs, and keeps a script that loops by mistake from holding
 * the server. Counted before the call does anything, told in RateLimit headers, and waited out by
 * `@club/client` by itself (Retry-After).
 */
export const API_TOKEN_CALLS: ThrottleRule = {
  name: "api-token",
  max: 3000,
  windowMs: MINUTE,
  message:
    "This API token has used its 3,000 calls of this minute. Try again within the minute: Retry-After says when.",
};

/**
 * Test messages to one webhook endpoint (Send a test message, `club webhook ping`): each is a post
 * to someone's receiver; a button pressed in a loop must not become a flood.
 */
export const WEBHOOK_PINGS: ThrottleRule = {
  name: "webhook-ping",
  max: 10,
  windowMs: 10 * MINUTE,
  message: "Ten test messages went to this webhook in the last ten minutes. Please wait {minutes} minute(s).",
};

/** Wrong passwords per address. */
export const LOGIN_PER_IP: ThrottleRule = { name: "login-ip", max: 10, windowMs: 10 * MINUTE };
/**
 * Wrong passwords per account, from any number of addresses. Short enough that the member is not
 * locked out for long, and a password reset clears it.
 */
export const LOGIN_PER_ACCOUNT: ThrottleRule = {
  name: "login-account",
  unreported: true,
  max: 20,
  windowMs: 15 * MINUTE,
  message:
    "Too many sign-in attempts for this account. Please wait {minutes} minute(s), or reset your password to sign in now.",
};
/**
 * Wrong passwords per known device (a device cookie from an earlier sign-in to the account), counted
 * instead of the account's: a stranger locking the account out does not lock out her own devices.
 * A device cookie that has used this up is refused (until the window ends or she resets her password).
 */
export const LOGIN_PER_DEVICE: ThrottleRule = {
  name: "login-device",
  max: 10,
  windowMs: 15 * MINUTE,
  message:
    "Too many sign-in attempts from this device. Please wait {minutes} minute(s), or reset your password to sign in now.",
};
/**
 * Refused sign-ins written to the audit log: one record per locked key (an address, or an account)
 * per window, however many refusals follow, so a lockout is on record without an attack filling
 * the log (docs/decisions/README.md, "Audit log"). As long as the longest sign-in lockout.
 */
export const THROTTLE_RECORDS: ThrottleRule = {
  name: "audit-throttled",
  max: 1,
  windowMs: 15 * MINUTE,
  unreported: true,
};

/**
 * Passkey prompts started per address (the Login screen starts one on each visit): each keeps a
 * challenge row until it expires, so a script cannot fill the table. One a second on average: a
 * club's office behind one address, or a browser suite signing in over and over, stays well within.
 */
export const PASSKEY_CHALLENGES_PER_IP: ThrottleRule = {
  name: "passkey-challenge-ip",
  max: 600,
  windowMs: 10 * MINUTE,
};
/**
 * Sign-ins started at the identity provider per address: each keeps a row in `oidc_logins` for ten
 * minutes, so a script looping on /auth/oidc/start cannot fill the table. As generous as passkeys.
 */
export const PROVIDER_SIGN_INS_PER_IP: ThrottleRule = { name: "oidc-start-ip", max: 600, windowMs: 10 * MINUTE };
/** Wrong invitation codes per address. */
export const CODE_GUESSES: ThrottleRule = { name: "code-ip", max: 10, windowMs: 60 * MINUTE };
/** Wrong one-time tokens (registration, password reset, event invitation) per address. */
export const TOKEN_GUESSES: ThrottleRule = { name: "token-ip", max: 20, windowMs: 60 * MINUTE };
/** Password-reset requests, per address and per e-mail (each sends mail, so each counts). */
export const RESET_REQUESTS_PER_IP: ThrottleRule = { name: "reset-ip", max: 10, windowMs: 60 * MINUTE };
export const RESET_REQUESTS_PER_EMAIL: ThrottleRule = {
  name: "reset-email",
  max: 3,
  windowMs: 60 * MINUTE,
  unreported: true,
};
/** Links asked for to confirm a password session by e-mail, per member (each sends mail). */
export const CONFIRMATION_MAILS_PER_ACCOUNT: ThrottleRule = { name: "confirm-account", max: 5, windowMs: 60 * MINUTE };
/** Wrong codes typed to confirm a password session, per session: six digits allow few guesses. */
export const CONFIRMATION_CODE_GUESSES: ThrottleRule = {
  name: "confirm-code-session",
  max: 5,
  windowMs: 30 * MINUTE,
  message: "Too many wrong codes. Ask for a new e-mail in {minutes} minute(s), or open the link in it in this browser.",
};
/** Changes of e-mail address asked for, per member (each mails a link to the address she typed). */
export const EMAIL_CHANGES_PER_ACCOUNT: ThrottleRule = { name: "email-change-account", max: 5, windowMs: 60 * MINUTE };
/**
 * Invitation mails a member sends, one per member invited, per hour: a member can no longer flood
 * another's inbox by inviting her to event after event. Admins are not counted (the access module's
 * `mailsWithoutLimit`): they may invite the whole club to an invite-only evening.
 */
export const INVITATION_MAILS_PER_MEMBER: ThrottleRule = {
  name: "invite-mails-member",
  max: 50,
  windowMs: 60 * MINUTE,
  message:
    "You can send 50 invitations an hour, and {left} are left. Please invite fewer members, or wait {minutes} minute(s).",
};
/**
 * An event's announcements (a mail to a group of members, from its host): twice a day per event,
 * so a correction can follow, and five a day per member (not an admin: `mailsWithoutLimit`), so
 * that a host with many events cannot mail the club hour after hour. Change and cancellation
 * notices are not announcements: they go out with the change itself.
 */
export const ANNOUNCEMENTS_PER_EVENT: ThrottleRule = {
  name: "announce-event",
  max: 2,
  windowMs: 24 * 60 * MINUTE,
  message: "An event is announced twice a day at most. Please wait {minutes} minute(s) before announcing it again.",
};
export const ANNOUNCEMENTS_PER_MEMBER: ThrottleRule = {
  name: "announce-member",
  max: 5,
  windowMs: 24 * 60 * MINUTE,
  message: "You can send 5 announcements a day. Please wait {minutes} minute(s).",
};
/**
 * Addresses typed in full in the invitation picker, per member: each answers whether a member owns
 * it, which her own choice may keep out of the list. A few a minute for a person typing (the picker
 * waits for her to pause); not a way to try a list of addresses.
 */
export const TYPED_ADDRESS_LOOKUPS: ThrottleRule = {
  name: "invite-address-member",
  max: 40,
  windowMs: 60 * MINUTE,
  message: "Too many addresses looked up. Please wait {minutes} minute(s), or choose members from the list.",
};
/**
 * Messages (domain/conversations): new conversations a member starts in an hour, and messages she
 * writes in a minute. Plenty for a person writing; a script that writes to the whole club is
 * stopped (each new conversation can mail its members).
 */
export const CONVERSATIONS_PER_MEMBER: ThrottleRule = {
  name: "conversations-member",
  max: 20,
  windowMs: 60 * MINUTE,
  message: "You can start 20 conversations an hour. Please wait {minutes} minute(s).",
};
/**
 * The `Idempotency-Key`s a member (or her tokens) sends in an hour: each kept key is a row for a
 * day, and any mutation may carry one, so what one member can make the server keep is bounded. A
 * CI job's retries are a handful.
 */
export const RETRY_KEYS_PER_MEMBER: ThrottleRule = {
  name: "retry-keys-member",
  max: 1000,
  windowMs: 60 * MINUTE,
  message:
    "You have sent 1,000 Idempotency-Keys this hour, the most the club keeps. Try again later (Retry-After says when), or send the request without a key.",
};

export const MESSAGES_PER_MEMBER: ThrottleRule = {
  name: "messages-member",
  max: 30,
  windowMs: MINUTE,
  message: "You are writing faster than the club allows (30 messages a minute). Please wait {minutes} minute(s).",
};
