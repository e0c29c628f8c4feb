import { fieldsOf, sentValues } from "../../../src/forms/formValues";
import { CONTACT_START, contactPayload } from "../../../src/forms/contact/values";
import { INTRO_START, introPayload } from "../../../src/forms/intro/values";

test("a form's fields are its starting values' names in their order, without the hidden website field", () => {
  expect(fieldsOf({ start: "", name: "", website: "", accepted: false })).toEqual(["start", "name", "accepted"]);
});

test("a form sends its fields as typed, in the page's order, an optional text only when it holds more than spaces", () => {
  const values = { name: " Ana ", phone: "  ", notes: "", agreed: false, website: "bot" };
  expect(sentValues(values, ["name", "phone", "notes", "agreed"], ["phone"])).toEqual({ name: " Ana ", notes: "", agreed: false });
  expect(sentValues({ ...values, phone: " 253 " }, ["name", "phone", "notes", "agreed"], ["phone"])).toEqual({
    name: " Ana ",
    phone: " 253 ",
    notes: "",
    agreed: false,
  });
});

// What is sent is stored and fingerprinted as its JSON: the order of its fields is part of it.
test("the contact form and the free intro send their fields in the order they stand on the page", () => {
  const contact = { ...CONTACT_START, name: "Ana", email: "ana@example.com", phone: "253-555-0142", interest: "kids", message: "Hi" };
  expect(JSON.stringify(contactPayload(contact))).toBe(
    '{"name":"Ana","email":"ana@example.com","phone":"253-555-0142","interest":"kids","message":"Hi"}',
  );
  expect(JSON.stringify(contactPayload({ ...contact, phone: " " }))).toBe(
    '{"name":"Ana","email":"ana@example.com","interest":"kids","message":"Hi"}',
  );
  const intro = { ...INTRO_START, start: "2026-12-01T17:00:00.000Z", name: "Ana", email: "ana@example.com", goals: "Pull-ups" };
  expect(JSON.stringify(introPayload(intro))).toBe(
    '{"start":"2026-12-01T17:00:00.000Z","name":"Ana","email":"ana@example.com","goals":"Pull-ups"}',
  );
});
