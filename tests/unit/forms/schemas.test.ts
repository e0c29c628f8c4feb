import { interestFromQuery } from "../../../src/forms/contact/rules";
import { PRIVACY_REQUESTS, answerDueDate } from "../../../src/forms/privacyRequest/rules";
import { contactErrors, contactSchema } from "../../../src/forms/contact/schema";
import { dropInErrors } from "../../../src/forms/dropIn/schema";
import { fieldErrors, normalizePhone, spamReason } from "../../../src/forms/schemas/fields";
import { holdErrors, holdRuleErrors, holdSchema } from "../../../src/forms/hold/schema";
import { introErrors } from "../../../src/forms/intro/schema";
import { privacyRequestErrors, privacyRequestSchema } from "../../../src/forms/privacyRequest/schema";
import { HEALTH_CONSENT_NEEDED, signupErrors, signupSchema, WAIVER_CHANGED } from "../../../src/forms/signup/schema";
import { joinablePlans } from "../../../src/forms/signup/rules";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("contact form", () => {
  const valid = { name: "  Ana Ruiz ", email: " Ana@Example.COM ", interest: "kids", message: " Hello! ", elapsedMs: 5000 };

  test("trims text, lower-cases email, normalizes phone digits", () => {
    const data = contactSchema.parse({ ...valid, phone: "(253) 555-0142" });
    expect(data).toMatchObject({ name: "Ana Ruiz", email: "ana@example.com", message: "Hello!", phone: "+12535550142" });
    expect(contactSchema.parse({ ...valid, phone: "1 253.555.0142" }).phone).toBe("+12535550142");
    expect(contactSchema.parse({ ...valid, phone: "" }).phone).toBeUndefined();
  });

  test("each required field has its own message", () => {
    expect(errorsOf(contactSchema.safeParse({}))).toEqual({
      name: "Enter your name",
      email: "Enter your email address",
      interest: "Choose what your message is about",
      message: "Enter your message",
    });
    expect(errorsOf(contactSchema.safeParse({ ...valid, name: "   " }))).toEqual({ name: "Enter your name" });
  });

  test("bad values get specific messages", () => {
    expect(errorsOf(contactSchema.safeParse({ ...valid, email: "ana@" }))).toEqual({
      email: "Enter an email address like name@example.com",
    });
    expect(errorsOf(contactSchema.safeParse({ ...valid, phone: "555-0142" }))).toEqual({
      phone: "Enter a 10-digit phone number like 253-555-0142, or leave it empty",
    });
    expect(errorsOf(contactSchema.safeParse({ ...valid, interest: "yoga" }))).toEqual({ interest: "Choose what your message is about" });
  });

  test("length limits on every field", () => {
    expect(errorsOf(contactSchema.safeParse({ ...valid, name: "x".repeat(101) }))).toEqual({ name: "Keep your name under 100 characters" });
    expect(errorsOf(contactSchema.safeParse({ ...valid, message: "x".repeat(5001) }))).toEqual({
      message: "Keep your message under 5000 characters",
    });
    expect(contactSchema.safeParse({ ...valid, website: "x".repeat(201) }).success).toBe(false);
  });

  test("strict types and no unknown fields", () => {
    expect(errorsOf(contactSchema.safeParse({ ...valid, name: 42 }))).toEqual({ name: "Enter your name" });
    expect(errorsOf(contactSchema.safeParse({ ...valid, admin: true }))).toEqual({ admin: "This field is not part of the form" });
    expect(contactSchema.safeParse({ ...valid, elapsedMs: "5000" }).success).toBe(false);
  });

  test("?interest= preselects only known topics", () => {
    expect(interestFromQuery("?interest=membership")).toBe("membership");
    expect(interestFromQuery("?interest=admin")).toBe("");
  });
});

