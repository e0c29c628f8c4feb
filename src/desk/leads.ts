import { FORM_REGISTRY, FORMS, type FormName, isSalesForm } from "../forms/registry";
import type { VisitSource } from "../forms/visitSource";
import type { StaffRole } from "./roles";
import type { TimelinePayment } from "./payments";

/**
 * The leads as the console receives them from /api/staff/leads and /api/staff/lead
 * (src/server/leads/view.ts), and the words it shows for their codes. A unit test holds the views
 * here to the server's list (INBOX_VIEWS); the forms' words are in src/forms/registry.ts.
 */

/**
 * A person's place in the staff's pipeline, in order (New -> Contacted -> Intro booked -> Came -> Joined,
 * or Lost): the store keeps it on the person (src/server/leads/people.ts), the console words it. A
 * member's form (a hold, a sign-up) keeps a status of its own, every one but Came.
 */
export const LEAD_STATUSES = ["new", "contacted", "intro-booked", "came", "joined", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type PersonStatus = LeadStatus;

/**
 * Statuses that say a staff member spoke to the person: a change to one by staff answers them (their
 * first response, if it is the first; the reports count it so). Lost does not: closing someone is not
 * speaking to them.
 */
export const ANSWERING_STATUSES: readonly LeadStatus[] = ["contacted", "intro-booked", "came", "joined"];

/** Who changed a person when no staff member did: the visitor, by sending a form or booking their own intro. */
export const VISITOR = "visitor";

/** Whether the visitor came to their free intro, as staff mark it once it has begun. */
export type Attendance = "attended" | "no-show";

export const STATUS_LABELS = {
  new: "New",
  contacted: "Contacted",
  "intro-booked": "Intro booked",
  came: "Came",
  joined: "Joined",
  lost: "Lost",
} as const satisfies Record<LeadStatus, string>;

/** The console's word for each form (src/forms/registry.ts). */
export const FORM_LABELS = Object.fromEntries(FORMS.map((form) => [form, FORM_REGISTRY[form].label])) as Readonly<Record<FormName, string>>;

/**
 * Forms only the owner sees, anywhere in the console (`ownerOnly` in src/forms/registry.ts). The server
 * enforces it (src/server/leads/listRoute.ts and leadRoute.ts); the console only leaves out what it would refuse.
 */
export const OWNER_ONLY_FORMS: readonly FormName[] = FORMS.filter((form) => "ownerOnly" in FORM_REGISTRY[form]);

export const mayOpenForm = (role: StaffRole, form: FormName): boolean => role === "owner" || !OWNER_ONLY_FORMS.includes(form);

/** The form filter's choices for a role. */
export function formLabelsFor(role: StaffRole): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(FORM_LABELS).filter(([form]) => mayOpenForm(role, form as FormName)));
}

/**
 * The list's views. Every view but Members and Spam lists people (their sales forms together): Needs
 * action holds those waiting for someone to speak to them (oldest waiting first) and those due for
 * follow-up; Stale, those nobody answered for 30 days. Members lists members' forms (holds, sign-ups).
 */
export const VIEW_LABELS = {
  action: "Needs action",
  new: "New",
  "follow-up": "Follow up today",
  all: "All",
  stale: "Stale",
  members: "Members",
  spam: "Spam",
} as const;
export type InboxView = keyof typeof VIEW_LABELS;

/**
 * Whether a view of the list is of people (one line each, whatever forms they sent) or of forms:
 * Members and Spam list forms, and so does a form filter naming a form that is no lead's (a member's,
 * a privacy request). The server picks its rows by it, and the screen its words.
 */
export const listsPeople = (view: InboxView, form: string | undefined): boolean =>
  view !== "members" && view !== "spam" && (!form || isSalesForm(form as FormName));

/** How many the list holds, in words: "1 person", "3 people"; in a view of forms, "1 form", "3 forms". */
export function countWords(count: number, people: boolean): string {
  if (people) return count === 1 ? "1 person" : `${count} people`;
  return count === 1 ? "1 form" : `${count} forms`;
}

/** Why a form was held as spam, in words: the stored reasons are codes (src/forms/schemas/fields.ts spamReason). */
export const SPAM_WORDS: Readonly<Record<string, string>> = {
  honeypot: "it filled in the field only robots see",
  "too-fast": "it was sent faster than a person can type",
};
export const spamWords = (reason: string): string => SPAM_WORDS[reason] ?? "it looked automated";

