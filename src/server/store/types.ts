import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { ConfirmedBy, OwnerCheck } from "../../forms/privacyRequest";

import type { FormName } from "../../forms/registry";

export interface NewSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  /** The validated fields, exactly as the server accepted them. */
  payload: Record<string, unknown>;
  /** Why it looks like spam ("honeypot", "too-fast"), or null for a real submission. */
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
  /** A free-intro booking taken in the same transaction; its slot is held by the database's unique rule. */
  booking?: NewBooking;
  /**
   * Queue a confirmation to the visitor too, unless one went to the same address within
   * CONFIRMATION_INTERVAL_MS (so the form cannot be used to mail strangers again and again).
   */
  confirm?: boolean;
  /** A sign-up's or drop-in's waiver: its text is kept once per version, in the same transaction, as evidence. */
  waiver?: WaiverText;
  /**
   * A free-intro request from an address that already holds an upcoming intro (nothing booked): with
   * `confirm`, that address is mailed the booking it holds, with a new cancel link, unless it was mailed
   * about an intro within CONFIRMATION_INTERVAL_MS. The submission's payload says what time was asked for.
   */
  alreadyBooked?: { email: string };
}

/** A waiver as published: `version` is the SHA-256 of `text` (src/server/forms/waiver.ts). */
export interface WaiverText {
  version: string;
  text: string;
}

export interface StoredWaiver extends WaiverText {
  /** When a sign-up or drop-in first accepted this version. */
  firstAcceptedAt: Date;
}

/** A privacy request's reference: "P-" and ten Crockford base32 characters (src/server/forms/ids.ts). */
export type PrivacyReference = `P-${string}`;
export const PRIVACY_REFERENCE = /^P-[0-9A-HJKMNP-TV-Z]{10}$/;

/**
 * Who asked for a deletion: a privacy request's reference, "staff", or "retention" for `purge`. Never a
 * name or other free text: the database refuses anything else (migration 4), as the log outlives the data.
 */
export type DeletionReason = { kind: "request"; requestedBy: PrivacyReference | "staff" } | { kind: "retention" };

export const requesterOf = (reason: DeletionReason): string => (reason.kind === "retention" ? "retention" : reason.requestedBy);

/** What is kept after a submission is deleted: no personal data, only that it existed and why it went. */
export interface DeletionRecord {
  reference: string;
  form: FormName;
  receivedAt: Date;
  deletedAt: Date;
  /** A privacy request's reference, "staff", or "retention". */
  requestedBy: string;
}

/** What `purge` deletes: spam received before `spamBefore`, and each listed form received before its date. */
export interface PurgeCutoffs {
  spamBefore: Date;
  forms: ReadonlyArray<{ form: FormName; before: Date }>;
}

export interface PurgeReport {
  spam: number;
  /** Real (non-spam) submissions deleted, per listed form (0 included). */
  forms: Partial<Record<FormName, number>>;
}

export interface NewBooking {
  coach: string;
  start: Date;
  end: Date;
  /** Lower-cased, as the form stores it. */
  email: string;
}

export const CONFIRMATION_INTERVAL_MS = 3_600_000;

/** `insert` throws this when the coach already has an active booking overlapping that time. */
export class SlotTakenError extends Error {
  constructor(coach: string, start: Date) {
    super(`${coach} is already booked at ${start.toISOString()}`);
    this.name = "SlotTakenError";
  }
}

/**
 * `insert` throws this when the address already holds an active booking that has not ended: one free
 * intro per person, so nobody can fill the coaches' calendar.
 */
export class AlreadyBookedError extends Error {
  constructor() {
    super("This address already has an upcoming free intro");
    this.name = "AlreadyBookedError";
  }
}

/**
 * Whether an error is one of the store's own, by name: each Gatsby Function is a bundle with its own
 * copy of these classes, while the open store is shared by every function in the process
 * (processState), so `instanceof` fails whenever another function opened it.
 */
export const isSlotTaken = (error: unknown): boolean => error instanceof Error && error.name === "SlotTakenError";
export const isAlreadyBooked = (error: unknown): boolean => error instanceof Error && error.name === "AlreadyBookedError";

export interface InsertResult {
  /** Whether a confirmation to the visitor was queued (not when one went to that address within the hour). */
  confirmationQueued: boolean;
}

