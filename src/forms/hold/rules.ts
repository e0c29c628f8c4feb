import { addDays, daysBetween } from "../../content/dates";

/** The notice and length rules of a membership hold or cancellation (content/policies.json), on gym dates. Pure. */

export interface HoldPolicy {
  holdNoticeDays: number;
  minHoldDays: number;
  maxHoldDays: number;
  cancellationNoticeDays: number;
}

/** A hold covers holdStart to holdEnd, both days included; billing resumes the day after. */
export function holdLength(holdStart: string, holdEnd: string): number {
  return daysBetween(holdStart, holdEnd) + 1;
}

export function earliestHoldStart(policy: HoldPolicy, today: string): string {
  return addDays(today, policy.holdNoticeDays);
}

export function holdEndRange(policy: HoldPolicy, holdStart: string): { min: string; max: string } {
  return { min: addDays(holdStart, policy.minHoldDays - 1), max: addDays(holdStart, policy.maxHoldDays - 1) };
}

export function resumeDate(holdEnd: string): string {
  return addDays(holdEnd, 1);
}

export function earliestCancelDate(policy: HoldPolicy, today: string): string {
  return addDays(today, policy.cancellationNoticeDays);
}
