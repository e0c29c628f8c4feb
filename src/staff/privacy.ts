import type { PrivacyRequestKind } from "../forms/privacyRequest";

/**
 * The privacy requests as GET /api/staff/privacy answers them (src/server/privacy/requests.ts writes
 * them; the Privacy screen reads them). Pure: the browser and the server share it.
 */
/** A privacy request not yet answered, with what the gym holds for its address. */
export interface OpenRequest {
  reference: string;
  received: string;
  name: string;
  email: string;
  request: PrivacyRequestKind | null;
  details: string;
  /** The last day to answer, a date at the gym (content/privacy.json requestResponseDays after it came). */
  dueOn: string;
  /** Days from today at the gym to `dueOn`: 0 is the last day, below 0 is late. */
  daysLeft: number;
  /** The references of every submission of the address, this request included. */
  held: string[];
  /** Sign-ups of the address that still hold health information (what withdrawing consent removes). */
  withHealthInfo: string[];
}
