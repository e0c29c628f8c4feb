import type { IntroInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** The free intro's fields as the visitor fills them, and what it sends. */
export type IntroValues = FormValues<IntroInput>;

export const INTRO_START: IntroValues = { start: "", name: "", email: "", phone: "", goals: "", website: "" };
export const INTRO_FIELDS = fieldsOf(INTRO_START);

export function introPayload(values: IntroValues) {
  return {
    start: values.start,
    name: values.name,
    email: values.email,
    ...(values.phone.trim() ? { phone: values.phone } : {}),
    ...(values.goals.trim() ? { goals: values.goals } : {}),
  };
}
