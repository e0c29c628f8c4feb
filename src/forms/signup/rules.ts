/**
 * What the sign-up form renders with: the plans it offers and the age rules its hints state. The
 * form's check (src/forms/signup/schema.ts, loaded on first use) enforces the same constants.
 */
export interface PlanChoice {
  id: string;
  name: string;
  program: string;
  period: string;
}

export const KIDS_PROGRAM = "kids";
export const KIDS_AGES = { min: 6, max: 12 } as const;
export const ADULT_MIN_AGE = 13;
export const ADULT_AGE = 18;

/** Plans a person can join online: memberships, not single drop-in visits. */
export function joinablePlans<T extends PlanChoice>(plans: readonly T[]): T[] {
  return plans.filter((plan) => plan.period !== "visit");
}
