import type { KidsTrialInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** The kids' trial class's fields as the parent fills them, and what it sends. */
export type KidsTrialValues = FormValues<KidsTrialInput>;

export const KIDS_TRIAL_START: KidsTrialValues = {
  start: "",
  childName: "",
  childAge: "",
  name: "",
  email: "",
  phone: "",
  textConsent: false,
  website: "",
};
export const KIDS_TRIAL_FIELDS = fieldsOf(KIDS_TRIAL_START);

export function kidsTrialPayload(values: KidsTrialValues) {
  return {
    start: values.start,
    childName: values.childName,
    // The list's value ("7"); the schema reads it as a number. Empty is left out, so the message asks for it.
    ...(values.childAge ? { childAge: values.childAge } : {}),
    name: values.name,
    email: values.email,
    phone: values.phone,
    ...(values.textConsent ? { textConsent: true } : {}),
  };
}
