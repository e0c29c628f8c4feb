import type { ColumnType, Generated } from "kysely";
import type { ConfirmedBy } from "../../forms/privacyRequest/rules";
import type { FormName } from "../../forms/registry";
import type { StaffRole } from "../../desk/roles";
import type { Attendance, CallOutcome, LeadStatus, PersonStatus } from "../../desk/leads";
import { KINDS_23 } from "./migrations/023-text-desk";

/**
 * The tables the migrations create (migrations/), as Kysely types them: every query is written once
 * against these, for both databases.
 *
 * Where the databases keep a value differently, the column's type says both, and each dialect's codec
 * (dialect.ts) is the one place that writes or reads it:
 * - a timestamp is ISO-8601 text in SQLite (always `Date#toISOString()`, so that text order is time
 *   order) and timestamptz in PostgreSQL, which pg reads as a Date;
 * - a payload is JSON text in SQLite and JSONB in PostgreSQL, which pg parses; both are written as text.
 */
export type StoredTime = string | Date;
export type StoredJson = string | Record<string, unknown>;

/** A BIGSERIAL in PostgreSQL, which pg reads as text so no digit is lost; an INTEGER in SQLite. */
type AutoId = ColumnType<number | string, never, never>;

export interface SubmissionsTable {
  id: string;
  form: FormName;
  created_at: StoredTime;
  payload: ColumnType<StoredJson, string, string>;
  spam: string | null;
  /** A form sent without JavaScript: the SHA-256 of its form and fields, while a repeat would be one (migration 7). */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  /** A form sent without JavaScript: the SHA-256 of the key its confirmation page opens with (migration 12). */
  sent_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** A sales form's person (migration 14); null for members' forms, privacy requests and spam. */
  person_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OutboxStatus = "pending" | "sent" | "failed";

/**
 * What a message is: the staff alert of a submission, a visitor's booking confirmation, cancellation,
 * new time or reminder, a staff member's sign-in link, a lead delivered to the gym's webhook, or the
 * link that confirms a privacy request, mailed to the address the request names; a staff member's reply to
 * a lead, the reminder of a lead still New, the owner's morning digest; a kids' trial seat's
 * confirmation, reminder and cancellation, to the parent; the instant answer to a visitor's contact,
 * sign-up or drop-in form; the offer of a new time to a visitor who missed their free intro; the
 * owner's alert of a payment whose reference matches no form; a text message through Twilio (its row in
 * `texts` says to whom and what); the staff's alert of a text a person sent the gym (its row in `texts`
 * too). They are the kinds the outbox's CHECK allows, as the latest migration to change them set it
 * (23); the next migration that adds a kind is named here.
 */
export const OUTBOX_KINDS = KINDS_23;

export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxTable {
  id: AutoId;
  /** Null only for a sign-in link, which belongs to no submission. */
  submission_id: string | null;
  kind: Generated<OutboxKind>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: StoredTime | null;
  locked_until: StoredTime | null;
  last_error: string | null;
  sent_at: StoredTime | null;
  created_at: StoredTime;
  /** What the message needs beyond its submission (outbox/types.ts OutboxData); cleared once sent. */
  data: ColumnType<StoredJson | null, string | null | undefined, string | null>;
}

export interface IntroBookingsTable {
  submission_id: string;
  coach: string;
  starts_at: StoredTime;
  ends_at: StoredTime;
  email: string;
  cancelled_at: StoredTime | null;
  attendance: Attendance | null;
  /** The appointment's SEQUENCE in the visitor's calendar: raised by each reschedule. */
  sequence: Generated<number>;
  /** SHA-256 of the token in the visitor's own cancel link. */
  cancel_token_hash: string | null;
}

/** A seat a parent booked for their child in a kids class (migration 13): the child's details are in the payload. */
export interface KidsTrialsTable {
  submission_id: string;
  /** The class's start and end: a class is known by its start (the content checks keep two apart). */
  class_start: StoredTime;
  class_end: StoredTime;
  /** 1 to the class's trialSeats when booked; one active seat of each number per class (a unique index). */
  seat: number;
  /** Lower-cased, as the form stores it. */
  email: string;
  cancelled_at: StoredTime | null;
  /** SHA-256 of the token in the parent's own cancel link. */
  cancel_token_hash: string;
}

export interface DeletionsTable {
  id: AutoId;
  reference: string;
  form: FormName;
  received_at: StoredTime;
  deleted_at: StoredTime;
  requested_by: string;
}

export interface WaiversTable {
  version: string;
  text: string;
  first_accepted_at: StoredTime;
}

/** Written only by rate-limiter-flexible; `expire` is epoch milliseconds (a BIGINT, so text from pg). */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  expire: number | string | null;
}

