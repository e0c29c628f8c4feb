import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type { FormName } from "../../forms/registry";
import { VISITOR_FORMS } from "../forms/definitions";
import type { FormDefinition } from "../forms/form";
import { formHandler } from "../forms/handler";
import { introCalendarFile } from "../intro/calendar";
import { introCancel } from "../intro/cancel";
import { introForm } from "../intro/form";
import { introSlots } from "../intro/slots";
import { kidsTrialCancel } from "../kids/cancel";
import { kidsTrialClasses } from "../kids/classes";
import { kidsTrialForm } from "../kids/form";
import { privacyConfirm } from "../privacy/confirm";
import { smsStatusWebhook, smsWebhook } from "../texts/webhooks";
import { runtime } from "./runtime";
import type { SubmissionStore } from "./store";

/** Every form a visitor sends (src/forms/registry.ts), each with its definition: a missing one fails the type check. */
const FORMS: Record<FormName, FormDefinition<SubmissionStore>> = { ...VISITOR_FORMS, intro: introForm, "kids-trial": kidsTrialForm };

const handlers = Object.fromEntries(Object.entries(FORMS).map(([form, definition]) => [form, formHandler(definition, runtime)])) as Record<
  FormName,
  ReturnType<typeof formHandler>
>;

type Endpoint = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>;

/**
 * The visitors' endpoints beside the forms: the open times, a booking's calendar file, their own cancel
 * link, a privacy request's confirmation; Stripe's webhook; and Twilio's, for texts.
 */
const endpoints = {
  "intro-slots": (req, res) => introSlots(runtime, req, res),
  "intro-calendar": (req, res) => introCalendarFile(runtime, req, res),
  "intro-cancel": (req, res) => introCancel(runtime, req, res),
  "privacy-confirm": (req, res) => privacyConfirm(runtime, req, res),
  "kids-trial-classes": (req, res) => kidsTrialClasses(runtime, req, res),
  "kids-trial-cancel": (req, res) => kidsTrialCancel(runtime, req, res),
  // Loaded with the first event: the Stripe SDK takes about 300 ms to load, which no form should wait for.
  stripe: async (req, res) => (await import("../payments/webhook")).stripeWebhook(runtime, req, res),
  // Twilio's webhooks: a text coming in, and the delivery reports of those the site sent.
  sms: (req, res) => smsWebhook(runtime, req, res),
  "sms-status": (req, res) => smsStatusWebhook(runtime, req, res),
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
