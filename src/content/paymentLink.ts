/**
 * The gym's Stripe Payment Links (a plan's `paymentLink` in content/rates.json): the content's rule,
 * which the build and the web editor check. Pure and without zod.
 */

/**
 * A link as Stripe's dashboard copies it: live, or in test mode (`test_`), without a query: the site
 * adds its own.
 */
export const PAYMENT_LINK = /^https:\/\/buy\.stripe\.com\/(?:test_)?[A-Za-z0-9]+$/;
export const PAYMENT_LINK_MESSAGE =
  "must be a Stripe payment link as Stripe's dashboard copies it: https://buy.stripe.com/ followed by letters and digits";