export interface StaffAccountsTable {
  email: string;
  role: StaffRole;
  created_at: StoredTime;
  /** Since when this account gets no staff alert of a new lead (migration 15); null: it gets them. */
  lead_alerts_off_at: StoredTime | null;
  /** Which coach of content/intro.json this account is, for its "My intros" (migration 17); null: none. */
  intro_coach: string | null;
}

/** A signed-in browser: only the SHA-256 of its cookie's token is kept. */
export interface StaffSessionsTable {
  token_hash: string;
  email: string;
  created_at: StoredTime;
  last_seen_at: StoredTime;
}

/** A one-time sign-in link: only the SHA-256 of its token is kept. */
export interface SignInLinksTable {
  token_hash: string;
  email: string;
  created_at: StoredTime;
  expires_at: StoredTime;
  used_at: StoredTime | null;
}

/**
 * A request for a sign-in e-mail (migration 16), by the browser whose `__Host-staff-sign-in` cookie
 * hashes to `browser_hash`: for a staff address, the link the sender made for it and its code's hash.
 */
export interface SignInRequestsTable {
  browser_hash: string;
  /** The first 32 hex digits of the address's SHA-256: wrong codes are counted per address. */
  address_key: string;
  created_at: StoredTime;
  expires_at: StoredTime;
  /** Codes tried (a right one ends the request). */
  tries: Generated<number>;
  link_hash: string | null;
  code_hash: string | null;
}

/** A browser a staff member signed in on (migration 11): only the SHA-256 of its cookie's token is kept. */
export interface StaffDevicesTable {
  token_hash: string;
  email: string;
  created_at: StoredTime;
  /** A year after its latest sign-in; renewed by each. */
  expires_at: StoredTime;
}

/** A submission's place in the staff's pipeline; no row means New. */
export interface LeadsTable {
  submission_id: string;
  status: LeadStatus;
  /** A date at the gym, YYYY-MM-DD. */
  follow_up_on: string | null;
  /** For a privacy request: when staff marked it answered. */
  answered_at: StoredTime | null;
  updated_at: StoredTime;
  updated_by: string;
  /** When staff first answered the visitor (a status past New); written once (migration 8). */
  first_response_at: ColumnType<StoredTime | null, StoredTime | null | undefined, StoredTime | null>;
}

/**
 * A person in the staff's pipeline (migration 14): everyone whose sales forms share one of their address
 * keys (person_keys), with the pipeline's state, which is theirs and not a form's.
 */
export interface PeopleTable {
  /** "N-" and ten characters (src/server/forms/ids.ts). */
  id: string;
  /** Their first sales form's arrival. */
  created_at: StoredTime;
  status: PersonStatus;
  /** A date at the gym, YYYY-MM-DD. */
  follow_up_on: string | null;
  /** Since when a form of theirs waits for a staff member to speak to them; null when nobody waits. */
  waiting_since: StoredTime | null;
  /** When a staff member first spoke to them (a reply, a call that reached them or left a message, a text, a status change), and who. */
  first_response_at: StoredTime | null;
  first_response_by: string | null;
  updated_at: StoredTime;
  updated_by: string;
}

/**
 * The address keys (src/forms/addressKey.ts) a person's forms are filed by (migration 14): one when the
 * person is made, more once the owner merges two people; none for a person whose forms gave no address.
 */
export interface PersonKeysTable {
  email_key: string;
  person_id: string;
  /** The person made with this key (migration 18): a merge moves the key, never this. */
  made_for: string | null;
}

/** A person the owner merged into another (migration 14): a link to their reference opens the survivor. */
export interface MergedPeopleTable {
  /** The merged person's reference, "N-...". */
  id: string;
  /** The person they are now part of. */
  person_id: string;
}

