import type { PrivacyRequestInput } from "./schema";
import type { FormValues } from "../formValues";

/** The privacy request's fields as the visitor fills them, and what it sends. */
export type PrivacyRequestValues = FormValues<PrivacyRequestInput>;

export const PRIVACY_REQUEST_FIELDS = ["request", "name", "email", "details"] as const satisfies ReadonlyArray<keyof PrivacyRequestValues>;

export const PRIVACY_REQUEST_START: PrivacyRequestValues = { request: "", name: "", email: "", details: "", website: "" };

export function privacyRequestPayload(values: PrivacyRequestValues) {
  return {
    request: values.request,
    name: values.name,
    email: values.email,
    ...(values.details.trim() ? { details: values.details } : {}),
  };
}
