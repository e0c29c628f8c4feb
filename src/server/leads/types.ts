import type { TemplateChannel } from "../store/schema";
import type { ConsentState } from "../texts/types";
import type { TextOperations } from "../texts/textStore";
import type { AnswerForm } from "../../desk/instantAnswers";
import type { FormName } from "../../forms/registry";
import type { StoredSubmission } from "../store/submission";
import type { VisitSource } from "../../forms/visitSource";
import type { Attendance, LeadStatus } from "../../desk/leads";
import type { SubmissionOperations } from "../forms/types";
import type { StaffOperations } from "../staff/types";
import type { StoreBase } from "../store/dialect";
import type { CallOutcome, PersonEventKind } from "../store/schema";

export { ANSWERING_STATUSES } from "../../desk/leads";

export { VISITOR } from "../forms/people";

/** A lead's state in the staff's pipeline (no row yet: New, no follow-up). */
export interface LeadState {
  status: LeadStatus;
  /** A date at the gym, YYYY-MM-DD. */
  followUpOn: string | null;
  /** For a privacy request: when staff marked it answered. */
  answeredAt: Date | null;
  updatedAt: Date;
  updatedBy: string;
  /** When staff first answered the visitor (ANSWERING_STATUSES); null until then, and for leads from before the history was kept. */
  firstResponseAt: Date | null;
  /** A person's: who first answered them (null until then, and where the store cannot tell). */
  firstResponseBy?: string | null;
  /** A person's: since when a form of theirs waits for a staff member to speak to them; null when nobody waits. */
  waitingSince?: Date | null;
  /** The person's reference, for a sales form's state (which is its person's). */
  person?: string;
}

/** One change of a lead's status. */
export interface LeadEvent {
  status: LeadStatus;
  /** A staff address, or VISITOR. */
  actor: string;
  at: Date;
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
  /** A lead's changes of status, oldest first. */
  events(id: string): Promise<LeadEvent[]>;
  /** Where the lead's visit came from; null when unknown (sent without JavaScript, or before sources were kept). */
  leadSource(id: string): Promise<VisitSource | null>;
}

export const INBOX_VIEWS = ["action", "new", "follow-up", "all", "stale", "members", "spam"] as const;

export type InboxView = (typeof INBOX_VIEWS)[number];

/** Which leads the staff's list shows. */
export interface InboxFilter {
  /** "action": what needs someone now, New or due for follow-up (the console opens on it); "new": still New; "follow-up": follow-up date on or before `today`, not Joined or Lost; "spam": only spam (the others hide it). */
  view: InboxView;
  /** Today at the gym, YYYY-MM-DD. */
  today: string;
  form?: FormName;
  /** Forms left out whatever the view (a coach never sees privacy requests). */
  exceptForms?: readonly FormName[];
  /** Privacy requests only once their person confirmed them (or the owner checked another way), as their staff alert waits. */
  confirmedRequestsOnly?: boolean;
  status?: LeadStatus;
  /** The most rows returned. */
  limit: number;
}

export interface InboxLead {
  submission: StoredSubmission;
  /** Null until staff first change the lead: New, no follow-up date. */
  state: LeadState | null;
  /** Where the visit came from; null when unknown. */
  source: VisitSource | null;
}

/** How a call went: reached them or left a message speaks to them (an answer); no answer does not. */
export type { CallOutcome } from "../store/schema";

/** People nobody answered for this long leave Needs action for the Stale view. */
export const STALE_AFTER_MS = 30 * 86_400_000;

/** A person in the pipeline: their state and their sales forms. */
export interface PersonRecord {
  id: string;
  createdAt: Date;
  state: LeadState;
}

/** One line of a person's timeline from the store (their forms and intro come from their own tables). */
export interface PersonEvent {
  /** Counts up as lines are written. */
  id: number;
  at: Date;
  actor: string;
  kind: PersonEventKind;
  status: LeadStatus | null;
  outcome: CallOutcome | null;
  body: string | null;
  submissionId: string | null;
  /** The person it was written on, once a merge moved it (null: the person it is on; '' when not known). */
  writtenOn: string | null;
}

/** Which people the staff's list shows (leads/people.ts). */
export interface PeopleFilter {
  /** "action": waiting for an answer (for under STALE_AFTER_MS) or due for follow-up, oldest waiting first; "stale": waiting longer. */
  view: Exclude<InboxView, "members" | "spam">;
  /** Today at the gym, YYYY-MM-DD. */
  today: string;
  now: Date;
  /** People with at least one form of this one. */
  form?: FormName;
  status?: LeadStatus;
  limit: number;
}

export interface InboxPerson {
  person: PersonRecord;
  /** Their sales forms, oldest first. */
  submissions: StoredSubmission[];
  /** Where they came from: the source of their first form that kept one; null when unknown. */
  source: VisitSource | null;
}

