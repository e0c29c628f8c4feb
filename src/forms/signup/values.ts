import type { SignupInput } from "./schema";
import { fieldsOf, type FormValues } from "../formValues";

/** The waiver's version comes from the build (the page's, or the server's content), not from the visitor. */
export type SignupValues = FormValues<Omit<SignupInput, "waiverVersion">>;

export const SIGNUP_START: SignupValues = {
  plan: "",
  startDate: "",
  firstName: "",
  lastName: "",
  dateOfBirth: "",
  guardianName: "",
  email: "",
  phone: "",
  textConsent: false,
  emergencyContactName: "",
  emergencyContactPhone: "",
  notes: "",
  healthConsent: false,
  healthInfo: "",
  waiverAccepted: false,
  website: "",
};
export const SIGNUP_FIELDS = fieldsOf(SIGNUP_START);

/**
 * What is sent. Health information goes only with consent: unticking the box keeps what was typed on
 * the page (ticking it again brings it back) but nothing of it leaves the browser.
 */
export function signupPayload(values: SignupValues, waiverVersion: string) {
  const payload: Record<string, unknown> = { waiverVersion };
  const consented = values.healthConsent && values.healthInfo.trim() !== "";
  for (const name of SIGNUP_FIELDS) {
    if (name === "waiverAccepted") payload[name] = values[name];
    else if (name === "textConsent") {
      if (values.textConsent) payload[name] = true;
    } else if (name === "healthConsent" || name === "healthInfo") {
      if (consented) payload[name] = name === "healthConsent" ? true : values[name];
    } else if ((name === "guardianName" || name === "notes") && !values[name].trim()) continue;
    else payload[name] = values[name];
  }
  return payload;
}
