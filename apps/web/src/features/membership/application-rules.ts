import { PHONE_PATTERN, REQUIRED } from "@club/shared";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Step 2's checks, in the spec's order. Unlike the original client, a wrong phone number
 * blocks the step (docs/decisions.md).
 */
export function step2Problem(f: {
  full_name: string;
  email: string;
  phone: string;
  reason: string;
  interests: string[];
}): string | undefined {
  if (!f.full_name.trim() || !f.email.trim() || !f.phone.trim() || !f.reason.trim() || f.interests.length === 0)
    return REQUIRED;
  if (!EMAIL.test(f.email.trim())) return "Invalid email format.";
  if (!PHONE_PATTERN.test(f.phone.trim())) return "Invalid phone number.";
  return undefined;
}