/** The people in the staff's pipeline (leads/people.ts). */
export interface PeopleOperations {
  /** The person a reference stands for (their own, or one of their sales forms'); undefined for anything else. */
  personOf(id: string): Promise<PersonRecord | undefined>;
  /** A person's sales forms, oldest first. */
  personForms(person: string): Promise<StoredSubmission[]>;
  /** The person an address key (src/forms/addressKey.ts) belongs to, if any. */
  personOfKey(key: string): Promise<string | undefined>;
  /** The person made with an address key, whom the owner may since have merged into the one it files under now. */
  keyMadeFor(key: string): Promise<string | undefined>;
  /** A person's timeline lines from the store, oldest first. */
  personEvents(person: string): Promise<PersonEvent[]>;
  /**
   * A call or a text logged after staff made it: a line of the timeline, and, when it spoke to them (a
   * text, a call that reached them or left a message), their answer. Nothing else changes. False when
   * no person has that reference.
   */
  logContact(id: string, contact: { channel: "call"; outcome: CallOutcome } | { channel: "text" }, by: string, at: Date): Promise<boolean>;
  /** Marks each person Lost (a line of each one's timeline); returns the references that changed. */
  markLost(ids: readonly string[], by: string, at: Date, options?: { webhook?: boolean }): Promise<string[]>;
  /** The people of a view; `more` when further rows matched beyond `limit`. */
  people(filter: PeopleFilter): Promise<{ people: InboxPerson[]; more: boolean }>;
  /** Other people one of whose forms gave one of these phone numbers: possibly the same person, for the owner to merge. */
  samePhone(person: string, phones: readonly string[]): Promise<string[]>;
  /**
   * Merges the person `other` names into the one `id` names (leads/merge.ts), when they share a phone
   * number. With `webhook`, a new status queues its "lead.status" webhook in the same transaction.
   */
  mergePeople(id: string, other: string, by: string, at: Date, options?: { webhook?: boolean }): Promise<MergeResult>;
}

/**
 * How a merge went: the person kept and the one merged into them, or why nothing changed: no person has
 * `id` or `other`, both name one person, one of them was merged or deleted meanwhile, or no form of one
 * gave a phone number a form of the other gave.
 */
export type MergeResult =
  { merged: string; absorbed: string } | { refused: "no-person" | "no-other" | "same" | "changed" | "no-shared-phone" };

/** The staff's lead list (leads/inbox.ts). */
export interface InboxOperations {
  /** Newest first; `more` when further rows matched beyond `limit`. */
  inbox(filter: InboxFilter): Promise<{ leads: InboxLead[]; more: boolean }>;
  /**
   * Sign-ups sent before `before`, not spam, neither Joined nor Lost, with no payment Stripe reported as
   * made for their reference (a bank payment still on its way is none yet), oldest first: listRoute.ts
   * keeps those whose plan offers "Pay now". At most `limit`.
   */
  unpaidSignups(filter: { before: Date; limit: number }): Promise<InboxLead[]>;
}

/** A reply the owner wrote once for many leads: {name} and {intro} are filled in per lead (leads/replies.ts). */
export interface ReplyTemplate {
  id: number;
  name: string;
  /** An e-mail reply's, or a text's (migration 23): a text's subject is empty. */
  channel: TemplateChannel;
  subject: string;
  body: string;
  updatedAt: Date;
  updatedBy: string;
}

/** Replies to leads from the console, and their templates (leads/replyStore.ts). */
export interface ReplyOperations {
  /** By name. */
  replyTemplates(): Promise<ReplyTemplate[]>;
  /** Adds a template (no id) or changes one; "name-taken" when another has that name. */
  saveReplyTemplate(
    template: { id?: number; name: string; channel?: TemplateChannel; subject: string; body: string },
    by: string,
    at: Date,
  ): Promise<"saved" | "not-found" | "name-taken">;
  deleteReplyTemplate(id: number): Promise<boolean>;
  /**
   * Queues a staff member's reply to the lead's address, notes it on the lead, and counts it as the
   * lead's answer (New becomes Contacted), and writes who replied to which lead to the audit log, all
   * in one write. False when no submission has that reference.
   */
  queueReply(id: string, reply: { subject: string; text: string }, by: string, at: Date, options?: { webhook?: boolean }): Promise<boolean>;
}

