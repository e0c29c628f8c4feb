/**
 * Phone numbers as texting needs them: E.164 (`+` and the country code, as Twilio writes every number)
 * from what a visitor types. The forms take US numbers only (src/forms/schemas/fields.ts uses this
 * rule), so a number the site stores is already E.164. Pure: the browser and the server share it.
 */

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

/**
 * A US number with any punctuation and an optional leading 1, as +1 and its ten digits; null for
 * anything else (an area code cannot start with 0 or 1).
 */
export function usPhoneToE164(value: string): string | null {
  const digits = value.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return ten.length === 10 && /^[2-9]/.test(ten) ? `+1${ten}` : null;
}