export interface Booking {
  coach: string;
  start: Date;
  end: Date;
  cancelledAt: Date | null;
  submission: StoredSubmission;
}

export type CancelResult = "cancelled" | "already-cancelled" | "not-found";

export type Attendance = "attended" | "no-show";

/** A booking as the staff's intro screen shows it. */
export interface IntroBooking extends Booking {
  attendance: Attendance | null;
  /** The appointment's SEQUENCE in the visitor's calendar. */
  sequence: number;
}

/** The reminder is due this long before an intro starts... */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;
/** ...unless that is less than this after the booking (or its new time) was made: the visitor was just told. */
export const REMINDER_MARGIN_MS = 6 * 3_600_000;

export interface StoredSubmission {
  id: string;
  form: FormName;
  createdAt: Date;
  payload: Record<string, unknown>;
  spam: string | null;
}

export type OutboxStatus = "pending" | "sent" | "failed";
/**
 * What a message is: the staff alert of a submission, a visitor's booking confirmation, cancellation,
 * new time or reminder, a staff member's sign-in link, a lead delivered to the gym's webhook, or the
 * link that confirms a privacy request, mailed to the address the request names.
 */
export const OUTBOX_KINDS = [
  "staff",
  "confirmation",
  "sign-in",
  "cancellation",
  "reschedule",
  "reminder",
  "webhook",
  "privacy-confirm",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * What a message needs beyond its submission, kept until it is sent: a sign-in link's address and
 * token, a visitor's cancel token, a webhook's event. Cleared when sent, so no token outlives its mail.
 */
export interface OutboxData {
  /**
   * sign-in: the staff address and the link's token (its hash is in sign_in_links). privacy-confirm: the
   * token of the link that confirms the request (its hash is in request_confirmations), and when it stops working.
   */
  to?: string;
  token?: string;
  expiresAt?: string;
  /** confirmation, reschedule, reminder: the token of the visitor's own cancel link. */
  cancelToken?: string;
  /** reschedule and cancellation: the appointment's SEQUENCE in the visitor's calendar. */
  sequence?: number;
  /**
   * confirmation: sent because this address asked for another intro (at `askedStart`, ISO) while it
   * holds this one; it tells the booking held and a new cancel link (the earlier mails' links stop working).
   */
  alreadyBooked?: { askedStart: string };
  /** webhook: what happened, and the ID the receiver de-duplicates by. */
  event?: "lead.created" | "lead.status";
  status?: LeadStatus;
  deliveryId?: string;
}

export const STAFF_ROLES = ["owner", "coach"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const LEAD_STATUSES = ["new", "contacted", "intro-booked", "joined", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface OutboxMessage {
  id: number;
  /** Null only for a sign-in link. */
  submissionId: string | null;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  data: OutboxData | null;
}

export interface ClaimedMessage extends OutboxMessage {
  /** Undefined only for a sign-in link. */
  submission?: StoredSubmission;
}

export interface ListFilter {
  form?: FormName;
  since?: Date;
  includeSpam?: boolean;
}

/**
 * A limiter counting in the store's rate_limits table. Both of rate-limiter-flexible's SQL limiters
 * have `clearExpired` (rows that expired before the given time, in ms); its types leave it out.
 */
export type StoreLimiter = RateLimiterAbstract & { clearExpired(expiredBeforeMs: number): Promise<unknown> };

export interface RateLimiterOptions {
  /** Keeps the counts of different limiters apart in the one table. */
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

/** rate-limiter-flexible's settings shared by both databases: our migration creates the table. */
export const limiterSettings = ({ keyPrefix, points, durationSeconds }: RateLimiterOptions) => ({
  tableName: "rate_limits",
  tableCreated: true,
  // Swept by http/rateLimit.ts's sweepLimits instead: the library's SQLite timer stops after one failure.
  clearExpiredByTimeout: false,
  keyPrefix,
  points,
  duration: durationSeconds,
});

/** A privacy request's confirmation, as the owner's Privacy screen shows it. */
export interface RequestConfirmation {
  /** When its link stops working; null when no link was mailed (mail not set up, or a request older than links). */
  expiresAt: Date | null;
  confirmedAt: Date | null;
  confirmedBy: ConfirmedBy | null;
  /** The e-mail that carries the link, the newest if there were several; null when there is none. */
  mail: { status: OutboxStatus; sentAt: Date | null } | null;
}

/** What a confirmation link did: the request it confirmed (now or before), or why nothing. */
export type ConfirmOutcome =
  { state: "confirmed" | "already-confirmed"; reference: string; confirmedAt: Date } | { state: "expired" | "unknown" };

/** What the owner's check did: confirmed the request, or it was already, or there is no such request to confirm. */
export type VerifyOutcome =
  | { state: "verified"; confirmedAt: Date }
  | { state: "already-confirmed"; confirmedAt: Date; confirmedBy: ConfirmedBy }
  | { state: "not-found" }
  | { state: "spam" };

/**
 * Privacy requests confirmed by their person (privacy/requestStore.ts). A real request's link is minted with it
 * (insert, or restoreSpam) when mail is set up; its staff alert waits for the confirmation, which starts
 * the time to answer.
 */
export interface RequestOperations {
  /** The confirmation of each given privacy request that has one; a request without one is not confirmed and had no link. */
  requestConfirmations(ids: readonly string[]): Promise<Map<string, RequestConfirmation>>;
  /**
   * Spends a link by its token's hash: only its first use before it expires confirms the request, and
   * then, with `notify`, queues the request's staff alert in the same transaction.
   */
  confirmRequest(tokenHash: string, at: Date, options: { notify: boolean }): Promise<ConfirmOutcome>;
  /**
   * The owner checked another way that the request comes from its person: confirms it as `how`, even
   * once its link expired (or when none was mailed), and with `notify` queues its staff alert.
   */
  verifyRequest(id: string, how: OwnerCheck, at: Date, options: { notify: boolean }): Promise<VerifyOutcome>;
}

/**
 * Where submissions live. On either database (SQLite file, PostgreSQL) it commits a submission and its
 * outbox message together before `insert` resolves, so an acknowledged submission is never lost.
 */
export interface SubmissionStore extends StaffOperations, LeadOperations, InboxOperations, IntroOperations, RequestOperations {
  readonly kind: "sqlite" | "postgres";
  insert(submission: NewSubmission): Promise<InsertResult>;
  get(id: string): Promise<StoredSubmission | undefined>;
  list(filter?: ListFilter): Promise<StoredSubmission[]>;
  /**
   * Locks up to `limit` due messages for `lockMs`, so two senders never take the same one. Only the
   * given kinds when `kinds` is set: a sender without SMTP leaves the mail waiting and takes the webhooks.
   */
  claimDue(now: Date, limit: number, lockMs: number, kinds?: readonly OutboxKind[]): Promise<ClaimedMessage[]>;
  markSent(messageId: number, at: Date): Promise<void>;
  /** Records a failed attempt; `retryAt` null gives up (the message stays visible as failed). */
  markFailed(messageId: number, error: string, retryAt: Date | null): Promise<void>;
  outbox(statuses?: readonly OutboxStatus[]): Promise<OutboxMessage[]>;
  /** Puts failed messages back in the queue (staff use it after fixing the mail settings). */
  retryFailed(now: Date): Promise<number>;
  /**
   * Sends one unsent message at the next delivery: a failed one is queued again, a pending one waiting
   * out its backoff is due now. False when no unsent message has that id (sent, or deleted).
   */
  retryMessage(messageId: number, now: Date): Promise<boolean>;
  /**
   * Moves a submission held as spam (a filled honeypot, or sent faster than a person types) into the
   * staff list, queuing its staff e-mail when `notify` and its webhook (as a new lead) when `webhook`; a
   * privacy request gets its confirmation link instead, as when it arrived. False when no held
   * submission has that reference.
   */
  restoreSpam(id: string, notify: boolean, now: Date, webhook?: boolean): Promise<boolean>;
  /** Active bookings that end after `from` (the times no visitor may take). */
  takenSlots(from: Date): Promise<Array<{ coach: string; start: Date; end: Date }>>;
  /** Bookings starting at or after `from`, cancelled ones included, soonest first. */
  bookings(from: Date): Promise<Booking[]>;
  /** Every submission (spam included) whose `email` field is this address (lower-cased), oldest first. */
  findByEmail(email: string): Promise<StoredSubmission[]>;
  /**
   * Deletes these submissions with their outbox rows and bookings, and records a DeletionRecord for each,
   * in one transaction. Returns the references deleted (unknown ones are skipped). Nothing of the
   * deleted rows stays readable in the database's files (SQLite: secure_delete, VACUUM and a TRUNCATE
   * checkpoint of the WAL). PostgreSQL's files keep dead row versions until autovacuum reuses the space.
   */
  deleteSubmissions(ids: readonly string[], reason: DeletionReason, at: Date): Promise<string[]>;
  /**
   * A member withdrew consent for their health information (My Health My Data Act) but keeps their
   * membership: removes `healthInfo` and `healthConsent` from this submission's payload and deletes its
   * outbox rows still pending or failed (their e-mail would carry the text; sent ones stay as the record),
   * in one transaction. False when there is no such submission or it holds no healthInfo. The old text is
   * wiped from the files as for `deleteSubmissions` (SQLite; PostgreSQL's dead row versions likewise wait
   * for autovacuum). A message a sender has already claimed may still go out.
   */
  forgetHealth(id: string): Promise<boolean>;
  /** Applies the retention rules; real submissions get a DeletionRecord, spam is only counted. Wiped as above. */
  purge(cutoffs: PurgeCutoffs, at: Date): Promise<PurgeReport>;
  deletions(): Promise<DeletionRecord[]>;
  /** Every waiver text a sign-up or drop-in has accepted, oldest first. */
  waivers(): Promise<StoredWaiver[]>;
  /** A limiter counting in this store's rate_limits table, shared by every process using the store. */
  rateLimiter(options: RateLimiterOptions): StoreLimiter;
  close(): Promise<void>;
}

export interface StaffAccount {
  email: string;
  role: StaffRole;
  createdAt: Date;
}

export interface StaffSession {
  email: string;
  role: StaffRole;
  createdAt: Date;
  lastSeenAt: Date;
}

/** What a sign-in link gives: the account it signs in, or why it cannot. */
export type LinkResult = Pick<StaffAccount, "email" | "role"> | "used" | "expired" | "unknown";

export interface AuditEntry {
  at: Date;
  /** A staff member's address, or "cli" for the terminal. */
  actor: string;
  /** What was done, e.g. "lead.status", "privacy.delete", "staff.add". */
  action: string;
  /** A submission reference or a staff address; never a visitor's personal data. */
  target?: string | null;
}

/**
 * Staff accounts, sign-in links, sessions and the audit log (staff/store.ts). Addresses are lower-cased
 * by the caller; tokens reach the store only as SHA-256 hashes, except a new link's token, which its
 * outbox message holds until the link is mailed.
 */
export interface StaffOperations {
  /**
   * Adds an account or changes its role. "last-owner": it is the only owner, and would no longer be one
   * (the check and the change are one transaction, so two owners demoting each other leave one).
   */
  addStaff(email: string, role: StaffRole, at: Date): Promise<"added" | "updated" | "unchanged" | "last-owner">;
  staffAccount(email: string): Promise<StaffAccount | undefined>;
  staffAccounts(): Promise<StaffAccount[]>;
  /** Removes the account with its sessions and links: that person is signed out at once. "last-owner" as for addStaff. */
  removeStaff(email: string): Promise<"removed" | "not-found" | "last-owner">;
  /** Queues a request for a sign-in link: the same one outbox row whoever the address belongs to. */
  requestSignIn(email: string, at: Date): Promise<void>;
  /**
   * The sender's step before mailing a sign-in request (message `messageId`): makes its link for a staff
   * address (or, on a fresh install, for `firstOwner`, who becomes the owner), or gives the link an earlier
   * attempt made while it can still sign in. Otherwise the message is deleted and the reason returned.
   */
  issueSignInLink(
    request: { messageId: number; email: string; requestedAt: Date; token?: string },
    at: Date,
    firstOwner?: string,
  ): Promise<{ token: string } | { drop: "not-staff" | "expired" | "link-gone" }>;
  /** Spends a link: only the first use before it expires signs in. */
  useSignInLink(tokenHash: string, now: Date): Promise<LinkResult>;
  createSession(tokenHash: string, email: string, at: Date): Promise<void>;
  findSession(tokenHash: string): Promise<StaffSession | undefined>;
  touchSession(tokenHash: string, at: Date): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /** Ends every session of the address and voids its unused sign-in links; returns how many sessions. */
  endSessions(email: string): Promise<number>;
  audit(entry: AuditEntry): Promise<void>;
  /** The newest entries first. */
  auditLog(limit: number): Promise<AuditEntry[]>;
}

/** A lead's state in the staff's pipeline (no row yet: New, no follow-up). */
export interface LeadState {
  status: LeadStatus;
  /** A date at the gym, YYYY-MM-DD. */
  followUpOn: string | null;
  /** For a privacy request: when staff marked it answered. */
  answeredAt: Date | null;
  updatedAt: Date;
  updatedBy: string;
}

/** What a staff member changes on a lead: only the fields given (followUpOn null clears the date). */
export interface LeadChange {
  status?: LeadStatus;
  followUpOn?: string | null;
  answered?: boolean;
}

export interface LeadNote {
  author: string;
  body: string;
  createdAt: Date;
}

/** The staff's pipeline beside the submissions (leads/store.ts). */
export interface LeadOperations {
  /**
   * False when no submission has that reference. With `webhook` (LEAD_WEBHOOK_URL is set), a change of
   * status queues a "lead.status" webhook in the same transaction.
   */
  updateLead(id: string, change: LeadChange, by: string, at: Date, options?: { webhook?: boolean }): Promise<boolean>;
  /** False when no submission has that reference. */
  addNote(id: string, author: string, body: string, at: Date): Promise<boolean>;
  /** The state of each given submission that has one. */
  leadStates(ids: readonly string[]): Promise<Map<string, LeadState>>;
  /** A lead's notes, oldest first. */
  notes(id: string): Promise<LeadNote[]>;
}

export const INBOX_VIEWS = ["new", "follow-up", "all", "spam"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Which leads the staff's list shows. */
export interface InboxFilter {
  /** "new": still New; "follow-up": follow-up date on or before `today`, not Joined or Lost; "spam": only spam (the others hide it). */
  view: InboxView;
  /** Today at the gym, YYYY-MM-DD. */
  today: string;
  form?: FormName;
  /** Forms left out whatever the view (a coach never sees privacy requests). */
  exceptForms?: readonly FormName[];
  status?: LeadStatus;
  /** The most rows returned. */
  limit: number;
}

export interface InboxLead {
  submission: StoredSubmission;
  /** Null until staff first change the lead: New, no follow-up date. */
  state: LeadState | null;
}

/** The staff's lead list (leads/inbox.ts). */
export interface InboxOperations {
  /** Newest first; `more` when further rows matched beyond `limit`. */
  inbox(filter: InboxFilter): Promise<{ leads: InboxLead[]; more: boolean }>;
}

/**
 * Free intros as staff and visitors change them (intro/store.ts). Each change tells the visitor through
 * the outbox in the same transaction, and only when they were mailed the booking in the first place.
 */
export interface IntroOperations {
  /**
   * Frees a booking's slot, drops its unsent confirmation, reminder and new-time mails, and queues a
   * cancellation for a visitor who was mailed the booking; the submission stays.
   */
  cancelBooking(id: string, at: Date): Promise<CancelResult>;
  /** The visitor's own link (the token's hash): "past" once the intro has begun; it cancels only its own booking. */
  cancelByToken(tokenHash: string, at: Date): Promise<CancelResult | "past">;
  /** Active bookings starting at or after `from`, soonest first. */
  upcomingIntros(from: Date): Promise<IntroBooking[]>;
  /** Records whether the visitor came; a no-show also sets the lead's follow-up date (`followUpOn`, YYYY-MM-DD). */
  markAttendance(
    id: string,
    attendance: Attendance,
    context: { by: string; at: Date; followUpOn: string },
  ): Promise<"marked" | "not-found" | "cancelled">;
  /**
   * Moves a booking to another coach's slot, raising its SEQUENCE, minting a new cancel token and moving
   * the reminder; the visitor is mailed the new time. Throws SlotTakenError when that coach is busy then.
   */
  rescheduleBooking(
    id: string,
    slot: { coach: string; start: Date; end: Date },
    at: Date,
  ): Promise<"rescheduled" | "not-found" | "cancelled">;
}

/** The operations that answer the privacy duties, kept together in privacy.ts. */
export type PrivacyOperations = Pick<
  SubmissionStore,
  "findByEmail" | "deleteSubmissions" | "forgetHealth" | "purge" | "deletions" | "waivers"
>;
