/** How plans are shown and where their buttons go. Pure. */

import { pathTo } from "../routes";

const PERIOD_LABELS: Record<string, string> = {
  month: "per month",
  week: "per week",
  visit: "per visit",
  program: "one-time",
};

export function formatPrice(price: number): string {
  return Number.isInteger(price) ? `$${price}` : `$${price.toFixed(2)}`;
}

/** 165, "month" -> "$165 per month" */
export function priceLabel(price: number, period: string): string {
  return `${formatPrice(price)} ${PERIOD_LABELS[period] ?? `per ${period}`}`;
}

/** The period of the drop-in: the one plan paid per visit (src/content/dropInRules.ts checks there is one). */
export const DROP_IN_PERIOD = "visit";

/** The drop-in's price and program, from content/rates.json. */
export function dropInPlan<T extends { period: string }>(plans: readonly T[]): T {
  const plan = plans.find((candidate) => candidate.period === DROP_IN_PERIOD);
  if (!plan) throw new Error(`content/rates.json has no plan paid per ${DROP_IN_PERIOD}: the drop-in page needs its price`);
  return plan;
}

/** Memberships sign up online with the plan preselected; a drop-in visit is booked on its own page. */
export function planAction(plan: { id: string; period: string }): { href: string; label: string } {
  if (plan.period === DROP_IN_PERIOD) return { href: pathTo("dropIn"), label: "Plan a visit" };
  return { href: withQuery(pathTo("signup"), { plan: plan.id }), label: "Sign up" };
}

function withQuery(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/**
 * The home page's few plans: the highlighted membership and the plans that are not monthly (the
 * program and the drop-in), in the order rates.json lists them.
 */
export function teaserPlans<T extends { highlight?: boolean | null; period: string }>(plans: readonly T[], count = 3): T[] {
  return plans.filter((plan) => plan.highlight || plan.period !== "month").slice(0, count);
}

/** Plans a person can join online (a drop-in is a single visit, not a membership). */
export function isMembershipPlan(plan: { period: string }): boolean {
  return plan.period !== "visit";
}
