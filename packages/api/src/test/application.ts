/**
 * An application as the public form sends it with an invitation code: her name and address, the
 * rest a plain applicant's (what the tests of what an application causes do not look at).
 */
export const applicationWith = (invitationCode: string, who: { name: string; email: string }) => ({
  invitationCode,
  full_name: who.name,
  email: who.email,
  phone: "+1-6175550100",
  reason: "To meet peers",
  interests: ["Travel" as const],
  availability: "Weekends" as const,
  membershipType: "Standard" as const,
});
