import { contactSchema } from "../../forms/contact/schema";
import { dropInSchema } from "../../forms/dropIn/schema";
import { holdSchema } from "../../forms/hold/schema";
import { privacyRequestSchema } from "../../forms/privacyRequest/schema";
import { signupSchema } from "../../forms/signup/schema";
import { joinablePlans } from "../../forms/signup/rules";
import { dropInDays, policies, privacy, rates, site, waiver } from "../content";
import { listText } from "../../content/dates";
import { payNowUrl } from "../../content/paymentLink";
import { dropInPlan, formatPrice } from "../../content/rates";
import { contactSent } from "../../forms/contact/sent";
import { dropInSent } from "../../forms/dropIn/sent";
import { holdSent } from "../../forms/hold/sent";
import { privacyRequestSent } from "../../forms/privacyRequest/sent";
import { signupSent } from "../../forms/signup/sent";
import { CONTACT_FIELDS, CONTACT_START, contactPayload } from "../../forms/contact/values";
import { DROP_IN_FIELDS, DROP_IN_START, dropInPayload } from "../../forms/dropIn/values";
import { HOLD_FIELDS, HOLD_START, holdPayload } from "../../forms/hold/values";
import { PRIVACY_REQUEST_FIELDS, PRIVACY_REQUEST_START, privacyRequestPayload } from "../../forms/privacyRequest/values";
import { SIGNUP_FIELDS, SIGNUP_START, signupPayload } from "../../forms/signup/values";
import { pathTo } from "../../routes";
import type { FormName } from "../../forms/registry";
import { type FormDefinition, plainForm, type SentKey } from "./form";
import type { SubmissionOperations } from "./types";

/** A stored field as text, or "" when the page does not know the submission (sentPage). */
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** "Pay now" for a stored send: its plan's payment link with its reference and address (none without them). */
function payNow(link: string | undefined, stored: Readonly<Record<string, unknown>> | undefined, open: SentKey | undefined) {
  return open === undefined ? undefined : payNowUrl(link, { reference: open.reference, email: text(stored?.email) });
}

/**
 * The forms a visitor sends that need nothing but to be stored (and, for the sign-up and the drop-in,
 * the waiver kept): each one's schema for today at the gym and its page. The free intro and the kids'
 * trial class, which book a time or a seat, are defined with their features (intro/form.ts,
 * kids/form.ts); app/forms.ts lists them all.
 */
export const VISITOR_FORMS: Record<Exclude<FormName, "intro" | "kids-trial">, FormDefinition<SubmissionOperations>> = {
  contact: {
    form: "contact",
    schema: () => contactSchema,
    plain: plainForm({
      page: pathTo("contact"),
      start: CONTACT_START,
      fieldOrder: CONTACT_FIELDS,
      payload: contactPayload,
      sent: contactSent,
    }),
  },
  signup: {
    form: "signup",
    schema: (today) => signupSchema(joinablePlans(rates.plans), today, waiver.version),
    waiver,
    plain: plainForm({
      page: pathTo("signup"),
      start: SIGNUP_START,
      fieldOrder: SIGNUP_FIELDS,
      payload: (values) => signupPayload(values, waiver.version),
      sent: (stored, _today, open) =>
        signupSent(
          listText(
            site.payment.map((method) => method.toLowerCase()),
            "or",
          ),
          payNow(rates.plans.find((plan) => plan.id === stored?.plan)?.paymentLink, stored, open),
        ),
    }),
  },
  "privacy-request": {
    form: "privacy-request",
    schema: () => privacyRequestSchema,
    plain: plainForm({
      page: pathTo("privacyRequest"),
      start: PRIVACY_REQUEST_START,
      fieldOrder: PRIVACY_REQUEST_FIELDS,
      payload: privacyRequestPayload,
      sent: (_facts, today) => privacyRequestSent({ today, responseDays: privacy.requestResponseDays }),
    }),
  },
  "membership-hold": {
    form: "membership-hold",
    schema: (today) => holdSchema(policies, today),
    plain: plainForm({
      page: pathTo("hold"),
      start: HOLD_START,
      fieldOrder: HOLD_FIELDS,
      payload: holdPayload,
      sent: (stored) => holdSent(text(stored?.type)),
    }),
  },
  "drop-in": {
    form: "drop-in",
    schema: (today) => dropInSchema(dropInDays, today, waiver.version),
    waiver,
    plain: plainForm({
      page: pathTo("dropIn"),
      start: DROP_IN_START,
      fieldOrder: DROP_IN_FIELDS,
      payload: (values) => dropInPayload(values, waiver.version),
      sent: (stored, _today, open) =>
        dropInSent(
          text(stored?.visitDate),
          formatPrice(dropInPlan(rates.plans).price),
          payNow(dropInPlan(rates.plans).paymentLink, stored, open),
        ),
    }),
  },
};
