import { z } from "zod";
import { addDays, ageOn, isIsoDate } from "../../content/dates";
import { LIMITS } from "../limits";
import { ADULT_AGE, ADULT_MIN_AGE, KIDS_AGES, KIDS_PROGRAM, type PlanChoice } from "./rules";
import { calendarDate, combinedErrors, email, optionalText, personName, phone, sentAlongFields, textConsentField } from "../schemas/fields";
import { waiverFields, waiverIssue } from "../schemas/waiver";

export { WAIVER_CHANGED } from "../schemas/waiver";

/** How far ahead a start date may be: a typo guard, not a business rule. */
export const MAX_START_DAYS = 365;

export const HEALTH_CONSENT_NEEDED =
  "Tick the consent box to send us this health information, or clear the field: without your consent we cannot receive it";

/**
 * The sign-up form. Plans come from content/rates.json; `today` is the date at the gym; `waiverVersion`
 * is the version of the waiver this build shows (its hash), which the member's browser sends back so
 * the stored sign-up names the exact text accepted. The same schema runs in the browser (for instant
 * messages) and on the server (whose answer wins).
 *
 * Health information is consumer health data under Washington's My Health My Data Act: it is accepted
 * only with `healthConsent`, and the browser does not even send it without.
 */
export function signupSchema(plans: readonly PlanChoice[], today: string, waiverVersion: string) {
  const planIds = plans.map((plan) => plan.id);
  return (
    z
      .object({
        firstName: personName("your first name"),
        lastName: personName("your last name"),
        email,
        phone: phone("your phone number"),
        ...textConsentField,
        dateOfBirth: calendarDate("the member's date of birth"),
        plan: z
          .string({ required_error: "Choose a plan", invalid_type_error: "Choose a plan" })
          .refine((id) => planIds.includes(id), "Choose one of the plans listed"),
        startDate: calendarDate("a start date"),
        emergencyContactName: personName("an emergency contact's name"),
        emergencyContactPhone: phone("an emergency contact's phone number"),
        ...waiverFields,
        guardianName: optionalText("the parent or guardian's name", LIMITS.name, "one-line"),
        notes: optionalText("your notes", LIMITS.notes, "multi-line"),
        healthInfo: optionalText("the injuries or health conditions", LIMITS.notes, "multi-line"),
        healthConsent: z.boolean({ invalid_type_error: HEALTH_CONSENT_NEEDED }).optional(),
        ...sentAlongFields,
      })
      .strict()
      .superRefine((data, ctx) => {
        for (const issue of signupRuleErrors(data, plans, today)) ctx.addIssue({ code: "custom", ...issue });
        const waiver = waiverIssue(data, waiverVersion);
        if (waiver) ctx.addIssue({ code: "custom", ...waiver });
        if (data.healthInfo && data.healthConsent !== true)
          ctx.addIssue({ code: "custom", path: ["healthConsent"], message: HEALTH_CONSENT_NEEDED });
      })
      // Consent is stored only with what it was given for.
      .transform(({ healthConsent: _consent, waiverVersion: _version, ...data }) => ({
        ...data,
        waiverVersion,
        ...(data.healthInfo && { healthConsent: true as const }),
      }))
  );
}

/**
 * The rules that span fields (dates against today, age against the plan, guardian under 18), on raw
 * values: the schema applies them, and the browser also runs them on a half-filled form, so a
 * visitor learns about an age problem without first filling in every other field.
 */
export function signupRuleErrors(
  data: { startDate?: unknown; dateOfBirth?: unknown; plan?: unknown; guardianName?: unknown },
  plans: readonly PlanChoice[],
  today: string,
): Array<{ path: [string]; message: string }> {
  const issues: Array<{ path: [string]; message: string }> = [];
  const startDate = typeof data.startDate === "string" ? data.startDate.trim() : "";
  const dateOfBirth = typeof data.dateOfBirth === "string" ? data.dateOfBirth.trim() : "";
  if (!isIsoDate(startDate)) return issues;
  if (startDate < today) issues.push({ path: ["startDate"], message: "Choose today or a later date" });
  else if (startDate > addDays(today, MAX_START_DAYS))
    issues.push({ path: ["startDate"], message: "Choose a start date within the next 12 months" });
  if (!isIsoDate(dateOfBirth)) return issues;
  if (dateOfBirth >= today) {
    issues.push({ path: ["dateOfBirth"], message: "Enter a date of birth in the past" });
    return issues;
  }
  const age = ageOn(dateOfBirth, startDate);
  const plan = plans.find((p) => p.id === data.plan);
  if (plan?.program === KIDS_PROGRAM) {
    if (age < KIDS_AGES.min || age > KIDS_AGES.max) {
      issues.push({
        path: ["dateOfBirth"],
        message: `CrossFit Kids is for ages ${KIDS_AGES.min} to ${KIDS_AGES.max}: this member would be ${age} on the start date`,
      });
    }
  } else if (plan && age < ADULT_MIN_AGE) {
    issues.push({
      path: ["dateOfBirth"],
      message: `Members must be ${ADULT_MIN_AGE} or older for ${plan.name}; see CrossFit Kids for ages ${KIDS_AGES.min} to ${KIDS_AGES.max}`,
    });
  }
  const guardian = typeof data.guardianName === "string" ? data.guardianName.trim() : "";
  if (age < ADULT_AGE && !guardian) {
    issues.push({ path: ["guardianName"], message: `Members under ${ADULT_AGE} need a parent or guardian: enter their name` });
  }
  return issues;
}

export type SignupInput = z.input<ReturnType<typeof signupSchema>>;
export type Signup = z.output<ReturnType<typeof signupSchema>>;

/**
 * The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message.
 * The age and date rules run on a half-filled form too, so an age problem is named at once.
 */
export function signupErrors(
  payload: Readonly<Record<string, unknown>>,
  plans: readonly PlanChoice[],
  today: string,
  waiverVersion: string,
): Record<string, string> {
  return combinedErrors(signupSchema(plans, today, waiverVersion).safeParse(payload), signupRuleErrors(payload, plans, today));
}
