import fc from "fast-check";
import { normalizePhone } from "../../../src/forms/schemas/fields";
import { isE164, usPhoneToE164 } from "../../../src/texts/phone";

/** Numbers as Twilio writes them (E.164), from numbers as the forms take them. */

describe("phone numbers in E.164", () => {
  test.each([
    ["253-555-0142", "+12535550142"],
    ["(253) 555-0142", "+12535550142"],
    ["+1 253 555 0142", "+12535550142"],
    ["1.253.555.0142", "+12535550142"],
    ["2535550142", "+12535550142"],
  ])("%s is %s", (typed, e164) => {
    expect(usPhoneToE164(typed)).toBe(e164);
    expect(isE164(e164)).toBe(true);
  });

  test.each(["053-555-0142", "153-555-0142", "555-0142", "+44 20 7946 0958", "253-555-01425", ""])(
    "%s is not a US number the site texts",
    (typed) => {
      expect(usPhoneToE164(typed)).toBeNull();
    },
  );

  test.each(["12535550142", "+0123", "+1 253 555 0142", "+1253555014212345", "+"])("%j is not E.164", (value) => {
    expect(isE164(value)).toBe(false);
  });

  test("the forms store phones by this same rule, so a stored phone is the number to text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+1() .-]{0,3}[0-9() .-]{7,16}$/)), (typed) => {
        expect(normalizePhone(typed)).toBe(usPhoneToE164(typed));
        const stored = usPhoneToE164(typed);
        if (stored !== null) expect(isE164(stored)).toBe(true);
      }),
    );
  });
});
