import type { ZodType } from "zod";
import type { FieldValue } from "../../forms/formValues";
import type { FormName } from "../../forms/registry";
import type { SentWords } from "../../forms/sentWords";
import type { Rejection } from "../http/guards";
import type { Limits } from "../store/limiter";
import type { WaiverText } from "../waiver";
import type { OpenTimesShown } from "./answerPage";
import type { InsertResult, NewSubmission } from "./types";

/**
 * A form as the server runs it (handler.ts): its schema, its page for a visitor without JavaScript, and
 * what it books with its submission, if anything. Each form's definition is written once: the free
 * intro's with its feature (intro/form.ts), the others in definitions.ts; app/forms.ts lists them.
 */
export interface FormDefinition<Store> {
  form: FormName;
  /** Read and answered without JavaScript too. */
  plain?: PlainForm<Store>;
  /** The form's schema for a given date at the gym (date rules depend on "today"). */
  schema(today: string): ZodType<Record<string, unknown> & { website?: string; elapsedMs?: number; source?: unknown }>;
  /** For a form the visitor signs the waiver on: the waiver its schema checks the version of, kept as evidence. */
  waiver?: WaiverText;
  /**
   * For a form that books something scarce with its submission (the free intro's time): once the schema
   * passed and before the form's ceiling counts it, a refusal (that time is not offered), or its booking.
   */
  book?(checked: Checked, now: Date): Refusal | FieldProblems | Booking<Store>;
  /**
   * What the JSON answer to a stored send carries beside its reference, from its fields as stored (the
   * free intro's booking: the day, time and coach, and its calendar file's address). A form with it
   * gets a key for the JSON answer too, which opens what a form sent without script's page shows, for
   * as long (the key travels only in the answer, to the page that sent it).
   */
  answer?(fields: Readonly<Record<string, unknown>>, open: SentKey): Record<string, unknown>;
}

/** A stored send's reference and the key its confirmation's address carries (only its hash is stored). */
export interface SentKey {
  reference: string;
  key: string;
}

/**
 * How a form sent without JavaScript is read and answered (formPost.ts, answerPage.ts): the same fields
 * and payload as the browser's form state (src/forms/<form>/values.ts), its page, and its confirmation's words.
 */
export interface PlainForm<Store> {
  /** The built page the form is on ("/contact/"): the answers are made from it. */
  page: string;
  /** Every field of the form's state, with its empty value (a check box's is false). */
  start: Readonly<Record<string, FieldValue>>;
  fieldOrder: readonly string[];
  payload(values: Readonly<Record<string, FieldValue>>): Record<string, unknown>;
  /** For a form that books a time: the open times its page shows (it has none built in). */
  times?: PlainTimes<Store>;
  /**
   * The confirmation's words (src/forms/<form>/sent.ts), from the fields as stored when the page's key
   * opened the submission (`open`: its reference and that key); without them (a wrong or expired key)
   * words true of any send of the form.
   */
  sent(stored: Readonly<Record<string, unknown>> | undefined, today: string, open?: SentKey): SentWords;
}

/** The open times a booking form's page shows, and how its page is kept (intro/form.ts). */
export interface PlainTimes<Store> {
  read(store: Store): Promise<OpenTimesShown>;
  /** The 503's words when the store cannot give them. */
  unavailable: string;
  /** The form's page with nothing sent yet is the same for everyone: made once and kept a few seconds. */
  keep(make: () => Promise<string>): Promise<string>;
}

/**
 * A form's fields as the schema accepted them: `data` whole, `payload` what is stored (without the
 * honeypot, the time taken and the visit's source), and why it looks like spam, or null.
 */
export interface Checked {
  data: Record<string, unknown>;
  payload: Record<string, unknown>;
  spam: string | null;
}

/**
 * What a booking form does once its submission may be stored (intro/form.ts): takes what it books and
 * stores the submission with it through `insert`. It ends stored, or refused (the connection has booked
 * enough today, the time was just taken); it throws only when the store fails, having given back what
 * it took. The answer to a stored booking says whether this server e-mails visitors at all.
 */
export interface Booking<Store = unknown> {
  store(insert: Insert, request: BookingRequest<Store>): Promise<InsertResult | Refusal>;
}

export interface BookingRequest<Store = unknown> {
  limits(): Promise<Limits>;
  /** The process's store, to read what is still open when the choice was just taken (the 409's words). */
  store(): Promise<Store>;
  /** The connection's address, as the rate limits count it (http/clientAddress.ts). */
  address: string | undefined;
  /** Mail is set up: the visitor is mailed a confirmation, and the answer says so. */
  notify: boolean;
}

/** Stores the submission with these fields and what the store takes beside them (a booking, its confirmation). */
export type Insert = (fields: Record<string, unknown>, extra?: Partial<NewSubmission>) => Promise<InsertResult>;

/**
 * How a form request ends, before its answer is written (handler.ts, answer): each step either hands
 * its result to the next or ends the request with one of these.
 */
export type Ending = Refusal | FieldProblems | Stored;

/**
 * Refused with a status and a sentence: `{ error }` as JSON, or for a form posted without script its
 * page with the sentence above Send (at the field `at`, when it is about one). `asJson`: a refusal no
 * visitor's form meets (a cross-site post, a wrong method or type) is never answered with this site's
 * page and the values it sent.
 */
export interface Refusal {
  refused: Rejection;
  at?: string;
  asJson?: boolean;
}

/** What is wrong, field by field: a 422 with a message per field, or the page with each at its field. */
export interface FieldProblems {
  problems: Record<string, string>;
}

/**
 * Stored (or held as spam, answered the same), as `repeatOf` when the same send was stored moments
 * before. `sentKey`: the key that opens the send's confirmation page (and, for a JSON answer, what its
 * `answer` links to); `confirmation`: for a booking, whether this server e-mails visitors at all;
 * `answer`: the form's own part of the JSON answer (FormDefinition's `answer`).
 */
export interface Stored {
  stored: InsertResult & {
    id: string;
    spam: string | null;
    sentKey?: string;
    confirmation?: boolean;
    answer?: Record<string, unknown>;
  };
}

/**
 * A form's state type (src/forms/<form>/values.ts) seen as the plain post reads it: the handler fills every
 * field of `start` with text or a tick, so the form's own payload function gets the shape it expects.
 */
export function plainForm<Store, V extends Readonly<Record<string, FieldValue>>>(form: {
  page: string;
  start: V;
  fieldOrder: readonly string[];
  payload(values: V): Record<string, unknown>;
  sent: PlainForm<Store>["sent"];
  times?: PlainTimes<Store>;
}): PlainForm<Store> {
  return form as unknown as PlainForm<Store>;
}