/** A lead as the console lists it: what src/server/leads/view.ts leadSummary writes. */
export interface LeadSummary {
  id: string;
  form: FormName;
  receivedAt: string;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  followUpOn: string | null;
  late: boolean;
  spam: string | null;
  /** How long the gym took to answer (src/server/leads/responseTime.ts); null until staff answer. */
  response: { clockMs: number; openMs: number } | null;
  /** A person's: since when they wait for someone to speak to them (null when nobody waits), and how many sales forms they sent. */
  waitingSince?: string | null;
  forms?: number;
  /** A sign-up Needs action lists because nobody has paid for it a day after it was sent ("Signed up, not paid"). */
  unpaid?: boolean;
}

/** How a logged call went: reached them and left a message speak to them (an answer); no answer does not. */
export const CALL_OUTCOMES = { reached: "Reached them", message: "Left a message", "no-answer": "No answer" } as const;
export type CallOutcome = keyof typeof CALL_OUTCOMES;

/**
 * One line of a person's timeline, oldest first: a form they sent, their intro, a change of status or of
 * the follow-up date, a logged call or text, a note, a reply, a payment. `actor` is a staff address,
 * "visitor", "stripe" (a payment, and a change it made), or null for a form or an intro.
 */
export interface TimelineEntry {
  at: string;
  kind: "form" | "intro" | "status" | "call" | "text" | "sms" | "note" | "reply" | "follow-up" | "merge" | "payment";
  actor: string | null;
  status?: LeadStatus;
  outcome?: CallOutcome;
  /** A note's or reply's text, a follow-up date (null: cleared), a merged person's reference. */
  body?: string | null;
  /** kind "form": which, and its reference. */
  form?: FormName;
  reference?: string;
  /** kind "intro": with whom, and how it went. */
  intro?: { coach: string; cancelled: boolean; attendance: Attendance | null };
  /** kind "payment": a payment, refund or failed payment Stripe reported (actor "stripe"). */
  payment?: TimelinePayment;
  /** kind "sms": a text through the gym's number (its words in `body`), in or out, and where it stands in plain words. */
  sms?: { direction: "in" | "out"; status: string };
}

/**
 * Texting a person from their page: whether texting is set up on this server (TWILIO_*), the number
 * they are texted at, and why a text cannot go now (null: it can), in the words the server refuses with.
 */
export interface LeadTexting {
  ready: boolean;
  phone: string | null;
  refusal: string | null;
  /** The owner's text templates, filled in for this person. */
  templates: Array<{ id: number; name: string; body: string }>;
}

export interface LeadList {
  today: string;
  /** The server's clock when it answered: the ages on the list are counted from it. */
  now: string;
  timeZone: string;
  /** More lines matched than `limit`: the list holds the first `limit` of them, in the view's order. */
  more: boolean;
  limit: number;
  leads: LeadSummary[];
}

/** Another person who gave one of this person's phone numbers: who they seem to be, for the owner to merge. */
export interface SamePhonePerson {
  id: string;
  /** Their newest form's name and address. */
  name: string;
  email: string;
  status: LeadStatus;
  /** How many sales forms they sent. */
  forms: number;
}

export interface LeadDetail {
  timeZone: string;
  /** The server's clock when it answered, for the person's age. */
  now: string;
  lead: LeadSummary & { fields: Array<{ name: string; value: string }>; updatedAt: string | null; updatedBy: string | null };
  notes: Array<{ author: string; body: string; createdAt: string }>;
  /** Each change of status, oldest first; `actor` "visitor" when the visitor's own booking made it. */
  events: Array<{ status: LeadStatus; actor: string; at: string }>;
  /** Where the visit came from (src/forms/visitSource.ts); null when unknown. */
  source: VisitSource | null;
  /** Replying by e-mail: whether it can be (an address, not a privacy request), whether mail is set up, the templates filled in for this lead. */
  reply: { possible: boolean; mailReady: boolean; templates: Array<{ id: number; name: string; subject: string; body: string }> };
  /** The free intro this lead booked (an intro lead only). */
  intro: { start: string; coach: string; cancelled: boolean; attendance: Attendance | null } | null;
  history: LeadSummary[];
  /**
   * A person (every sales form): their reference, who first answered them, and (for the owner, who may
   * merge them) others who gave the same phone number; null for a member's form or a privacy request.
   */
  person: { id: string; firstResponseBy: string | null; samePhone: SamePhonePerson[] } | null;
  /** A person's timeline, oldest first; empty for a member's form or a privacy request (their notes and events above). */
  timeline: TimelineEntry[];
  /** A person's texting; null for a member's form or a privacy request. */
  texting: LeadTexting | null;
}

/** "+12535550142" as people write it: (253) 555-0142. */
export function phoneLabel(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/** A payload's field name as words: "emergencyContactPhone" -> "Emergency contact phone". */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
