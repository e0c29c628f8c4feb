import { FORM_REGISTRY, FORMS } from "../../../src/forms/registry";
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