export type PersonEventKind = "status" | "call" | "text" | "note" | "reply" | "follow-up" | "merge";
export type { CallOutcome };

/** One line of a person's timeline besides their forms and intro (migration 14). */
export interface PersonEventsTable {
  id: AutoId;
  person_id: string;
  at: StoredTime;
  /** A staff address, or VISITOR for what the visitor's own booking did. */
  actor: string;
  kind: PersonEventKind;
  /** kind "status": the new status. */
  status: PersonStatus | null;
  /** kind "call": how it went. */
  outcome: CallOutcome | null;
  /** A note's or reply's text, a follow-up date, or the merged person's reference. */
  body: string | null;
  /** The form it concerned, when it came from one (a note carried over by migration 14); goes with it. */
  submission_id: string | null;
  /**
   * The person it was written on, once a merge moved it to another (migration 18); null: the person it
   * is on; '' for a line a merge before migration 18 moved, whose person is not known.
   */
  written_on: string | null;
}

/** Each change of a lead's status: when, who (a staff address, or VISITOR for the visitor's own booking), to what. */
export interface LeadEventsTable {
  id: AutoId;
  submission_id: string;
  at: StoredTime;
  actor: string;
  status: LeadStatus;
}

/** Where a lead came from, as the visitor's browser kept it for the visit (migration 9); no row: unknown. */
export interface LeadSourcesTable {
  submission_id: string;
  /** The path the visit began on, e.g. "/programs/". */
  landing_page: string | null;
  /** The referring site's host only, e.g. "www.facebook.com". */
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** A reply the owner wrote once for many leads (migration 10): {name} and {intro} are filled in per lead. */
export interface ReplyTemplatesTable {
  id: AutoId;
  name: string;
  subject: string;
  body: string;
  updated_at: StoredTime;
  updated_by: string;
  /** How a template's message goes (migration 23): an e-mail reply, or a text (its subject empty). */
  channel: ColumnType<TemplateChannel, TemplateChannel | undefined, TemplateChannel>;
}

export type TemplateChannel = "email" | "text";

/** The owner's words for one form's instant answer (migration 19); a form without a row has the code's (src/desk/instantAnswers.ts). */
export interface AnswerWordsTable {
  form: string;
  text: string;
  updated_at: StoredTime;
  updated_by: string;
}

/** A form whose visitor was sent an instant answer (migration 19): its address key, so an address gets one a day. */
export interface InstantAnswersTable {
  submission_id: string;
  /** src/forms/addressKey.ts's key of the address answered. */
  email_key: string;
  answered_at: StoredTime;
}

/** A gym day whose morning digest was looked at (and queued, when it had anything in it). */
export interface DailyDigestsTable {
  /** A date at the gym, YYYY-MM-DD. */
  day: string;
  queued_at: StoredTime;
}

export interface LeadNotesTable {
  id: AutoId;
  submission_id: string;
  author: string;
  body: string;
  created_at: StoredTime;
}

/** Who did what in the staff console or the CLI: a reference as target, never a visitor's personal data. */
export interface AuditLogTable {
  id: AutoId;
  at: StoredTime;
  actor: string;
  action: string;
  target: string | null;
}

/**
 * How a privacy request was confirmed by the person it concerns (privacy/requestStore.ts): only the SHA-256 of
 * its link's token is kept, and the link's expiry; both null when no link was mailed.
 */
export interface RequestConfirmationsTable {
  submission_id: string;
  token_hash: string | null;
  expires_at: StoredTime | null;
  confirmed_at: StoredTime | null;
  confirmed_by: ConfirmedBy | null;
}

/**
 * A Stripe webhook event the site recorded (migration 21, src/server/payments/): once per Stripe event
 * id. Amounts in the currency's smallest unit (cents). No name or address: a deletion of the person keeps it.
 */
export interface PaymentsTable {
  id: AutoId;
  /** Stripe's `evt_...`. */
  event_id: string;
  kind: PaymentKind;
  /** The client_reference_id Stripe gave back (a sign-up's or drop-in's reference), as given; null when none. */
  reference: string | null;
  /** The form the reference is of, when it matched one; null for a reference nobody has. */
  form: string | null;
  /** Whose payment: the drop-in's person, or the person of the sign-up's address; null when none (or deleted). */
  person_id: string | null;
  amount: number | null;
  currency: string | null;
  /** What was bought, in the site's words: "signup:<plan>", "drop-in", or Stripe's payment link id when the reference matched nothing. */
  bought: string | null;
  /** A completed session's: "paid", "unpaid" (a bank payment on its way), "no_payment_required". */
  payment_status: string | null;
  session_id: string | null;
  customer_id: string | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  mode: "live" | "test";
  /** When Stripe made the event. */
  at: StoredTime;
  received_at: StoredTime;
}

export type PaymentKind = "completed" | "refunded" | "failed";
/** The ledger of each number's consent to texts (migration 22): append-only; a number's last event is its consent. */
export interface TextConsentsTable {
  id: AutoId;
  /** E.164. */
  phone: string;
  event: TextConsentEvent;
  at: StoredTime;
  /** given: the exact words the person was shown beside the box, and their version (src/server/texts/consent.ts). */
  disclosure: string | null;
  disclosure_version: string | null;
  /** given: the page the form was on (its path), the form, and the submission's reference. */
  page: string | null;
  form: string | null;
  submission_ref: string | null;
  /** given: the connection the form came from, as the rate limit keys it (an IPv4 address, an IPv6 /64). */
  connection: string | null;
  /** ended, restored: the word texted (STOP, START...), or why else (Twilio's opt-out error 21610). */
  keyword: string | null;
}

export type TextConsentEvent = "given" | "ended" | "restored";

/**
 * When the gym last handed each number a text (migration 24): the consent ledger's period counts from
 * it, as a claim about a text can come years after it and the texts themselves go sooner.
 */
export interface TextNumbersTable {
  /** E.164. */
  phone: string;
  last_texted_at: StoredTime;
}
/**
 * A STOP kept after its number's ledger went (migration 25): the number's SHA-256, never the number.
 * A form's box records no consent for it until the phone texts START (texts/consentLedger.ts).
 */
export interface TextOptOutsTable {
  phone_hash: string;
  /** When the STOP was texted. */
  at: StoredTime;
}
export type TextDirection = "in" | "out";

/** A text to or from a person (migration 22). */
export interface TextsTable {
  id: AutoId;
  person_id: string | null;
  /** The form an automated text answers (the instant answer); it goes with that form. */
  submission_id: string | null;
  /** E.164: the person's number, whichever way the text went. */
  phone: string;
  direction: TextDirection;
  body: string;
  at: StoredTime;
  /** out: the staff address that wrote it, or else the automation that did (`automation`). */
  sent_by: string | null;
  automation: string | null;
  /** Twilio's message sid (SM...), once Twilio took it. */
  sid: string | null;
  /** src/server/texts/types.ts's TextStatus, or the last status Twilio reported. */
  status: string;
  status_at: StoredTime;
  /** Why it was not sent, or Twilio's error code for a failed delivery: never personal data. */
  error: string | null;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: StoredTime;
}

export interface Database {
  submissions: SubmissionsTable;
  outbox: OutboxTable;
  intro_bookings: IntroBookingsTable;
  kids_trials: KidsTrialsTable;
  deletions: DeletionsTable;
  waivers: WaiversTable;
  rate_limits: RateLimitsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  sign_in_links: SignInLinksTable;
  sign_in_requests: SignInRequestsTable;
  staff_devices: StaffDevicesTable;
  people: PeopleTable;
  person_keys: PersonKeysTable;
  merged_people: MergedPeopleTable;
  person_events: PersonEventsTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  lead_events: LeadEventsTable;
  lead_sources: LeadSourcesTable;
  reply_templates: ReplyTemplatesTable;
  answer_words: AnswerWordsTable;
  instant_answers: InstantAnswersTable;
  daily_digests: DailyDigestsTable;
  audit_log: AuditLogTable;
  request_confirmations: RequestConfirmationsTable;
  payments: PaymentsTable;
  text_consents: TextConsentsTable;
  text_numbers: TextNumbersTable;
  text_opt_outs: TextOptOutsTable;
  texts: TextsTable;
  schema_migrations: SchemaMigrationsTable;
}
