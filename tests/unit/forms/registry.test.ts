import { FORM_REGISTRY, FORMS, TEXT_FORMS, offersTexts, type FormName } from "../../../src/forms/registry";
import { CONTACT_START } from "../../../src/forms/contact/values";
import { DROP_IN_START } from "../../../src/forms/dropIn/values";
import { HOLD_START } from "../../../src/forms/hold/values";
import { INTRO_START } from "../../../src/forms/intro/values";
import { KIDS_TRIAL_START } from "../../../src/forms/kidsTrial/values";
import { PRIVACY_REQUEST_START } from "../../../src/forms/privacyRequest/values";
import { SIGNUP_START } from "../../../src/forms/signup/values";
import { newReference } from "../../../src/server/forms/ids";
import { FORM_LABELS, OWNER_ONLY_FORMS } from "../../../src/desk/leads";

test("each form has a reference letter of its own that cannot be misread over the phone", () => {
  const letters = FORMS.map((form) => FORM_REGISTRY[form].prefix);
  expect(new Set(letters).size).toBe(FORMS.length);
  for (const letter of letters) expect(letter).toMatch(/^[A-HJKMNP-TV-Z]$/);
  for (const form of FORMS) expect(newReference(form)).toMatch(new RegExp(`^${FORM_REGISTRY[form].prefix}-[0-9A-HJKMNP-TV-Z]{10}$`));
});

test("staff tell the forms apart: each has its own title in the mails and its own word in the console", () => {
  expect(new Set(FORMS.map((form) => FORM_REGISTRY[form].staffTitle)).size).toBe(FORMS.length);
  expect(new Set(Object.values(FORM_LABELS)).size).toBe(FORMS.length);
  expect(Object.keys(FORM_LABELS)).toEqual(FORMS);
});

test("only the privacy request is kept from coaches", () => {
  expect(OWNER_ONLY_FORMS).toEqual(["privacy-request"]);
});

test("every form with a phone field, and only those, offers the box for texts, unticked, right after the phone", () => {
  const starts: Record<FormName, Readonly<Record<string, unknown>>> = {
    contact: CONTACT_START,
    signup: SIGNUP_START,
    "membership-hold": HOLD_START,
    intro: INTRO_START,
    "privacy-request": PRIVACY_REQUEST_START,
    "drop-in": DROP_IN_START,
    "kids-trial": KIDS_TRIAL_START,
  };
  for (const form of FORMS) {
    const fields = Object.keys(starts[form]);
    expect({ form, texts: offersTexts(form) }).toEqual({ form, texts: fields.includes("phone") });
    if (!offersTexts(form)) continue;
    expect(fields[fields.indexOf("phone") + 1]).toBe("textConsent");
    expect(starts[form].textConsent).toBe(false);
  }
  expect(TEXT_FORMS).toEqual(["contact", "signup", "membership-hold", "intro", "kids-trial"]);
});
