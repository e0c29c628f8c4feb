import { z } from "zod";
import { isIsoDate } from "../content/dates";
import {
  earliestCancelDate,
  earliestHoldStart,
  holdEndRange,
  holdLength,
  type HoldPolicy,
} from "./dateRules";
import { calendarDate, email, LIMITS, mustBeTrue, optionalPhone, personName, requiredText, spamFields } from "./fields";

const common = {
  name: personName(),
  email,
  phone: optionalPhone,
  reason: requiredText("a reason", LIMITS.reason),
  acknowledged: mustBeTrue("Confirm that you have read the hold and cancellation policy"),
  ...spamFields,
};

/**
 * Hold and cancellation requests. The rules come from content/policies.json; `today` is the date at
 * the gym. A hold starts no sooner than the notice period and lasts between the minimum and maximum
 * (both days included); a cancellation takes effect no sooner than its notice period.
 */
export function holdSchema(policy: HoldPolicy, today: string) {
  const earliestStart = earliestHoldStart(policy, today);
  const earliestCancel = earliestCancelDate(policy, today);
  return z
    .discriminatedUnion(
      "type",
      [
        z.object({ type: z.literal("hold"), holdStart: calendarDate("the first day of the hold"), holdEnd: calendarDate("the last day of the hold"), ...common }).strict(),
        z.object({ type: z.literal("cancel"), cancelDate: calendarDate("the cancellation date"), ...common }).strict(),
      ],
      { errorMap: (issue, ctx) => (issue.code === "invalid_union_discriminator" ? { message: "Choose a hold or a cancellation" } : { message: ctx.defaultError }) },
    )
    // zod still runs this when other fields failed, so each rule first checks its own dates are real.
    .superRefine((data, ctx) => {
      if (data.type === "cancel") {
        if (isIsoDate(data.cancelDate) && data.cancelDate < earliestCancel) {
          ctx.addIssue({
            code: "custom",
            path: ["cancelDate"],
            message: `Cancellations need ${policy.cancellationNoticeDays} days notice: choose ${earliestCancel} or later`,
          });
        }
        return;
      }
      if (!isIsoDate(data.holdStart)) return;
      if (data.holdStart < earliestStart) {
        ctx.addIssue({
          code: "custom",
          path: ["holdStart"],
          message: `Holds need ${policy.holdNoticeDays} days notice: choose ${earliestStart} or later`,
        });
      }
      if (!isIsoDate(data.holdEnd)) return;
      const { min, max } = holdEndRange(policy, data.holdStart);
      const length = holdLength(data.holdStart, data.holdEnd);
      if (length < policy.minHoldDays) {
        ctx.addIssue({
          code: "custom",
          path: ["holdEnd"],
          message: `A hold lasts at least ${policy.minHoldDays} days: choose ${min} or later`,
        });
      } else if (length > policy.maxHoldDays) {
        ctx.addIssue({
          code: "custom",
          path: ["holdEnd"],
          message: `A hold lasts at most ${policy.maxHoldDays} days: choose ${max} or earlier`,
        });
      }
    });
}

export type HoldInput = z.input<ReturnType<typeof holdSchema>>;
export type HoldRequest = z.output<ReturnType<typeof holdSchema>>;