describe("spam signals", () => {
  test("a filled honeypot or a form sent in under 3 seconds", () => {
    expect(spamReason({ website: "http://spam.example", elapsedMs: 60_000 })).toBe("honeypot");
    expect(spamReason({ website: "", elapsedMs: 1200 })).toBe("too-fast");
    expect(spamReason({ elapsedMs: undefined })).toBe("too-fast");
    expect(spamReason({ website: "", elapsedMs: 8000 })).toBeNull();
  });

  test("phone normalization", () => {
    expect(normalizePhone("253-555-0142")).toBe("+12535550142");
    expect(normalizePhone("+1 (253) 555 0142")).toBe("+12535550142");
    expect(normalizePhone("053-555-0142")).toBeNull();
    expect(normalizePhone("12345")).toBeNull();
  });
});

describe("sign-up form", () => {
  const plans = joinablePlans([
    { id: "unlimited", name: "Unlimited CrossFit", program: "crossfit", period: "month" },
    { id: "kids", name: "CrossFit Kids", program: "kids", period: "month" },
    { id: "drop-in", name: "Drop-In", program: "crossfit", period: "visit" },
  ]);
  const today = "2026-11-22";
  const schema = signupSchema(plans, today, "waiver-v2");
  const adult = {
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    phone: "253-555-0100",
    dateOfBirth: "1990-05-04",
    plan: "unlimited",
    startDate: "2026-12-01",
    emergencyContactName: "Kim Lee",
    emergencyContactPhone: "253-555-0101",
    waiverAccepted: true,
    waiverVersion: "waiver-v2",
  };

  test("a complete adult sign-up passes", () => {
    expect(schema.safeParse(adult).success).toBe(true);
  });

  test("the waiver accepted must be the one this build shows", () => {
    expect(errorsOf(schema.safeParse({ ...adult, waiverVersion: "waiver-v1" }))).toEqual({ waiverAccepted: WAIVER_CHANGED });
    const { waiverVersion: _version, ...withoutVersion } = adult;
    expect(errorsOf(schema.safeParse(withoutVersion))).toEqual({ waiverAccepted: WAIVER_CHANGED });
    expect(schema.parse(adult)).toMatchObject({ waiverAccepted: true, waiverVersion: "waiver-v2" });
  });

  test("health information is refused without consent, kept with it, and consent alone keeps nothing", () => {
    const health = { healthInfo: "  Left shoulder surgery in 2025  " };
    expect(errorsOf(schema.safeParse({ ...adult, ...health }))).toEqual({ healthConsent: HEALTH_CONSENT_NEEDED });
    expect(errorsOf(schema.safeParse({ ...adult, ...health, healthConsent: false }))).toEqual({ healthConsent: HEALTH_CONSENT_NEEDED });
    expect(errorsOf(schema.safeParse({ ...adult, ...health, healthConsent: "yes" }))).toHaveProperty("healthConsent");
    expect(schema.parse({ ...adult, ...health, healthConsent: true })).toMatchObject({
      healthInfo: "Left shoulder surgery in 2025",
      healthConsent: true,
    });
    const consentOnly = schema.parse({ ...adult, healthConsent: true, healthInfo: "   " });
    expect(consentOnly).not.toHaveProperty("healthConsent");
    expect(JSON.parse(JSON.stringify(consentOnly))).not.toHaveProperty("healthInfo");
  });

  test("the waiver must be accepted", () => {
    expect(errorsOf(schema.safeParse({ ...adult, waiverAccepted: false }))).toEqual({
      waiverAccepted: "Read and accept the waiver to continue",
    });
    expect(errorsOf(schema.safeParse({ ...adult, waiverAccepted: "yes" }))).toEqual({
      waiverAccepted: "Read and accept the waiver to continue",
    });
  });

  test("the plan must be one from rates.json that can be joined online", () => {
    expect(errorsOf(schema.safeParse({ ...adult, plan: "drop-in" }))).toEqual({ plan: "Choose one of the plans listed" });
    expect(errorsOf(schema.safeParse({ ...adult, plan: "gold" }))).toEqual({ plan: "Choose one of the plans listed" });
  });

  test("start date today or later (within a year)", () => {
    expect(schema.safeParse({ ...adult, startDate: today }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...adult, startDate: "2026-11-21" }))).toEqual({ startDate: "Choose today or a later date" });
    expect(errorsOf(schema.safeParse({ ...adult, startDate: "2028-01-01" }))).toEqual({
      startDate: "Choose a start date within the next 12 months",
    });
    expect(errorsOf(schema.safeParse({ ...adult, startDate: "2026-02-30" }))).toEqual({
      startDate: "Enter a start date as a real date (YYYY-MM-DD)",
    });
  });

  test("members under 18 need a guardian", () => {
    const teen = { ...adult, dateOfBirth: "2010-03-01" };
    expect(errorsOf(schema.safeParse(teen))).toEqual({ guardianName: "Members under 18 need a parent or guardian: enter their name" });
    expect(schema.safeParse({ ...teen, guardianName: "Pat Lee" }).success).toBe(true);
    // 18 on the start date, not today, is what counts.
    expect(schema.safeParse({ ...adult, dateOfBirth: "2008-11-25", startDate: "2026-11-25" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...adult, dateOfBirth: "2008-11-26", startDate: "2026-11-25" }))).toHaveProperty("guardianName");
  });

  test("kids plans are for ages 6-12 at the start date", () => {
    const kid = { ...adult, plan: "kids", guardianName: "Pat Lee" };
    expect(schema.safeParse({ ...kid, dateOfBirth: "2016-01-10" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...kid, dateOfBirth: "2021-01-10" }))).toEqual({
      dateOfBirth: "CrossFit Kids is for ages 6 to 12: this member would be 5 on the start date",
    });
    expect(errorsOf(schema.safeParse({ ...kid, dateOfBirth: "2013-11-30" }))).toEqual({
      dateOfBirth: "CrossFit Kids is for ages 6 to 12: this member would be 13 on the start date",
    });
    expect(errorsOf(schema.safeParse({ ...kid, guardianName: undefined, dateOfBirth: "2016-01-10" }))).toEqual({
      guardianName: "Members under 18 need a parent or guardian: enter their name",
    });
  });

  test("adult plans start at 13", () => {
    expect(errorsOf(schema.safeParse({ ...adult, dateOfBirth: "2016-01-10", guardianName: "Pat" }))).toEqual({
      dateOfBirth: "Members must be 13 or older for Unlimited CrossFit; see CrossFit Kids for ages 6 to 12",
    });
  });

  test("a date of birth in the future is refused", () => {
    expect(errorsOf(schema.safeParse({ ...adult, dateOfBirth: "2027-01-01" }))).toEqual({
      dateOfBirth: "Enter a date of birth in the past",
    });
  });
});