/** Reminders of leads nobody answered, and the owner's morning digest (leads/nudgeStore.ts). */
export interface NudgeOperations {
  /** Leads that came since `since`, still New, not spam or a privacy request, with no reminder queued yet; oldest first. */
  leadsStillNew(since: Date): Promise<StoredSubmission[]>;
  /** Whether the lead is still New, not spam or a privacy request: its reminder is still worth sending. */
  leadStillNew(id: string): Promise<boolean>;
  /** Queues the lead's one reminder (to the staff of the moment it goes: nudges.ts); false when it already had one. */
  queueLeadReminder(id: string, at: Date): Promise<boolean>;
  /** Whether the digest of this gym day (YYYY-MM-DD) was already looked at. */
  digestDone(day: string): Promise<boolean>;
  /**
   * Marks the day's digest done and, with `queue` (a day with something in it), queues it, written and
   * addressed as it goes out (nudges.ts prepareDigest). True when one was queued; false when there was
   * none or another process had done the day.
   */
  queueDigest(day: string, queue: boolean, at: Date): Promise<boolean>;
}

/** A lead's free intro, as the lead page and the morning digest show it. */
export interface LeadIntro {
  coach: string;
  start: Date;
  cancelledAt: Date | null;
  attendance: Attendance | null;
  submission: StoredSubmission;
}

/**
 * What the leads read of the free intros. The intros' store gives it (IntroOperations extends it): a
 * lead's page and the digest show its intro, while only intro/ books, moves and cancels one.
 */
export interface LeadIntros {
  /** The booking a submission made, cancelled or not (undefined when it made none). */
  introOf(id: string): Promise<LeadIntro | undefined>;
  /** Active bookings starting at or after `from`, soonest first. */
  upcomingIntros(from: Date): Promise<LeadIntro[]>;
}

/** What the lead page asks of the store: the lead, its history and notes, its intro, replies and their limit. */
/**
 * A person's payments as their page reads them (the payments feature records them: payments/store.ts),
 * oldest first. `bought`: "signup:<plan id>", "drop-in", or Stripe's payment link id.
 */
export interface LeadPayments {
  paymentsOf(which: { person: string }): Promise<
    Array<{
      kind: "completed" | "refunded" | "failed";
      amount: number | null;
      currency: string | null;
      bought: string | null;
      paymentStatus: string | null;
      mode: "live" | "test";
      at: Date;
    }>
  >;
}

export type LeadStore = StoreBase &
  SubmissionOperations &
  LeadOperations &
  PeopleOperations &
  ReplyOperations &
  LeadIntros &
  LeadPayments &
  StaffTextOperations &
  Pick<TextOperations, "textsOf">;

/** What the reminders and the morning digest ask of the store. */
export type NudgeStore = StaffOperations & NudgeOperations & InboxOperations & PeopleOperations & LeadIntros;

/** One form's instant answer as the owner edits it: the owner's own words, or the code's until they write some. */
export interface AnswerWords {
  form: AnswerForm;
  text: string;
  /** Who last saved it and when; null while the words are the code's (src/desk/instantAnswers.ts). */
  edited: { at: Date; by: string } | null;
}

/** The instant answers' words (leads/answerStore.ts); the answers themselves are queued with their forms. */
export interface AnswerOperations {
  /** Each form's words, in ANSWER_FORMS' order. */
  answerWords(): Promise<AnswerWords[]>;
  /** The owner's words for one form, checked by the caller (answerProblem). */
  saveAnswerWords(form: AnswerForm, text: string, by: string, at: Date): Promise<void>;
  /** Back to the code's words. */
  resetAnswerWords(form: AnswerForm): Promise<void>;
}

/** What a staff text came to: queued (the text's id), or why not, with the number's consent when it is that. */
export type StaffTextResult =
  | { queued: number; phone: string }
  | { refused: "no-person" }
  | { refused: "no-phone" }
  | { refused: "no-consent"; consent: ConsentState }
  | { refused: "phone-changed"; phone: string };

export interface StaffTextOperations {
  /** The number a person is texted at and its consent now (personPhone); null when nothing has that reference or no number. */
  textingState(id: string): Promise<{ phone: string | null; consent: ConsentState | null } | null>;
  /**
   * Queues a staff member's text to the person `id` names (see above); `shown`: the number their page
   * showed, refused ("phone-changed") when a form or text since has made it another.
   */
  sendStaffText(id: string, body: string, by: string, at: Date, options?: { webhook?: boolean; shown?: string }): Promise<StaffTextResult>;
  /**
   * Ends the consent of the number the person `id` names is texted at, on their word to staff
   * (STAFF_STOP_KEYWORD), audited; `ended` is false when it already stood ended. `shown`: the number the
   * page named, refused ("phone-changed") when it is another by now.
   */
  stopTexts(
    id: string,
    by: string,
    at: Date,
    shown?: string,
  ): Promise<
    { ended: boolean; phone: string } | { refused: "no-person" } | { refused: "no-phone" } | { refused: "phone-changed"; phone: string }
  >;
}
