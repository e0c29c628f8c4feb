import type { Privacy } from "../../content/schemas";
import { FORM_REGISTRY, FORMS } from "../../forms/registry";
import type { StoredSubmission } from "../store/submission";
import type { PrivacyOperations, PurgeCutoffs, PurgeReport } from "./types";

/**
 * How long submissions are kept (content/privacy.json), as the cutoffs `purge` applies. Each form's
 * entry in the registry says for how long (`kept`, in its folder's entry.ts: required, so a new form is
 * never kept forever by having been forgotten). Sign-ups and hold requests are never listed: they are
 * membership records staff keep for as long as the membership.
 */

const DAY_MS = 86_400_000;

/** The same time of day `months` calendar months earlier (UTC); a day that month lacks becomes its last. */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(now.getTime());
  result.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return result;
}

export function retentionCutoffs(now: Date, privacy: Privacy): PurgeCutoffs {
  return {
    spamBefore: new Date(now.getTime() - privacy.spamDays * DAY_MS),
    forms: FORMS.flatMap((form) => {
      const { kept } = FORM_REGISTRY[form];
      return kept === "membership" ? [] : [{ form, before: monthsBefore(now, privacy[kept]) }];
    }),
    texts: { before: monthsBefore(now, privacy.textMonths), consentsBefore: monthsBefore(now, privacy.textConsentMonths) },
  };
}

/** Whether `purge(cutoffs)` deletes this submission: the stores' rule, for a dry run that deletes nothing. */
export function isExpired(submission: StoredSubmission, cutoffs: PurgeCutoffs): boolean {
  if (submission.spam !== null) return submission.createdAt < cutoffs.spamBefore;
  return cutoffs.forms.some(({ form, before }) => form === submission.form && submission.createdAt < before);
}

/** "3 spam, 1 contact", or "" when nothing went. */
export function purgeSummary(report: PurgeReport): string {
  const counts: Array<[string, number]> = [
    ["spam", report.spam],
    ...Object.entries(report.forms),
    ["person made by a text", report.texts?.people ?? 0],
    ["text on nobody", report.texts?.texts ?? 0],
    ["number's consent ledger", report.texts?.ledgers ?? 0],
  ];
  return counts
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${count} ${what}`)
    .join(", ");
}

export function purgeExpired(store: PrivacyOperations, privacy: Privacy, now: Date): Promise<PurgeReport> {
  return store.purge(retentionCutoffs(now, privacy), now);
}
