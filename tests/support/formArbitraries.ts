import fc from "fast-check";
import { INTERESTS } from "../../src/forms/contact/rules";
import { addDays } from "../../src/content/dates";

/**
 * Generators for the property tests: payloads a person could really send, and payloads that break
 * the contract in every way we can think of. Invalid candidates are checked against the shared schema
 * by the test, so a mutation that happens to stay valid is simply not counted as invalid.
 */

const letters = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzAÉñø ".split(""));
const word = (min: number, max: number) =>
  fc
    .array(letters, { minLength: min, maxLength: max })
    .map((chars) => chars.join(""))
    .filter((s) => s.trim().length > 0);
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9.]{0,15}[a-z0-9]$/),
    fc.stringMatching(/^[a-z]{2,12}$/),
    fc.constantFrom("com", "org", "net", "us"),
  )
  .filter(([local]) => !local.includes(".."))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const phone = fc
  .tuple(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 }))
  .map(
    ([a, b, c]) =>
      fc.sample(
        fc.constantFrom(
          `${a}-${b}-${String(c).padStart(4, "0")}`,
          `(${a}) ${b}-${String(c).padStart(4, "0")}`,
          `+1 ${a} ${b} ${String(c).padStart(4, "0")}`,
        ),
        1,
      )[0] as string,
  );
const human = { website: fc.constant(""), elapsedMs: fc.integer({ min: 3000, max: 3_600_000 }) };

export const validContact = fc.record(
  {
    name: word(1, 60),
    email,
    phone: phone,
    interest: fc.constantFrom(...INTERESTS),
    message: word(1, 400),
    ...human,
  },
  { requiredKeys: ["name", "email", "interest", "message", "website", "elapsedMs"] },
);

export function validSignup(today: string, plans: ReadonlyArray<{ id: string; program: string }>, waiverVersion: string) {
  return fc
    .record({
      plan: fc.constantFrom(...plans),
      startOffset: fc.integer({ min: 0, max: 300 }),
      firstName: word(1, 40),
      lastName: word(1, 40),
      email,
      phone,
      emergencyContactName: word(1, 40),
      emergencyContactPhone: phone,
      guardianName: word(1, 40),
      notes: fc.option(word(1, 200), { nil: undefined }),
      healthInfo: fc.option(word(1, 200), { nil: undefined }),
      ...human,
    })
    .chain(({ plan, startOffset, guardianName, notes, healthInfo, ...rest }) => {
      const startDate = addDays(today, startOffset);
      const kids = plan.program === "kids";
      // Kids are 6 to 12 on the start date (and need a guardian); everyone else 19 to 70.
      const ageDays = kids ? fc.integer({ min: 6 * 366 + 1, max: 12 * 365 }) : fc.integer({ min: 19 * 366, max: 70 * 365 });
      return ageDays.map((days) => ({
        ...rest,
        plan: plan.id,
        startDate,
        dateOfBirth: addDays(startDate, -days),
        waiverAccepted: true as const,
        waiverVersion,
        ...(kids ? { guardianName } : {}),
        ...(notes === undefined ? {} : { notes }),
        ...(healthInfo === undefined ? {} : { healthInfo, healthConsent: true as const }),
      }));
    });
}

export function validHold(today: string) {
  const base = { name: word(1, 60), email, reason: word(1, 300), acknowledged: fc.constant(true as const), ...human };
  const hold = fc
    .record({
      type: fc.constant("hold" as const),
      holdStart: fc.integer({ min: 7, max: 120 }).map((days) => addDays(today, days)),
      length: fc.integer({ min: 14, max: 90 }),
      ...base,
    })
    .map(({ length, ...rest }) => ({ ...rest, holdEnd: addDays(rest.holdStart, length - 1) }));
  const cancel = fc.record({
    type: fc.constant("cancel" as const),
    cancelDate: fc.integer({ min: 30, max: 400 }).map((d) => addDays(today, d)),
    ...base,
  });
  return fc.oneof(hold, cancel);
}

const wrongValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.string({ maxLength: 30 }),
  fc.constant(""),
  fc.constant("   "),
  fc.constant("x".repeat(6000)),
  fc.constantFrom("2026-02-30", "2026-13-01", "yesterday", "not-an-email@", "@example.com", "1900-01-01", "2999-12-31"),
);

/** Breaks a valid payload: drops, retypes or adds fields, or replaces it with any JSON at all. */
export function invalidFrom<T extends Record<string, unknown>>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const mutated = fc
    .tuple(
      valid,
      fc.array(fc.tuple(fc.nat(), fc.constantFrom("drop", "retype", "add")), { minLength: 1, maxLength: 3 }),
      fc.array(wrongValue, { minLength: 3, maxLength: 3 }),
    )
    .map(([payload, mutations, values]) => {
      const copy: Record<string, unknown> = { ...payload };
      mutations.forEach(([index, kind], i) => {
        const keys = Object.keys(copy);
        const key = keys[index % Math.max(keys.length, 1)] ?? "name";
        if (kind === "drop") delete copy[key];
        else if (kind === "retype") copy[key] = values[i];
        else copy[`extra${index % 5}`] = values[i];
      });
      return copy;
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

/**
 * What is not text, one of each kind the forms refuse: NUL and other controls, bidirectional controls,
 * line separators, half a surrogate pair, and RFC 2047 encoded words (ASCII a mail client decodes).
 */
export const hiddenText = fc.constantFrom(
  "\u0000",
  "\u001b[31m",
  "\u0007",
  "\u007f",
  "\u0085",
  "\u202e",
  "\u202a",
  "\u2066",
  "\u2069",
  "\u200f",
  "\u061c",
  "\u2028",
  "\ud83d",
  "\ude00",
  "=?UTF-8?B?4oCuQW5h?=",
  "=?utf-8?q?=E2=80=AE?=",
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]|=\?[^?\s]+\?[bq]\?[^?]*\?=/i;

/** The first string in a value (its keys too) that holds what is not text (a line break or tab aside), or undefined. */
export function notTextIn(value: unknown): string | undefined {
  if (typeof value === "string") return NOT_TEXT.test(value) || LONE_SURROGATE.test(value) ? value : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = notTextIn(key) ?? notTextIn(inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

const SOURCE_PARTS = ["landingPage", "referrerHost", "utmSource", "utmMedium", "utmCampaign"] as const;
const cleanVisit = {
  landingPage: "/programs/kids/",
  referrerHost: "www.google.com",
  utmSource: "facebook",
  utmMedium: "social",
  utmCampaign: "open-house",
};

/**
 * A valid payload with what is not text put into one field (into its text at any place, or instead of
 * a value that is not text), or into one part of where the visit came from. `field` names where.
 */
export function withHiddenText<T extends Record<string, unknown>>(
  valid: fc.Arbitrary<T>,
): fc.Arbitrary<{ payload: Record<string, unknown>; field: string; inSource: boolean }> {
  return fc.tuple(valid, hiddenText, fc.nat(), fc.nat(), fc.boolean()).map(([payload, hidden, pick, at, inSource]) => {
    const into = (text: unknown) => {
      if (typeof text !== "string") return hidden;
      const place = at % (text.length + 1);
      return `${text.slice(0, place)}${hidden}${text.slice(place)}`;
    };
    if (inSource) {
      const part = SOURCE_PARTS[pick % SOURCE_PARTS.length]!;
      return { payload: { ...payload, source: { ...cleanVisit, [part]: into(cleanVisit[part]) } }, field: `source.${part}`, inSource };
    }
    const keys = Object.keys(payload);
    const field = keys[pick % keys.length]!;
    return { payload: { ...payload, [field]: into(payload[field]) }, field, inSource };
  });
}