describe("hold and cancel form", () => {
  const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
  const today = "2026-11-22";
  const schema = holdSchema(policy, today);
  const base = { name: "Jo", email: "jo@example.com", reason: "Travel", acknowledged: true };

  test("a hold within the rules", () => {
    expect(schema.safeParse({ ...base, type: "hold", holdStart: "2026-11-29", holdEnd: "2026-12-12" }).success).toBe(true);
    expect(schema.safeParse({ ...base, type: "hold", holdStart: "2026-11-29", holdEnd: "2027-02-26" }).success).toBe(true);
  });

  test("a hold too soon, too short or too long", () => {
    expect(errorsOf(schema.safeParse({ ...base, type: "hold", holdStart: "2026-11-28", holdEnd: "2026-12-20" }))).toEqual({
      holdStart: "Holds need 7 days notice: choose 2026-11-29 or later",
    });
    expect(errorsOf(schema.safeParse({ ...base, type: "hold", holdStart: "2026-12-01", holdEnd: "2026-12-13" }))).toEqual({
      holdEnd: "A hold lasts at least 14 days: choose 2026-12-14 or later",
    });
    expect(errorsOf(schema.safeParse({ ...base, type: "hold", holdStart: "2026-12-01", holdEnd: "2027-03-01" }))).toEqual({
      holdEnd: "A hold lasts at most 90 days: choose 2027-02-28 or earlier",
    });
  });

  test("a hold across a leap day counts it", () => {
    const leap = holdSchema(policy, "2028-02-01");
    expect(errorsOf(leap.safeParse({ ...base, type: "hold", holdStart: "2028-02-16", holdEnd: "2028-02-29" }))).toEqual({});
    expect(errorsOf(leap.safeParse({ ...base, type: "hold", holdStart: "2028-02-17", holdEnd: "2028-02-29" }))).toEqual({
      holdEnd: "A hold lasts at least 14 days: choose 2028-03-01 or later",
    });
  });

  test("a cancellation needs its notice", () => {
    expect(schema.safeParse({ ...base, type: "cancel", cancelDate: "2026-12-22" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...base, type: "cancel", cancelDate: "2026-12-21" }))).toEqual({
      cancelDate: "Cancellations need 30 days notice: choose 2026-12-22 or later",
    });
  });

  test("type decides the fields: no hold dates on a cancellation, and the type is required", () => {
    expect(errorsOf(schema.safeParse({ ...base, type: "cancel", cancelDate: "2026-12-22", holdStart: "2026-12-01" }))).toEqual({
      holdStart: "This field is not part of the form",
    });
    expect(errorsOf(schema.safeParse({ ...base }))).toEqual({ type: "Choose a hold or a cancellation" });
    expect(errorsOf(schema.safeParse({ ...base, type: "pause" }))).toEqual({ type: "Choose a hold or a cancellation" });
  });

  test("a broken date beside another mistake is reported, not thrown (found by the property tests)", () => {
    expect(errorsOf(schema.safeParse({ ...base, type: "hold", holdStart: "2026-11-30", holdEnd: "", extra0: [] }))).toEqual({
      holdEnd: "Enter the last day of the hold",
      extra0: "This field is not part of the form",
    });
    expect(errorsOf(schema.safeParse({ ...base, type: "cancel", cancelDate: "soon", name: "" }))).toEqual({
      name: "Enter your name",
      cancelDate: "Enter the cancellation date as a real date (YYYY-MM-DD)",
    });
  });

  test("the policy must be acknowledged and a reason given", () => {
    expect(errorsOf(schema.safeParse({ ...base, acknowledged: false, reason: " ", type: "cancel", cancelDate: "2027-01-30" }))).toEqual({
      reason: "Enter a reason",
      acknowledged: "Confirm that you have read the hold and cancellation policy",
    });
  });
});

