import { z } from "zod";
import { CHOOSE_TIME } from "./rules";
import { LIMITS } from "../limits";
import {
  combinedErrors,
  email,
  optionalPhone,
  optionalText,
  personName,
  sentAlongFields,
  textConsentField,
  textConsentIssue,
} from "../schemas/fields";

/**
 * The free-intro booking. `start` is one of the open slots' start instants; whether it is still open
 * is the server's to say (a field error on `start` when it is not offered, 409 when just taken).
 */
export const introSchema = z
  .object({
    start: z
      .string({ required_error: CHOOSE_TIME, invalid_type_error: CHOOSE_TIME })
      .min(1, CHOOSE_TIME)
      .datetime({ message: CHOOSE_TIME })
      // One spelling of each instant, so the store's one-booking-per-coach-and-start rule compares like with like.
      .transform((value) => new Date(value).toISOString()),
    name: personName(),
    email,
    phone: optionalPhone,
    ...textConsentField,
    goals: optionalText("your goals", LIMITS.goals, "multi-line"),
    ...sentAlongFields,
  })
  .strict()
  .superRefine((data, ctx) => {
    const issue = textConsentIssue(data);
    if (issue) ctx.addIssue({ code: "custom", ...issue });
  });

export type IntroInput = z.input<typeof introSchema>;
export type IntroBooking = z.output<typeof introSchema>;

/** The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message. */
export function introErrors(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return combinedErrors(introSchema.safeParse(payload), []);
}
