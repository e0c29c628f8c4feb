import type { PaymentOperations } from "../payments/types";
import type { ConfirmedBy, OwnerCheck } from "../../forms/privacyRequest/rules";
import type { FormName } from "../../forms/registry";
import type { StoredWaiver } from "../waiver";
import type { SubmissionOperations } from "../forms/types";
import type { LeadOperations, PeopleOperations } from "../leads/types";
import type { OutboxStatus } from "../store/schema";
import type { ConsentOperations } from "../texts/consentLedger";
import type { TextOperations } from "../texts/textStore";

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

/** What `deleteTextOnlyPerson` did: deleted them, or nothing, as they have a form or there is no such person. */
export type TextOnlyDeletion = "deleted" | "has-forms" | "unknown";

/** What `purge` deletes: spam received before `spamBefore`, and each listed form received before its date. */
export interface PurgeCutoffs {
  spamBefore: Date;
  forms: ReadonlyArray<{ form: FormName; before: Date }>;
  /**
   * Texts on no form (privacy/store.ts purgeTexts): a person made by a text alone whose last text is
   * older than `before`, and texts on nobody older than it; the consent ledger of a number whose last
   * event is older than `consentsBefore` and of which no text is kept. Absent: neither is purged.
   */
  texts?: { before: Date; consentsBefore: Date };
}

export interface PurgeReport {
  spam: number;
  /** Real (non-spam) submissions deleted, per listed form (0 included). */
  forms: Partial<Record<FormName, number>>;
  /** When the cutoffs had `texts`: people made by a text, texts on nobody, numbers whose ledger went. */
  texts?: { people: number; texts: number; ledgers: number };
}

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

/** The operations that answer the privacy duties (privacy/store.ts). */
export interface PrivacyOperations {
  /**
   * Deletes these submissions with their outbox rows and bookings, and records a DeletionRecord for each,
   * in one transaction. Returns the references deleted (unknown ones are skipped). Nothing of the
   * deleted rows stays readable in the database's files (SQLite: secure_delete, VACUUM and a TRUNCATE
   * checkpoint of the WAL). PostgreSQL's files keep dead row versions until autovacuum reuses the space.
   */
  deleteSubmissions(ids: readonly string[], reason: DeletionReason, at: Date): Promise<string[]>;
  /**
   * A person made by a text alone (leads/textInbox.ts), deleted on their request: the person, their
   * timeline, their texts with those waiting in the outbox, and the consent ledger of the numbers they
   * texted from with those numbers' texts on nobody, in one transaction, wiped as for `deleteSubmissions`.
   * Nothing is done to a person who has a form (their address is what a deletion goes by) or to none.
   */
  deleteTextOnlyPerson(id: string): Promise<TextOnlyDeletion>;
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
}

/** What the privacy duties ask of the store: the submissions, their deletion and consent, the requests, and what leads keep. */
export type PrivacyStore = SubmissionOperations &
  PrivacyOperations &
  RequestOperations &
  LeadOperations &
  PeopleOperations &
  Pick<PaymentOperations, "paymentsOf"> &
  Pick<TextOperations, "textsOf"> &
  Pick<ConsentOperations, "consentHistory" | "lastTexted">;
