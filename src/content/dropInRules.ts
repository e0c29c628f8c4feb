import type { ContentError } from "./contentError";
import { DROP_IN_PERIOD } from "./rates";
import type { Rates, Schedule } from "./schemas";

/**
 * The drop-in page shows the price of the one plan paid per visit, and its form takes visits on the
 * days that plan's program has a class: so there is exactly one such plan, and its program is on the
 * schedule.
 */
export function checkDropIn(ratesFile: string, rates: Rates, schedule: Schedule): ContentError[] {
  const visits = rates.plans.flatMap((plan, index) => (plan.period === DROP_IN_PERIOD ? [{ plan, index }] : []));
  const [first, second] = visits;
  if (!first) {
    return [{ file: ratesFile, field: "plans", message: `needs one plan paid per ${DROP_IN_PERIOD}: the drop-in page shows its price` }];
  }
  if (second) {
    return [
      {
        file: ratesFile,
        field: `plans[${second.index}].period`,
        message: `only one plan can be paid per ${DROP_IN_PERIOD} (the drop-in), and plans[${first.index}] already is`,
      },
    ];
  }
  if (!schedule.slots.some((slot) => slot.program === first.plan.program)) {
    return [
      {
        file: ratesFile,
        field: `plans[${first.index}].program`,
        message: `the drop-in's program "${first.plan.program}" has no class on the schedule, so nobody could drop in`,
      },
    ];
  }
  return [];
}
