import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { contactSchema } from "../../forms/schemas/contact";
import { dropInSchema } from "../../forms/schemas/dropIn";
import { holdSchema } from "../../forms/schemas/hold";
import { introSchema } from "../../forms/schemas/intro";
import { privacyRequestSchema } from "../../forms/schemas/privacyRequest";
import { signupSchema } from "../../forms/schemas/signup";
import { joinablePlans } from "../../forms/signup";
import { expandSlots } from "../../intro/availability";
import { dropInDays, intro, policies, privacy, rates, site, waiver } from "../content";
import { formHandler, type FormDefinition, type PlainForm } from "../forms/handler";
import { listText } from "../../content/dates";
import { dropInPlan, formatPrice } from "../../content/rates";
import { contactSent } from "../../forms/sent/contact";
import { dropInSent } from "../../forms/sent/dropIn";
import { holdSent } from "../../forms/sent/hold";
import { introSent } from "../../forms/sent/intro";
import { privacyRequestSent } from "../../forms/sent/privacyRequest";
import { signupSent } from "../../forms/sent/signup";
import { INTRO_FIELDS, INTRO_START, introPayload } from "../../forms/values/intro";
import { whenLabel } from "../../intro/display";
import { CONTACT_FIELDS, CONTACT_START, contactPayload } from "../../forms/values/contact";
import { DROP_IN_FIELDS, DROP_IN_START, dropInPayload } from "../../forms/values/dropIn";
import { HOLD_FIELDS, HOLD_START, holdPayload } from "../../forms/values/hold";
import { PRIVACY_REQUEST_FIELDS, PRIVACY_REQUEST_START, privacyRequestPayload } from "../../forms/values/privacyRequest";
import { SIGNUP_FIELDS, SIGNUP_START, signupPayload } from "../../forms/values/signup";
import type { FieldValue } from "../../forms/formValues";
import { pathTo } from "../../routes";
import type { FormName } from "../../forms/registry";
import { mailEnabled } from "../process/settings";
import { introCancel } from "../intro/cancel";
import { introSlots, openTimes } from "../intro/slots";
import { privacyConfirm } from "../privacy/confirm";
import { runtime } from "./runtime";

/**
 * A form's state type (src/forms/values/) seen as the plain post reads it: the handler fills every
 * field of `start` with text or a tick, so the form's own payload function gets the shape it expects.
 */
function plainForm<V extends Readonly<Record<string, FieldValue>>>(form: {
  page: string;
  start: V;
  fieldOrder: readonly string[];
  payload(values: V): Record<string, unknown>;
  sent: PlainForm["sent"];
  times?: PlainForm["times"];
}): PlainForm {
  return form as unknown as PlainForm;
}

/** A stored field as text, or "" when the page does not know the submission (sentPage). */
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A stored intro's time in the gym's words, or undefined when the page does not know the submission. */
function whenOf(start: unknown): string | undefined {
  return typeof start === "string" && !Number.isNaN(Date.parse(start)) ? whenLabel(start, site.timeZone) : undefined;
}

const definitions: Record<FormName, FormDefinition> = {
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
      sent: () =>
        signupSent(
          listText(
            site.payment.map((method) => method.toLowerCase()),
            "or",
          ),
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
      sent: (stored) => dropInSent(text(stored?.visitDate), formatPrice(dropInPlan(rates.plans).price)),
    }),
  },
  intro: {
    form: "intro",
    schema: () => introSchema,
    bookable: (data, now) => expandSlots(intro, site.timeZone, now).filter((slot) => slot.start === data.start),
    plain: plainForm({
      page: pathTo("intro"),
      start: INTRO_START,
      fieldOrder: INTRO_FIELDS,
      payload: introPayload,
      // `confirmation` as the enhanced form's answer has it: whether this server e-mails visitors at all.
      sent: (stored) => introSent({ when: whenOf(stored?.start), confirmation: mailEnabled() }),
      times: async () => openTimes(await runtime.store()),
    }),
  },
};

const handlers = Object.fromEntries(
  Object.entries(definitions).map(([form, definition]) => [form, formHandler(definition, runtime)]),
) as Record<FormName, ReturnType<typeof formHandler>>;

type Endpoint = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>;

/** The visitors' endpoints beside the forms: the open times, their own cancel link, a privacy request's confirmation. */
const endpoints = {
  "intro-slots": (req, res) => introSlots(runtime, req, res),
  "intro-cancel": (req, res) => introCancel(runtime, req, res),
  "privacy-confirm": (req, res) => privacyConfirm(runtime, req, res),
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

/** A form's endpoint, on the process's store: everything the form functions do, loaded once per process (functions.ts). */
export function handle(form: FormName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return handlers[form](req, res);
}

/** One of the other visitors' endpoints, on the process's store. */
export function serve(endpoint: EndpointName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return endpoints[endpoint](req, res);
}