describe("cross-field rules on a half-filled form (what the browser shows before everything is filled)", () => {
  const plans = [{ id: "kids", name: "CrossFit Kids", program: "kids", period: "month" }];

  test("a four-year-old on the kids plan is flagged while other fields are still empty", () => {
    const values = { plan: "kids", startDate: "2026-12-01", dateOfBirth: "2022-06-01" };
    const errors = signupErrors(values, plans, "2026-11-22", "v");
    expect(errors.dateOfBirth).toBe("CrossFit Kids is for ages 6 to 12: this member would be 4 on the start date");
    expect(errors.guardianName).toBe("Members under 18 need a parent or guardian: enter their name");
    expect(errors.firstName).toBe("Enter your first name");
  });

  test("a hold that is too short is flagged before the rest is filled", () => {
    const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
    expect(holdRuleErrors({ type: "hold", holdStart: "2026-12-01", holdEnd: "2026-12-05" }, policy, "2026-11-22")).toEqual([
      { path: ["holdEnd"], message: "A hold lasts at least 14 days: choose 2026-12-14 or later" },
    ]);
    expect(holdRuleErrors({ type: "hold", holdStart: "", holdEnd: "2026-12-05" }, policy, "2026-11-22")).toEqual([]);
    const errors = holdErrors({ type: "hold", holdStart: "2026-12-01", holdEnd: "2026-12-05" }, policy, "2026-11-22");
    expect(errors.holdEnd).toBe("A hold lasts at least 14 days: choose 2026-12-14 or later");
    expect(errors.name).toBe("Enter your name");
  });

  test("each form's check names every problem on its field, the way the server would", () => {
    expect(contactErrors({ name: "", email: "ana@", interest: "kids", message: "Hi" })).toEqual({
      name: "Enter your name",
      email: "Enter an email address like name@example.com",
    });
    expect(contactErrors({ name: "Ana", email: "ana@example.com", interest: "kids", message: "Hi" })).toEqual({});
    expect(introErrors({ start: "", name: "Ana", email: "ana@example.com" })).toEqual({ start: "Choose a time for your free intro" });
    expect(privacyRequestErrors({ name: "Ana", email: "ana@example.com", request: "correction" })).toEqual({
      details: "Tell us what is wrong and what it should say",
    });
  });
});

