import type { DeletionRecord } from "./types";
import { daysBetween } from "../../content/dates";
import { PRIVACY_REQUESTS, type PrivacyRequestKind } from "../../forms/privacyRequest/rules";
import { requestDueDate } from "../content";
import type { ConfirmationState, OpenRequest, RequestConfirmationView } from "../../desk/privacy";
import type { StoredSubmission } from "../store/submission";
import type { PrivacyStore, RequestConfirmation } from "./types";
import { zonedToday } from "../../time/today";

export type { OpenRequest };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const hasHealthInfo = (s: StoredSubmission) => s.form === "signup" && s.payload.healthInfo !== undefined;

/** Where a request stands with its person, as the Privacy screen shows it. */
export function confirmationView(confirmation: RequestConfirmation | undefined, now: Date): RequestConfirmationView {
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  const expiresAt = confirmation?.expiresAt ?? null;
  const state: ConfirmationState = confirmation?.confirmedAt
    ? "confirmed"
    : !expiresAt
      ? "no-link"
      : expiresAt.getTime() > now.getTime()
        ? "waiting"
        : "expired";
  return {
    state,
    expiresAt: iso(expiresAt),
    mail: confirmation?.mail ? { status: confirmation.mail.status, sentAt: iso(confirmation.mail.sentAt) } : null,
    confirmedAt: iso(confirmation?.confirmedAt),
    confirmedBy: confirmation?.confirmedBy ?? null,
  };
}

/**
 * Privacy requests not held as spam and not marked answered: the confirmed ones first, the soonest due
 * first, then those waiting for their person, oldest first.
 */
export async function openRequests(store: PrivacyStore, now: Date, deletions: readonly DeletionRecord[] = []): Promise<OpenRequest[]> {
  const requests = await store.list({ form: "privacy-request" });
  const states = await store.leadStates(requests.map((r) => r.id));
  const open = requests.filter((r) => !states.get(r.id)?.answeredAt);
  const confirmations = await store.requestConfirmations(open.map((r) => r.id));
  const today = zonedToday(now).date;
  const rows = await Promise.all(
    open.map(async (r): Promise<OpenRequest> => {
      const email = text(r.payload.email);
      const held = await store.findByEmail(email);
      const kind = r.payload.request;
      const confirmedAt = confirmations.get(r.id)?.confirmedAt;
      const dueOn = confirmedAt ? requestDueDate(confirmedAt) : null;
      return {
        reference: r.id,
        received: r.createdAt.toISOString(),
        name: text(r.payload.name),
        email,
        request: (PRIVACY_REQUESTS as readonly unknown[]).includes(kind) ? (kind as PrivacyRequestKind) : null,
        details: text(r.payload.details),
        confirmation: confirmationView(confirmations.get(r.id), now),
        dueOn,
        daysLeft: dueOn === null ? null : daysBetween(today, dueOn),
        held: held.map((s) => s.id),
        withHealthInfo: held.filter(hasHealthInfo).map((s) => s.id),
        dataDeletedAt:
          [...deletions]
            .reverse()
            .find((d) => d.requestedBy === r.id)
            ?.deletedAt.toISOString() ?? null,
      };
    }),
  );
  const order = (r: OpenRequest) => r.daysLeft ?? Number.POSITIVE_INFINITY;
  return rows.sort((a, b) => order(a) - order(b) || (a.received < b.received ? -1 : 1));
}
