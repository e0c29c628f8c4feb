import { fingerprintOf, isFormPost, valuesFromPost } from "../../../../src/server/forms/formPost";
import { CONTACT_START, contactPayload } from "../../../../src/forms/contact/values";
import { SIGNUP_START } from "../../../../src/forms/signup/values";

test("a urlencoded body is a form the browser posted itself; JSON is the page's script", () => {
  expect(isFormPost({ "content-type": "application/x-www-form-urlencoded" })).toBe(true);
  expect(isFormPost({ "content-type": "application/x-www-form-urlencoded; charset=UTF-8" })).toBe(true);
  expect(isFormPost({ "content-type": "application/json" })).toBe(false);
  expect(isFormPost({})).toBe(false);
});

test("the posted fields become the form's state: text as sent, a box ticked only when posted, the rest left out", () => {
  const values = valuesFromPost({ firstName: "Sam", healthConsent: "on", plan: ["unlimited", "kids"], extra: "ignored" }, SIGNUP_START);
  expect(values).toEqual({ ...SIGNUP_START, firstName: "Sam", healthConsent: true, plan: "unlimited" });
  expect(valuesFromPost(undefined, CONTACT_START)).toEqual(CONTACT_START);
  // A box not ticked is not posted at all.
  expect(valuesFromPost({ firstName: "Sam" }, SIGNUP_START).waiverAccepted).toBe(false);
});

test("a send's fingerprint is its form, exactly the fields it stores, and the connection it came from", () => {
  const values = { ...CONTACT_START, name: "Ana", email: "ana@example.com", interest: "kids", message: "Hi" };
  const same = fingerprintOf("contact", contactPayload(values), "203.0.113.9");
  expect(fingerprintOf("contact", contactPayload({ ...values }), "203.0.113.9")).toBe(same);
  expect(fingerprintOf("contact", contactPayload({ ...values, message: "Hi!" }), "203.0.113.9")).not.toBe(same);
  expect(fingerprintOf("signup", contactPayload(values), "203.0.113.9")).not.toBe(same);
  // Someone else sending the very same words is another send: they learn nothing of the first.
  expect(fingerprintOf("contact", contactPayload(values), "198.51.100.7")).not.toBe(same);
  expect(same).toMatch(/^[0-9a-f]{64}$/);
});
