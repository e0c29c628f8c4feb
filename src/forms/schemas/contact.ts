import { z } from "zod";
import { INTERESTS } from "../contact";
import { LIMITS } from "../limits";
import { email, optionalPhone, personName, requiredText, spamFields } from "./fields";

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
