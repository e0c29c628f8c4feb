import { fieldsOf } from "../../../src/forms/formValues";

test("a form's fields are its starting values' names in their order, without the hidden website field", () => {
  expect(fieldsOf({ start: "", name: "", website: "", accepted: false })).toEqual(["start", "name", "accepted"]);
});
