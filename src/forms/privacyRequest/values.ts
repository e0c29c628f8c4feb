import type { PrivacyRequestInput } from "./schema";
import { fieldsOf, sentValues, type FormValues } from "../formValues";

/** The privacy request's fields as the visitor fills them, and what it sends. */
export type PrivacyRequestValues = FormValues<PrivacyRequestInput>;

export const PRIVACY_REQUEST_START: PrivacyRequestValues = { request: "", name: "", email: "", details: "", website: "" };
export const PRIVACY_REQUEST_FIELDS = fieldsOf(PRIVACY_REQUEST_START);

/** Every field as typed, the details only when given. */
export function privacyRequestPayload(values: PrivacyRequestValues) {
  return sentValues(values, PRIVACY_REQUEST_FIELDS, ["details"]);
}
