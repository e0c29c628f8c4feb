/**
 * The gym's Stripe Payment Links (a plan's `paymentLink` in content/rates.json): the content's rule,
 * which the build and the web editor check, and the address a confirmation's "Pay now" leads to. Pure
 * and without zod, so the forms' confirmations in the browser and the server's pages share it.
 */

/**
 * A link as Stripe's dashboard copies it: live, or in test mode (`test_`). The site adds its own query
 * (payNowUrl), so the address is taken without one.
 */
export const PAYMENT_LINK = /^https:\/\/buy\.stripe\.com\/(?:test_)?[A-Za-z0-9]+$/;
export const PAYMENT_LINK_MESSAGE =
  "must be a Stripe payment link as Stripe's dashboard copies it: https://buy.stripe.com/ followed by letters and digits";

/**
 * What Stripe takes as a payment link's `client_reference_id`: letters, digits, dashes and underscores,
 * 200 at most. Stripe drops any other value without a word, and the payment would then arrive without
 * the reference that ties it to the sign-up.
 */
const CLIENT_REFERENCE = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The address "Pay now" leads to after a send: the plan's link with the send's reference as
 * `client_reference_id` (Stripe gives it back with the payment: checkout.session.completed) and the
 * address it gave as `prefilled_email` (the payment page starts with it; the visitor may change it).
 * Undefined when there is no link (none set, or "" as the web editor writes an emptied field) or the
 * reference is not one Stripe keeps: the confirmation then keeps its words without "Pay now".
 */
export function payNowUrl(link: string | null | undefined, send: { reference: string; email?: string }): string | undefined {
  if (!link || !PAYMENT_LINK.test(link) || !CLIENT_REFERENCE.test(send.reference)) return undefined;
  const query = new URLSearchParams({ client_reference_id: send.reference });
  const email = send.email?.trim();
  if (email) query.set("prefilled_email", email);
  return `${link}?${query.toString()}`;
}
