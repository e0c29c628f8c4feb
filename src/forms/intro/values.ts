import type { IntroInput } from "./schema";
import { fieldsOf, sentValues, type FormValues } from "../formValues";

/** The free intro's fields as the visitor fills them, and what it sends. */
export type IntroValues = FormValues<IntroInput>;

export const INTRO_START: IntroValues = { start: "", name: "", email: "", phone: "", textConsent: false, goals: "", website: "" };
export const INTRO_FIELDS = fieldsOf(INTRO_START);

/** Every field as typed, the phone, the consent to texts and the goals only when given. */
export function introPayload(values: IntroValues) {
  return sentValues(values, INTRO_FIELDS, ["phone", "textConsent", "goals"]);
}
