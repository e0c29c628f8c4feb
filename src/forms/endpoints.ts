import type { FormName } from "./registry";

/**
 * The endpoints the browser calls besides the forms' (each form posts to `/api/<its name>`:
 * src/forms/registry.ts). Gatsby serves `src/api/<name>.ts` at `/api/<name>`, so these and the forms'
 * names are the function files' names (tests/unit/forms/endpoints.test.ts checks both ways). Only the
 * forms' names come from the registry, as a type: its titles and retention stay out of the pages'
 * JavaScript.
 */
export const OTHER_API_NAMES = [
  "privacy-confirm",
  "intro-slots",
  "intro-cancel",
  "intro-calendar",
  "kids-trial-classes",
  "kids-trial-cancel",
] as const;
/**
 * The endpoints providers post to, never the browser: Twilio's (src/server/texts/webhooks.ts: a text
 * coming in, and delivery reports) and Stripe's (src/server/payments/webhook.ts).
 */
export const PROVIDER_API_NAMES = ["sms", "sms-status", "stripe"] as const;
export type ApiName = FormName | (typeof OTHER_API_NAMES)[number] | (typeof PROVIDER_API_NAMES)[number];

export function apiPath(name: ApiName): `/api/${ApiName}` {
  return `/api/${name}`;
}
