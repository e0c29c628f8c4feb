import type { PrivacyRequestInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** The privacy request's fields as the visitor fills them, and what it sends. */
export type PrivacyRequestValues = FormValues<PrivacyRequestInput>;

export const PRIVACY_REQUEST_START: PrivacyRequestValues = { request: "", name: "", email: "", details: "", website: "" };
export const PRIVACY_REQUEST_FIELDS = fieldsOf(PRIVACY_REQUEST_START);

export function privacyRequestPayload(values: PrivacyRequestValues) {
  return {
    request: values.request,
    name: values.name,
    email: values.email,
    ...(values.details.trim() ? { details: values.details } : {}),
  };
}
