import type { ContentError } from "./contentError";
import { FIRST_PROGRAM, firstProgramPlan, lowestMembershipPrice, MEMBERSHIP_PROGRAM } from "./firstVisit";
import type { Rates } from "./schemas";

/**
 * The way in that "Start here" and the first-visit block show (src/content/firstVisit.ts) needs its
 * prices in rates.json: the one-time Foundations plan and at least one monthly group-class plan.
 */
export function checkWayIn(file: string, rates: Rates): ContentError[] {
  const errors: ContentError[] = [];
  if (!firstProgramPlan(rates.plans))
    errors.push({
      file,
      field: "plans",
      message: `needs a plan with program "${FIRST_PROGRAM}" paid once (period "program"): "Start here" and the first visit show its price`,
    });
  if (lowestMembershipPrice(rates.plans) === undefined)
    errors.push({
      file,
      field: "plans",
      message: `needs a plan with program "${MEMBERSHIP_PROGRAM}" paid per month: "Start here" shows the lowest one`,
    });
  return errors;
}