describe("what a mail client would decode", () => {
  // "\u202eAna" as RFC 2047 writes it for a mail header: ASCII, so no other text rule sees it.
  const encoded = "=?UTF-8?B?4oCuQW5h?=";
  const plans = [{ id: "unlimited", name: "Unlimited CrossFit", program: "crossfit", period: "month" }];
  const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };
  const today = "2026-11-22";
  // Every field a visitor types free text in, form by form, with the browser's own check (the server's schema).
  const forms: Array<[form: string, fields: string[], check: (payload: Record<string, unknown>) => Record<string, string>]> = [
    ["contact", ["name", "message"], contactErrors],
    ["intro", ["name", "goals"], introErrors],
    ["privacy request", ["name", "details"], privacyRequestErrors],
    ["hold", ["name", "reason"], (payload) => holdErrors({ type: "hold", ...payload }, policy, today)],
    ["drop-in", ["name", "affiliate", "guardianName"], (payload) => dropInErrors(payload, ["Saturday"], today, "v")],
    [
      "sign-up",
      ["firstName", "lastName", "emergencyContactName", "guardianName", "notes", "healthInfo"],
      (payload) => signupErrors(payload, plans, today, "v"),
    ],
  ];

  test.each(forms)("the %s form refuses an encoded word in every free-text field, at the field", (_form, fields, check) => {
    const refused = (value: string) => fields.map((field) => [field, check({ [field]: value })[field]]);
    expect(refused(encoded)).toEqual(
      fields.map((field) => [field, expect.stringMatching(/^Write .+ as plain text, without "=\?\.\.\.\?=" codes$/)]),
    );
    expect(refused(`Hi ${encoded} there`)).toEqual(fields.map((field) => [field, expect.stringMatching(/as plain text/)]));
  });
});

describe("privacy request form", () => {
  const valid = { name: "Ana Ruiz", email: "Ana@Example.com", request: "deletion", elapsedMs: 5000 };

  test("every kind of request is accepted; correction and appeal need details", () => {
    for (const request of PRIVACY_REQUESTS) {
      const details = request === "correction" || request === "appeal" ? { details: "P-7K3M9QX2PA: you kept my sign-up" } : {};
      expect(privacyRequestSchema.safeParse({ ...valid, request, ...details }).success).toBe(true);
    }
    expect(errorsOf(privacyRequestSchema.safeParse({ ...valid, request: "correction" }))).toEqual({
      details: "Tell us what is wrong and what it should say",
    });
    expect(errorsOf(privacyRequestSchema.safeParse({ ...valid, request: "appeal", details: "  " }))).toHaveProperty("details");
    expect(errorsOf(privacyRequestSchema.safeParse({ ...valid, request: "sell" }))).toEqual({ request: "Choose what you are asking for" });
    expect(privacyRequestSchema.parse(valid).email).toBe("ana@example.com");
  });

  test("the answer is due the given number of days after the request arrived", () => {
    expect(answerDueDate("2026-11-23", 45)).toBe("2027-01-07");
    expect(answerDueDate("2028-02-01", 45)).toBe("2028-03-17");
  });
});
