import type { Policies } from "./schemas";

/** Policy numbers as staff read them in the text. Pure. */

export function policyValue(key: keyof Policies, policies: Policies): string {
  const value = policies[key];
  if (key.endsWith("Fee")) return value === 0 ? "nothing" : `$${Number.isInteger(value) ? value : value.toFixed(2)}`;
  return String(value);
}

/** Replaces {{holdNoticeDays}} and friends in the rendered policies text with the numbers from policies.json. */
export function fillPolicyPlaceholders(html: string, policies: Policies): string {
  return html.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (match, key: string) =>
    key in policies ? policyValue(key as keyof Policies, policies) : match,
  );
}

export interface PolicyFact {
  label: string;
  value: string;
}

export function policyFacts(policies: Policies): PolicyFact[] {
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  const money = (n: number) => (n === 0 ? "Free" : `$${n}`);
  return [
    { label: "Hold request notice", value: `${days(policies.holdNoticeDays)} before the hold starts` },
    { label: "Hold length", value: `${days(policies.minHoldDays)} to ${days(policies.maxHoldDays)}` },
    { label: "Holds per year", value: `Up to ${policies.maxHoldsPerYear}` },
    { label: "Cancellation notice", value: `${days(policies.cancellationNoticeDays)} before the last day` },
    { label: "Hold fee", value: money(policies.holdFee) },
    { label: "Cancellation fee", value: money(policies.cancellationFee) },
    { label: "Reactivation fee", value: money(policies.reactivationFee) },
  ];
}
