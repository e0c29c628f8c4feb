import { personOf } from "../forms/fields";
import type { LeadSummary } from "../../desk/leads";
import type { StoredSubmission } from "../store/submission";
import type { LeadState } from "./types";
import { site } from "../content";
import { responseTime } from "./responseTime";

export type { LeadSummary };

/** A lead still New this long after it arrived is marked late: speed decides whether it becomes a member. */
export const LATE_AFTER_MS = 3_600_000;

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
    response: state?.firstResponseAt ? responseTime(submission.createdAt, state.firstResponseAt, site) : null,
    spam: submission.spam,
  };
}
