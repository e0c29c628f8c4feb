/** What the contact form renders with; its check is src/forms/contact/schema.ts, loaded on first use. */
export const INTERESTS = ["membership", "foundations", "kids", "drop-in", "general"] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  membership: "Membership",
  foundations: "Foundations (beginners) and a free intro",
  kids: "CrossFit Kids",
  "drop-in": "Dropping in for a class",
  general: "Something else",
};

/** `?interest=membership` preselects the topic; anything unknown falls back to none. */
export function interestFromQuery(search: string): Interest | "" {
  const value = new URLSearchParams(search).get("interest");
  return (INTERESTS as readonly string[]).includes(value ?? "") ? (value as Interest) : "";
}
