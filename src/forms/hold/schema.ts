import { z } from "zod";
import { isIsoDate } from "../../content/dates";
import { earliestCancelDate, earliestHoldStart, holdEndRange, holdLength, type HoldPolicy } from "./rules";
import { LIMITS } from "../limits";
import {
  calendarDate,
  combinedErrors,
  email,
  mustBeTrue,
  optionalPhone,
  personName,
  requiredText,
  sentAlongFields,
  textConsentField,
  textConsentIssue,
} from "../schemas/fields";

const common = {
  name: personName(),
  email,
  phone: optionalPhone,
  ...textConsentField,
  reason: requiredText("a reason", LIMITS.reason, "multi-line"),
  acknowledged: mustBeTrue("Confirm that you have read the hold and cancellation policy"),
  ...sentAlongFields,
};

/**
 * Hold and cancellation requests. The rules come from content/policies.json; `today` is the date at
 * the gym. A hold starts no sooner than the notice period and lasts between the minimum and maximum
 * (both days included); a cancellation takes effect no sooner than its notice period.
 */
export function holdSchema(policy: HoldPolicy, today: string) {
  return z
    .discriminatedUnion(
      "type",
      [
        z
          .object({
            type: z.literal("hold"),
            holdStart: calendarDate("the first day of the hold"),
            holdEnd: calendarDate("the last day of the hold"),
            ...common,
          })
          .strict(),
        z.object({ type: z.literal("cancel"), cancelDate: calendarDate("the cancellation date"), ...common }).strict(),
      ],
      {
        errorMap: (issue, ctx) =>
          issue.code === "invalid_union_discriminator" ? { message: "Choose a hold or a cancellation" } : { message: ctx.defaultError },
      },
    )
    .superRefine((data, ctx) => {
      for (const issue of holdRuleErrors(data, policy, today)) ctx.addIssue({ code: "custom", ...issue });
      const consent = textConsentIssue(data);
      if (consent) ctx.addIssue({ code: "custom", ...consent });
    });
}

/**
 * The date rules from policies.json, on raw values: the schema applies them, and the browser also runs
 * them on a half-filled form. Each rule first checks that its own dates are real dates.
 */
export function holdRuleErrors(
  data: { type?: unknown; holdStart?: unknown; holdEnd?: unknown; cancelDate?: unknown },
  policy: HoldPolicy,
  today: string,
): Array<{ path: [string]; message: string }> {
  const issues: Array<{ path: [string]; message: string }> = [];
  const date = (value: unknown) => (typeof value === "string" && isIsoDate(value.trim()) ? value.trim() : null);
  if (data.type === "cancel") {
    const cancelDate = date(data.cancelDate);
    const earliest = earliestCancelDate(policy, today);
    if (cancelDate && cancelDate < earliest) {
      issues.push({
        path: ["cancelDate"],
        message: `Cancellations need ${policy.cancellationNoticeDays} days notice: choose ${earliest} or later`,
      });
    }
    return issues;
  }
  if (data.type !== "hold") return issues;
  const holdStart = date(data.holdStart);
  if (!holdStart) return issues;
  const earliestStart = earliestHoldStart(policy, today);
  if (holdStart < earliestStart) {
    issues.push({ path: ["holdStart"], message: `Holds need ${policy.holdNoticeDays} days notice: choose ${earliestStart} or later` });
  }
  const holdEnd = date(data.holdEnd);
  if (!holdEnd) return issues;
  const { min, max } = holdEndRange(policy, holdStart);
  const length = holdLength(holdStart, holdEnd);
  if (length < policy.minHoldDays) {
    issues.push({ path: ["holdEnd"], message: `A hold lasts at least ${policy.minHoldDays} days: choose ${min} or later` });
  } else if (length > policy.maxHoldDays) {
    issues.push({ path: ["holdEnd"], message: `A hold lasts at most ${policy.maxHoldDays} days: choose ${max} or earlier` });
  }
  return issues;
}

export type HoldInput = z.input<ReturnType<typeof holdSchema>>;
export type HoldRequest = z.output<ReturnType<typeof holdSchema>>;

/**
 * The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message.
 * The date rules run on a half-filled form too, so a wrong date is named before everything is filled in.
 */
export function holdErrors(payload: Readonly<Record<string, unknown>>, policy: HoldPolicy, today: string): Record<string, string> {
  return combinedErrors(holdSchema(policy, today).safeParse(payload), holdRuleErrors(payload, policy, today));
}
