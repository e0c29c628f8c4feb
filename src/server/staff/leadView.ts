import { personOf } from "../leadFields";
import type { FormName, LeadState, LeadStatus, StoredSubmission } from "../store/types";

/** A lead still New this long after it arrived is marked late: speed decides whether it becomes a member. */
export const LATE_AFTER_MS = 3_600_000;

/** A lead as the console lists it (src/staff/leads.ts has the same shape for the browser). */
export interface LeadSummary {
  id: string;
  form: FormName;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  followUpOn: string | null;
  late: boolean;
  spam: string | null;
}

export function leadSummary(submission: StoredSubmission, state: LeadState | null | undefined, now: Date): LeadSummary {
  const status = state?.status ?? "new";
  return {
    id: submission.id,
    form: submission.form,
    receivedAt: submission.createdAt.toISOString(),
    ...personOf(submission.payload),
    status,
    followUpOn: state?.followUpOn ?? null,
    late: status === "new" && !submission.spam && now.getTime() - submission.createdAt.getTime() > LATE_AFTER_MS,
    spam: submission.spam,
  };
}
