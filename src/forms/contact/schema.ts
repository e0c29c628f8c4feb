import { z } from "zod";
import { INTERESTS } from "./rules";
import { LIMITS } from "../limits";
import {
  combinedErrors,
  email,
  optionalPhone,
  personName,
  requiredText,
  sentAlongFields,
  textConsentField,
  textConsentIssue,
} from "../schemas/fields";

export const contactSchema = z
  .object({
    name: personName(),
    email,
    phone: optionalPhone,
    ...textConsentField,
    interest: z.enum(INTERESTS, { errorMap: () => ({ message: "Choose what your message is about" }) }),
    message: requiredText("your message", LIMITS.message, "multi-line"),
    ...sentAlongFields,
  })
  .strict()
  .superRefine((data, ctx) => {
    const issue = textConsentIssue(data);
    if (issue) ctx.addIssue({ code: "custom", ...issue });
  });

export type ContactInput = z.input<typeof contactSchema>;
export type Contact = z.output<typeof contactSchema>;

/** The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message. */
export function contactErrors(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return combinedErrors(contactSchema.safeParse(payload), []);
}
