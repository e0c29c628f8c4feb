import { newReference } from "../../../../src/server/forms/ids";

test("references are unambiguous and carry the form's letter", () => {
  const ids = new Set(Array.from({ length: 2000 }, () => newReference("signup")));
  expect(ids.size).toBe(2000);
  for (const id of ids) expect(id).toMatch(/^S-[0-9A-HJKMNP-TV-Z]{10}$/);
});
