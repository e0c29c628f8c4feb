import type { Kysely } from "kysely";
import type { VisitSource } from "../../forms/visitSource";
import type { FormName } from "../../forms/registry";
import type { StoredSubmission } from "../store/submission";
import type { WaiverText } from "../waiver";
import type { Database } from "../store/schema";
import type { StaffOperations } from "../staff/types";
import type { GivenConsent } from "../texts/types";

export interface NewSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  /** The validated fields, exactly as the server accepted them. */
  payload: Record<string, unknown>;
  /** Why it looks like spam ("honeypot"; "too-fast" in rows kept from before such a send was refused), or null. */
  spam: string | null;
  /**
   * Mail is set up: queue an e-mail to staff in the same transaction. A privacy request instead gets the
   * link that confirms it, mailed to the address it names; its staff e-mail waits for the confirmation.
   */
  notify: boolean;
  /**
   * Queue the lead for the gym's webhook in the same transaction (LEAD_WEBHOOK_URL is set). Absent is
   * false. Spam and privacy requests are never queued (outbox/webhookQueue.ts).
   */
  webhook?: boolean;
  /** Where the visit came from (lead_sources), when the form was sent by the page's script. */
  source?: VisitSource;
  /** A free-intro booking taken in the same transaction; its slot is held by the database's unique rule. */
  booking?: NewBooking;
  /** A kids' trial seat taken in the same transaction (kids/store.ts); its seat is held by the database's unique rule. */
  seat?: NewSeat;
  /**
   * Queue a confirmation to the visitor too, unless one went to the same address within
   * CONFIRMATION_INTERVAL_MS (intro/types.ts; so the form cannot be used to mail strangers again and again);
   * for a contact, sign-up or drop-in form its instant answer, unless one went to the address's key within
   * ANSWER_INTERVAL_MS (leads/answerStore.ts).
   */
  confirm?: boolean;
  /**
   * The visitor ticked "Text me about my enquiry" (a form with `texts` in its entry, and a phone): the
   * consent goes to the ledger in the same transaction (texts/consentLedger.ts), with the submission's
   * time, form and reference. Not for spam.
   */
  textConsent?: Omit<GivenConsent, "at" | "form" | "submission">;
  /** The site texts (the Twilio settings are there): a form with consent may be answered by text too. Absent is false. */
  texts?: boolean;
  /** A sign-up's or drop-in's waiver: its text is kept once per version, in the same transaction, as evidence. */
  waiver?: WaiverText;
  /**
   * A free-intro request from an address that already holds an upcoming intro (nothing booked): with
   * `confirm`, that address is mailed the booking it holds, with a new cancel link, unless it was mailed
   * about an intro within CONFIRMATION_INTERVAL_MS. The submission's payload says what time was asked for.
   */
  alreadyBooked?: { email: string };
  /**
   * A form sent without JavaScript (formPost.ts): the SHA-256 of its form and fields. The same one stored
   * within REPEAT_WINDOW_MS is a second press of Send, answered with the first one's reference.
   */
  fingerprint?: string;
  /**
   * A form sent without JavaScript: the SHA-256 of the random key its confirmation page's address
   * carries (handler.ts). Only that key opens the page on what was stored, for SENT_PAGE_MS; a repeat
   * of the send moves the first row to the repeat's key.
   */
  sentKeyHash?: string;
}

/** A time a form books with its submission (the free intro's: intro/bookings.ts takes it). */
export interface NewBooking {
  coach: string;
  start: Date;
  end: Date;
  /** Lower-cased, as the form stores it. */
  email: string;
}

/** A seat in a kids class a form books with its submission (the kids' trial class's: kids/store.ts takes it). */
export interface NewSeat {
  classStart: Date;
  classEnd: Date;
  /** The class's trial seats, as content/schedule.json offers them now. */
  seats: number;
  /** Lower-cased, as the form stores it. */
  email: string;
}

/** How long after a form is sent without JavaScript its confirmation page shows what was stored. */
export const SENT_PAGE_MS = 60 * 60 * 1000;

/** How long a form sent again the browser's way with the same fields counts as the same send. */
export const REPEAT_WINDOW_MS = 30 * 60 * 1000;

export interface InsertResult {
  /** Whether a confirmation to the visitor was queued (not when one went to that address within the hour). */
  confirmationQueued: boolean;
  /** The reference of the same send stored moments before (`fingerprint`): nothing new was stored. */
  repeatOf?: string;
}

export interface ListFilter {
  form?: FormName;
  since?: Date;
  includeSpam?: boolean;
}

/** The public forms' submissions (forms/store.ts). */
export interface SubmissionOperations {
  insert(submission: NewSubmission): Promise<InsertResult>;
  get(id: string): Promise<StoredSubmission | undefined>;
  /**
   * The submission whose confirmation page this key opens (`keyHash`, the SHA-256 of the key in its
   * address), spam included, if it was stored at or after `since`; otherwise undefined.
   */
  sentWithKey(id: string, keyHash: string, since: Date): Promise<StoredSubmission | undefined>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  /** Every submission (spam included) whose `email` field is this address (lower-cased), oldest first. */
  findByEmail(email: string): Promise<StoredSubmission[]>;
  /**
   * Moves a submission held as spam (a filled honeypot, or sent faster than a person types) into the
   * staff list, queuing its staff e-mail when `notify` and its webhook (as a new lead) when `webhook`; a
   * privacy request gets its confirmation link instead, as when it arrived. False when no held
   * submission has that reference.
   */
  restoreSpam(id: string, notify: boolean, now: Date, webhook?: boolean): Promise<boolean>;
}

/** What a form's step leaves for the end of insert's transaction: the visitor's mails; whether a confirmation was queued. */
export type Finish = () => Promise<boolean>;

/**
 * A form's own part of storing its submission, in insert's transaction, written in the form's feature
 * (the free intro's booking, intro/store.ts; a privacy request's link, privacy/requestStore.ts) and given
 * to the forms' store by app/store.ts.
 */
export interface FormStep {
  /**
   * Once the submission's row is written and before anything is queued for it: takes what it books (a
   * free intro's time), or refuses the whole submission by throwing. Returns what is left to do once
   * the staff alert and the lead's webhook are queued, if anything.
   */
  hold?(trx: Kysely<Database>, submission: NewSubmission): Promise<Finish | undefined>;
  /** The staff's alert, written its own way: a privacy request's is the link its person confirms it with, and the alert waits. */
  alert?(trx: Kysely<Database>, id: string, at: Date): Promise<void>;
}

/** Each form's own step, where it has one. */
export type FormSteps = Partial<Record<FormName, FormStep>>;

/**
 * What the staff's alert reads as it goes (staffAlert.ts): the accounts, and where the lead came from,
 * which the leads' store gives (`leadSource`, leads/store.ts) as the forms' store keeps it (lead_sources).
 */
export type StaffAlertStore = Pick<StaffOperations, "staffAccounts"> & {
  leadSource(id: string): Promise<VisitSource | null>;
};
