import { personOf } from "../forms/fields";
import type { LeadSummary } from "../../desk/leads";
import type { StoredSubmission } from "../store/submission";
import type { LeadState, PersonRecord } from "./types";
import { site } from "../content";
import { responseTime } from "./responseTime";

export type { LeadSummary };

/** A lead still New this long after it arrived is marked late: speed decides whether it becomes a member. */
export const LATE_AFTER_MS = 3_600_000;

/** A person as the console lists them: who (their newest form's name and address), their state, how long they wait. */
export function personSummary(person: PersonRecord, forms: readonly StoredSubmission[], now: Date): LeadSummary {
  const newest = forms.at(-1);
  const { state } = person;
  const who = newest ? personOf(newest.payload) : { name: "", email: "", phone: "" };
  const phone =
    who.phone ||
    [...forms]
      .reverse()
      .map((form) => personOf(form.payload).phone)
      .find(Boolean) ||
    "";
  const waiting = state.waitingSince ?? null;
  return {
    id: person.id,
    form: newest?.form ?? "contact",
    receivedAt: (newest?.createdAt ?? person.createdAt).toISOString(),
    ...who,
    phone,
    status: state.status,
    followUpOn: state.followUpOn,
    late: waiting !== null && now.getTime() - waiting.getTime() > LATE_AFTER_MS,
    response: state.firstResponseAt ? responseTime(person.createdAt, state.firstResponseAt, site) : null,
    spam: null,
    waitingSince: waiting?.toISOString() ?? null,
    forms: forms.length,
  };
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
    response: state?.firstResponseAt ? responseTime(submission.createdAt, state.firstResponseAt, site) : null,
    spam: submission.spam,
  };
}
