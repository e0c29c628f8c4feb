import { z } from "zod";
import { CHILD_AGE_MESSAGE, CHILD_NAME_MAX, CHOOSE_CLASS } from "./rules";
import { KIDS_AGES } from "../signup/rules";
import { combinedErrors, email, personName, phone, requiredText, sentAlongFields, textConsentField } from "../schemas/fields";

/** The age as the form's list sends it ("7") or a script sends it (7); anything else is left for the schema to refuse. */
const asAge = (value: unknown) => (typeof value === "string" && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value);

/**
 * A kids' trial class: the class (one of the open classes' start instants; whether it still has a seat
 * is the server's to say: a field error on `start` when it is not offered, 409 when just filled), the
 * child's first name and age, and the parent's name, e-mail and phone.
 */
export const kidsTrialSchema = z
  .object({
    start: z
      .string({ required_error: CHOOSE_CLASS, invalid_type_error: CHOOSE_CLASS })
      .min(1, CHOOSE_CLASS)
      .datetime({ message: CHOOSE_CLASS })
      // One spelling of each instant, so the store's seats of one class are counted together.
      .transform((value) => new Date(value).toISOString()),
    childName: requiredText("your child's first name", CHILD_NAME_MAX, "one-line"),
    childAge: z.preprocess(
      asAge,
      z
        .number({ required_error: CHILD_AGE_MESSAGE, invalid_type_error: CHILD_AGE_MESSAGE })
        .int(CHILD_AGE_MESSAGE)
        .min(KIDS_AGES.min, CHILD_AGE_MESSAGE)
        .max(KIDS_AGES.max, CHILD_AGE_MESSAGE),
    ),
    name: personName("your name"),
    email,
    phone: phone("a phone number, so the coach can reach you on the day"),
    ...textConsentField,
    ...sentAlongFields,
  })
  .strict();

export type KidsTrialInput = z.input<typeof kidsTrialSchema>;
export type KidsTrial = z.output<typeof kidsTrialSchema>;

/** The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message. */
export function kidsTrialErrors(payload: Readonly<Record<string, unknown>>): Record<string, string> {
  return combinedErrors(kidsTrialSchema.safeParse(payload), []);
}
