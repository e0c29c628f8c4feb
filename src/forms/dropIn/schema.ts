import { z } from "zod";
import { addDays, type Day, formatLongDate, isIsoDate, listText, weekdayOf } from "../../content/dates";
import { AGE_GROUPS, guardianAccepts, MAX_VISIT_DAYS } from "./rules";
import { ADULT_AGE } from "../signup/rules";
import { LIMITS } from "../limits";
import { calendarDate, combinedErrors, email, optionalText, personName, sentAlongFields } from "../schemas/fields";
import { waiverFields, waiverIssue } from "../schemas/waiver";

/**
 * A visiting athlete's drop-in. `classDays` are the weekdays the drop-in's program has a class
 * (src/forms/dropIn/rules.ts), `today` is the date at the gym, `waiverVersion` the hash of the waiver this
 * build shows: a visitor signs the same waiver as a member. The same schema runs in the browser (for
 * instant messages) and on the server (whose answer wins).
 */
export function dropInSchema(classDays: readonly Day[], today: string, waiverVersion: string) {
  return (
    z
      .object({
        visitDate: calendarDate("the date of your visit"),
        name: personName(),
        email,
        affiliate: optionalText("your home gym", LIMITS.name, "one-line"),
        ageGroup: z.enum(AGE_GROUPS, { errorMap: () => ({ message: `Tell us whether you are ${ADULT_AGE} or older` }) }),
        guardianName: optionalText("the parent or guardian's name", LIMITS.name, "one-line"),
        ...waiverFields,
        ...sentAlongFields,
      })
      .strict()
      .superRefine((data, ctx) => {
        for (const issue of dropInRuleErrors(data, classDays, today)) ctx.addIssue({ code: "custom", ...issue });
        const waiver = waiverIssue(data, waiverVersion);
        if (waiver) ctx.addIssue({ code: "custom", ...waiver });
      })
      // An adult's own acceptance is the signature: a guardian's name sent with it is not kept.
      .transform(({ waiverVersion: _version, guardianName, ...data }) => ({
        ...data,
        ...(guardianAccepts(data.ageGroup) && guardianName ? { guardianName } : {}),
        waiverVersion,
      }))
  );
}

/**
 * The rules across fields, on raw values: the visit date against today and the schedule, and a
 * guardian for a visitor under 18. The schema applies them, and the browser also runs them on a
 * half-filled form, so a day without a class is named at once.
 */
export function dropInRuleErrors(
  data: { visitDate?: unknown; ageGroup?: unknown; guardianName?: unknown },
  classDays: readonly Day[],
  today: string,
): Array<{ path: [string]; message: string }> {
  const guardian = typeof data.guardianName === "string" ? data.guardianName.trim() : "";
  const needsGuardian = guardianAccepts(data.ageGroup) && !guardian;
  return [
    ...(needsGuardian
      ? [{ path: ["guardianName"] as [string], message: `Visitors under ${ADULT_AGE} need a parent or guardian: enter their name` }]
      : []),
    ...visitDateErrors(data.visitDate, classDays, today),
  ];
}

function visitDateErrors(value: unknown, classDays: readonly Day[], today: string): Array<{ path: [string]; message: string }> {
  const visitDate = typeof value === "string" ? value.trim() : "";
  if (!isIsoDate(visitDate)) return [];
  const last = addDays(today, MAX_VISIT_DAYS);
  const issue = (message: string) => [{ path: ["visitDate"] as [string], message }];
  if (visitDate < today) return issue("Choose today or a later date");
  if (visitDate > last) return issue(`Choose a date within the next ${MAX_VISIT_DAYS} days (${formatLongDate(last)} at the latest)`);
  const day = weekdayOf(visitDate);
  if (!classDays.includes(day)) {
    return issue(`We have no drop-in class on ${day}s: choose a ${listText(classDays, "or")}`);
  }
  return [];
}

export type DropInInput = z.input<ReturnType<typeof dropInSchema>>;
export type DropIn = z.output<ReturnType<typeof dropInSchema>>;

/** The browser's check before sending (src/hooks/useForm.ts loads it on first use): field -> message. */
export function dropInErrors(
  payload: Readonly<Record<string, unknown>>,
  classDays: readonly Day[],
  today: string,
  waiverVersion: string,
): Record<string, string> {
  return combinedErrors(dropInSchema(classDays, today, waiverVersion).safeParse(payload), dropInRuleErrors(payload, classDays, today));
}
