import type { ContactInput } from "./schema";
import { fieldsOf, sentValues, type FormValues } from "../formValues";

/** The contact form's fields as the visitor fills them, and what it sends (the browser's and a plain post's alike). */
export type ContactValues = FormValues<ContactInput>;

export const CONTACT_START: ContactValues = { name: "", email: "", phone: "", textConsent: false, interest: "", message: "", website: "" };
export const CONTACT_FIELDS = fieldsOf(CONTACT_START);

/** Every field as typed, the phone and the consent to texts only when given. */
export function contactPayload(values: ContactValues) {
  return sentValues(values, CONTACT_FIELDS, ["phone", "textConsent"]);
}
