import { contactSchema } from "../../../src/forms/contact/schema";
import { contactPayload, CONTACT_START } from "../../../src/forms/contact/values";
import { introSchema } from "../../../src/forms/intro/schema";
import { introPayload, INTRO_START } from "../../../src/forms/intro/values";
import { kidsTrialSchema } from "../../../src/forms/kidsTrial/schema";
import { kidsTrialPayload, KIDS_TRIAL_START } from "../../../src/forms/kidsTrial/values";
import { holdPayload, HOLD_START } from "../../../src/forms/hold/values";
import { signupPayload, SIGNUP_START } from "../../../src/forms/signup/values";
import { fieldErrors, NO_PHONE_TO_TEXT } from "../../../src/forms/schemas/fields";

/**
 * "Text me about my enquiry" in the forms' own code, the browser's and the server's: sent only when
 * ticked, read as consent only when true, and refused with its own message when there is no number
 * to text.
 */

const contact = { name: "Ana Ruiz", email: "ana@example.com", interest: "membership", message: "Evening classes?" };

test("a ticked box with a phone is consent, kept with the form's fields", () => {
  const parsed = contactSchema.safeParse({ ...contact, phone: "(253) 555-0142", textConsent: true });
  expect(parsed.success && parsed.data).toMatchObject({ phone: "+12535550142", textConsent: true });
});

test("a ticked box without a phone is refused on the box, with what to do", () => {
  for (const phone of [undefined, "", "   "]) {
    const parsed = contactSchema.safeParse({ ...contact, ...(phone !== undefined && { phone }), textConsent: true });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({ textConsent: NO_PHONE_TO_TEXT });
  }
  const intro = introSchema.safeParse({ start: "2026-12-01T17:00:00.000Z", name: "Ana Ruiz", email: "ana@example.com", textConsent: true });
  expect(intro.success ? {} : fieldErrors(intro.error)).toEqual({ textConsent: NO_PHONE_TO_TEXT });
});

test("anything but true or false is not an answer to the box", () => {
  const kids = {
    start: "2026-12-01T17:00:00.000Z",
    childName: "Mia",
    childAge: 8,
    name: "Ana Ruiz",
    email: "ana@example.com",
    phone: "253-555-0142",
  };
  for (const textConsent of ["yes", 1, "true", null]) {
    const parsed = kidsTrialSchema.safeParse({ ...kids, textConsent });
    expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({ textConsent: "Send textConsent as true (the box ticked) or false" });
  }
  expect(kidsTrialSchema.safeParse({ ...kids, textConsent: false }).success).toBe(true);
});

test("each form sends the box only when it is ticked, and never ticks it itself", () => {
  expect(contactPayload({ ...CONTACT_START, ...contact, phone: "253-555-0142" })).not.toHaveProperty("textConsent");
  expect(contactPayload({ ...CONTACT_START, ...contact, phone: "253-555-0142", textConsent: true })).toMatchObject({ textConsent: true });
  expect(introPayload(INTRO_START)).not.toHaveProperty("textConsent");
  expect(introPayload({ ...INTRO_START, textConsent: true })).toMatchObject({ textConsent: true });
  expect(kidsTrialPayload(KIDS_TRIAL_START)).not.toHaveProperty("textConsent");
  expect(kidsTrialPayload({ ...KIDS_TRIAL_START, textConsent: true })).toMatchObject({ textConsent: true });
  expect(holdPayload(HOLD_START)).not.toHaveProperty("textConsent");
  expect(holdPayload({ ...HOLD_START, textConsent: true })).toMatchObject({ textConsent: true });
  expect(signupPayload(SIGNUP_START, "v1")).not.toHaveProperty("textConsent");
  expect(signupPayload({ ...SIGNUP_START, textConsent: true }, "v1")).toMatchObject({ textConsent: true });
});
