import { z } from "zod";
import { LIMITS } from "../limits";
import { PRIVACY_REQUESTS, type PrivacyRequestKind } from "./rules";
import { combinedErrors, email, optionalText, personName, sentAlongFields } from "../schemas/fields";

const NEEDS_DETAILS: Partial<Record<PrivacyRequestKind, string>> = {
  correction: "Tell us what is wrong and what it should say",
  appeal: "Give your earlier request's reference and why you disagree with our answer",
};

export const privacyRequestSchema = z
  .object({
    name: personName(),
    email,
    request: z.enum(PRIVACY_REQUESTS, { errorMap: () => ({ message: "Choose what you are asking for" }) }),
    details: optionalText("the details", LIMITS.message, "multi-line"),
    ...sentAlongFields,
  })
  .strict()
  .superRefine((data, ctx) => {
    const needed = NEEDS_DETAILS[data.request];
    if (needed && !data.details) ctx.addIssue({ code: "custom", path: ["details"], message: needed });
  });

export type PrivacyRequestInput = z.input<typeof privacyRequestSchema>;

/** The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message. */
export function privacyRequestErrors(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return combinedErrors(privacyRequestSchema.safeParse(payload), []);
}
