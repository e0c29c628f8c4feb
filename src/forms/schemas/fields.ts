import { z } from "zod";
import { isIsoDate } from "../../content/dates";
import { usPhoneToE164 } from "../../texts/phone";
import { LIMITS } from "../limits";
import { normalizeLineBreaks, textProblem, type TextShape } from "../text";

/**
 * Field rules shared by every form, in the browser and on the server. Strings are trimmed, e-mail is
 * lower-cased, phone numbers are reduced to their digits, every field has a length limit, and every
 * string must be text (src/forms/text.ts). Lengths come from src/forms/limits.ts, which the pages use too.
 */

/** Refuses what is not text (the message names the field) and stores line breaks as \n. */
const asText = (schema: z.ZodString, shape: TextShape, label: string) =>
  schema
    .superRefine((value, ctx) => {
      const problem = textProblem(value, shape, label);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    })
    .transform((value) => (shape === "multi-line" ? normalizeLineBreaks(value) : value));

export const requiredText = (label: string, max: number, shape: TextShape) =>
  asText(
    z
      .string({ required_error: `Enter ${label}`, invalid_type_error: `Enter ${label}` })
      .trim()
      .min(1, `Enter ${label}`)
      .max(max, `Keep ${label} under ${max} characters`),
    shape,
    label,
  );

export const optionalText = (label: string, max: number, shape: TextShape) =>
  asText(
    z
      .string({ invalid_type_error: `Enter ${label} as text` })
      .trim()
      .max(max, `Keep ${label} under ${max} characters`),
    shape,
    label,
  )
    .optional()
    .transform((value) => (value ? value : undefined));

export const personName = (label = "your name") => requiredText(label, LIMITS.name, "one-line");

export const email = z
  .string({ required_error: "Enter your email address", invalid_type_error: "Enter your email address" })
  .trim()
  .min(1, "Enter your email address")
  .max(LIMITS.email, "Enter an email address under 254 characters")
  .email("Enter an email address like name@example.com")
  .transform((value) => value.toLowerCase());

/** US phone numbers: any punctuation, optional leading 1; stored as +1 and ten digits (E.164, as texts need). */
export const normalizePhone = usPhoneToE164;

// The email pattern already allows only the characters of an address; a phone number is checked as
// text before it is reduced to digits, so a control character is named rather than silently dropped.
const phoneBase = asText(
  z.string({ invalid_type_error: "Enter a phone number" }).trim().max(LIMITS.phone, "Enter a 10-digit phone number like 253-555-0142"),
  "one-line",
  "the phone number",
);

export const phone = (label = "a phone number") =>
  phoneBase.transform((value, ctx) => {
    if (!value) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Enter ${label}` });
      return z.NEVER;
    }
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a 10-digit phone number like 253-555-0142" });
      return z.NEVER;
    }
    return normalized;
  });

export const optionalPhone = phoneBase.optional().transform((value, ctx) => {
  if (!value) return undefined;
  const normalized = normalizePhone(value);
  if (!normalized) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a 10-digit phone number like 253-555-0142, or leave it empty" });
    return z.NEVER;
  }
  return normalized;
});

/**
 * "Text me about my enquiry" (src/texts/consent.ts): sent as true only when the visitor ticked it; the
 * box is never ticked for them. A JSON client may send false, which is no consent.
 */
export const textConsentField = {
  textConsent: z.boolean({ invalid_type_error: "Send textConsent as true (the box ticked) or false" }).optional(),
};

export const NO_PHONE_TO_TEXT = "Enter a phone number for us to text, or untick “Text me about my enquiry”";

/** A consent to texts needs a number to text: the issue when it has none (the phone as the schema read it). */
export function textConsentIssue(data: { phone?: unknown; textConsent?: unknown }): { path: [string]; message: string } | null {
  return data.textConsent === true && (typeof data.phone !== "string" || data.phone === "")
    ? { path: ["textConsent"], message: NO_PHONE_TO_TEXT }
    : null;
}

export const calendarDate = (label: string) =>
  z
    .string({ required_error: `Enter ${label}`, invalid_type_error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .refine(isIsoDate, `Enter ${label} as a real date (YYYY-MM-DD)`);

export const mustBeTrue = (message: string) => z.literal(true, { errorMap: () => ({ message }) });

/** Sent along with every form, never shown to people: the spam signals and where the visit came from. */
export const sentAlongFields = {
  /** src/forms/visitSource.ts: checked and cleaned by the server (cleanSource), never a reason to refuse a form. */
  source: z.unknown().optional(),
  /** Hidden from people; bots fill it. */
  website: asText(z.string().max(200), "one-line", "this field").optional(),
  /** Milliseconds between the form appearing and being sent, measured by the browser. */
  elapsedMs: z
    .number()
    .int()
    .nonnegative()
    .max(86_400_000 * 7)
    .optional(),
};

export const MIN_FILL_MS = 3000;

/**
 * Why a submission looks like spam, or null: "honeypot" (held out of the staff list, answered as a
 * person's send is) or "too-fast" (the server asks the sender to press again: src/server/forms/handler.ts).
 * `timed: false` for a form the browser posted itself (without script nothing measured the time;
 * src/server/forms/formPost.ts): only the honeypot applies.
 */
export function spamReason(data: { website?: string; elapsedMs?: number }, { timed = true } = {}): string | null {
  if (data.website && data.website.trim() !== "") return "honeypot";
  if (!timed) return null;
  if (data.elapsedMs === undefined || data.elapsedMs < MIN_FILL_MS) return "too-fast";
  return null;
}

/**
 * zod issues -> { field: first message }, the shape the API answers 422 with. The object has no
 * prototype, so a field a client names "__proto__" or "constructor" is reported like any other.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const issue of error.issues) {
    if (issue.code === z.ZodIssueCode.unrecognized_keys) {
      for (const key of issue.keys) errors[key] ??= "This field is not part of the form";
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * What the browser shows: the schema's field errors, plus the cross-field rules run on the raw values
 * (zod skips those while any basic field is still missing). The first message per field wins.
 */
export function combinedErrors(
  result: { success: true } | { success: false; error: z.ZodError },
  ruleErrors: ReadonlyArray<{ path: [string]; message: string }>,
): Record<string, string> {
  const errors = result.success ? {} : fieldErrors(result.error);
  for (const { path, message } of ruleErrors) errors[path[0]] ??= message;
  return errors;
}
