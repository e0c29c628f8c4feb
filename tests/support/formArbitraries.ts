import fc from "fast-check";
import { INTERESTS } from "../../src/forms/contact";
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
