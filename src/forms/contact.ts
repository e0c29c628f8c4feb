import { z } from "zod";
import { email, LIMITS, optionalPhone, personName, requiredText, spamFields } from "./fields";

export const INTERESTS = ["membership", "foundations", "kids", "drop-in", "general"] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  membership: "Membership",
  foundations: "Foundations (beginners) and a free intro",
  kids: "CrossFit Kids",
  "drop-in": "Dropping in for a class",
  general: "Something else",
};

export const contactSchema = z
  .object({
    name: personName(),
    email,
    phone: optionalPhone,
    interest: z.enum(INTERESTS, { errorMap: () => ({ message: "Choose what your message is about" }) }),
    message: requiredText("your message", LIMITS.message, "multi-line"),
    ...spamFields,
  })
  .strict();

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** `?interest=membership` preselects the topic; anything unknown falls back to none. */
export function interestFromQuery(search: string): Interest | "" {
  const value = new URLSearchParams(search).get("interest");
  return (INTERESTS as readonly string[]).includes(value ?? "") ? (value as Interest) : "";
}
