import { zonedToday } from "../../content/dates";
import { daysBetween } from "../../forms/dateRules";
import { answerDueDate, PRIVACY_REQUESTS, type PrivacyRequestKind } from "../../forms/privacyRequest";
import { privacy, site } from "../content";
import type { OpenRequest } from "../../staff/privacy";
import type { StoredSubmission, SubmissionStore } from "../store/types";

export type { OpenRequest };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const hasHealthInfo = (s: StoredSubmission) => s.form === "signup" && s.payload.healthInfo !== undefined;

/**
 * The last day to answer a request confirmed at `confirmedAt` (the time to answer starts when its person
 * confirms it), a date at the gym: the rule the form, the confirm page, the staff alert and the console share.
 */
export function dueDate(confirmedAt: Date): string {
  return answerDueDate(zonedToday(confirmedAt, site.timeZone).date, privacy.requestResponseDays);
}

/** Privacy requests not held as spam and not marked answered, the soonest due first. */
export async function openRequests(store: SubmissionStore, now: Date): Promise<OpenRequest[]> {
  const requests = await store.list({ form: "privacy-request" });
  const states = await store.leadStates(requests.map((r) => r.id));
  const today = zonedToday(now, site.timeZone).date;
  const open = requests.filter((r) => !states.get(r.id)?.answeredAt);
  const rows = await Promise.all(
    open.map(async (r): Promise<OpenRequest> => {
      const email = text(r.payload.email);
      const held = await store.findByEmail(email);
      const kind = r.payload.request;
      const dueOn = dueDate(r.createdAt);
      return {
        reference: r.id,
        received: r.createdAt.toISOString(),
        name: text(r.payload.name),
        email,
        request: (PRIVACY_REQUESTS as readonly unknown[]).includes(kind) ? (kind as PrivacyRequestKind) : null,
        details: text(r.payload.details),
        dueOn,
        daysLeft: daysBetween(today, dueOn),
        held: held.map((s) => s.id),
        withHealthInfo: held.filter(hasHealthInfo).map((s) => s.id),
      };
    }),
  );
  return rows.sort((a, b) => a.daysLeft - b.daysLeft || (a.received < b.received ? -1 : 1));
}
