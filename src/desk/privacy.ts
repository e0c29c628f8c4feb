import type { ConfirmedBy, PrivacyRequestKind } from "../forms/privacyRequest/rules";

/**
 * The privacy requests as GET /api/staff/privacy answers them (src/server/privacy/requests.ts writes
 * them; the Privacy screen reads them), and the sentences the console, its API and the CLI share. Pure:
 * the browser and the server share it.
 */

export const CONFIRMED_BY_WORDS: Record<ConfirmedBy, string> = {
  link: "by the visitor's link",
  "in-person": "checked in person",
  phone: "checked by phone",
  email: "checked by e-mail",
};

/**
 * Where a request stands with its person: "confirmed"; "waiting" while its link works; "expired" once it
 * ran out unused; "no-link" when none was mailed (mail was not set up, or the request is older than links).
 */
export type ConfirmationState = "confirmed" | "waiting" | "expired" | "no-link";

export interface RequestConfirmationView {
  state: ConfirmationState;
  /** When the link stops (or stopped) working. */
  expiresAt: string | null;
  /** The link's e-mail: "sent" with when, or still "pending" in the outbox, or "failed" there. */
  mail: { status: "pending" | "sent" | "failed"; sentAt: string | null } | null;
  confirmedAt: string | null;
  confirmedBy: ConfirmedBy | null;
}

/** A privacy request not yet answered, with what the gym holds for its address. */
export interface OpenRequest {
  reference: string;
  received: string;
  name: string;
  email: string;
  request: PrivacyRequestKind | null;
  details: string;
  confirmation: RequestConfirmationView;
  /**
   * The last day to answer, a date at the gym (content/privacy.json requestResponseDays after the
   * request was confirmed); null until it is.
   */
  dueOn: string | null;
  /** Days from today at the gym to `dueOn`: 0 is the last day, below 0 is late; null until confirmed. */
  daysLeft: number | null;
  /** The references of every submission of the address, this request included. */
  held: string[];
  /** Sign-ups of the address that still hold health information (what withdrawing consent removes). */
  withHealthInfo: string[];
  /** When its data was deleted at this request (the request itself is kept until answered); null if not. */
  dataDeletedAt: string | null;
}

/**
 * Why export, deletion or withdrawing consent is refused on a request its person has not confirmed, and
 * what to do: the console's API answers it (409) and the CLI prints it, with `done` saying that nothing
 * was done; the Privacy screen shows it beside the request, saying what waits.
 */
export function notConfirmedYet(reference: string, done = "Nothing was done."): string {
  return (
    `${reference} is not confirmed yet: until the person whose address it names uses the link we e-mail them, or you check ` +
    `another way that it is them, it may not be theirs. ${done} Wait for them to confirm, or, once you have checked, ` +
    `record it with: npm run submissions -- verify-request ${reference} --how in-person (or phone, or email).`
  );
}

/**
 * Who a text-only person's reference names, before anything is done to them: their texts' count and
 * days, and the number's last digits (GET /api/staff/privacy?person=, src/server/privacy/textOnly.ts).
 */
export interface TextOnlySummary {
  reference: string;
  texts: number;
  firstAt: string | null;
  lastAt: string | null;
  /** The last four digits of each number they texted from. */
  phoneEndings: string[];
}
