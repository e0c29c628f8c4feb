/** How plans are shown and where their buttons go. Pure. */

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

/** Memberships sign up online with the plan preselected; a drop-in visit is arranged by message. */
export function planAction(plan: { id: string; period: string }): { href: string; label: string } {
  if (plan.period === "visit") return { href: `/contact/?interest=${encodeURIComponent(plan.id)}`, label: "Plan a visit" };
  return { href: `/membership/signup/?plan=${encodeURIComponent(plan.id)}`, label: "Sign up" };
}

/** Plans a person can join online (a drop-in is a single visit, not a membership). */
export function isMembershipPlan(plan: { period: string }): boolean {
  return plan.period !== "visit";
}
