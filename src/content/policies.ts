import type { Policies, Privacy } from "./schemas";

/** Policy numbers as staff read them in the text. Pure. */

export function policyValue(key: keyof Policies, policies: Policies): string {
  const value = policies[key];
  if (key.endsWith("Fee")) return value === 0 ? "nothing" : `$${Number.isInteger(value) ? value : value.toFixed(2)}`;
  return String(value);
}

/** The numbers pages may name as {{key}}: every field of policies.json and privacy.json. */
export function placeholderValues(policies: Policies, privacy: Privacy): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(policies) as Array<keyof Policies>) values[key] = policyValue(key, policies);
  for (const [key, value] of Object.entries(privacy)) values[key] = String(value);
  return values;
}

/** Replaces {{holdNoticeDays}} and friends in rendered text with their values; unknown ones stay as written. */
export function fillPlaceholders(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (match, key: string) => values[key] ?? match);
}

export interface PolicyFact {
  label: string;
  value: string;
}

export function policyFacts(policies: Policies): PolicyFact[] {
  const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;
  const money = (n: number) => (n === 0 ? "Free" : `$${n}`);
  return [
    { label: "Sign-up fee", value: policies.signUpFee === 0 ? "None" : `$${policies.signUpFee}` },
    { label: "Hold request notice", value: `${days(policies.holdNoticeDays)} before the hold starts` },
    { label: "Hold length", value: `${days(policies.minHoldDays)} to ${days(policies.maxHoldDays)}` },
    { label: "Holds per year", value: `Up to ${policies.maxHoldsPerYear}` },
    { label: "Cancellation notice", value: `${days(policies.cancellationNoticeDays)} before the last day` },
    { label: "Hold fee", value: money(policies.holdFee) },
    { label: "Cancellation fee", value: money(policies.cancellationFee) },
    { label: "Reactivation fee", value: money(policies.reactivationFee) },
  ];
}
