import { formatLongDate, isIsoDate } from "../../content/dates";
import { INTEREST_LABELS } from "../../forms/contact/rules";
import { PRIVACY_REQUEST_LABELS } from "../../forms/privacyRequest/rules";
import { rates } from "../content";
import { whenLabel } from "../../time/labels";

/** The words for each coded value a form stores, by field name (each name holds one kind of code in every form). */
const CODES: Readonly<Record<string, (code: string) => string | undefined>> = {
  interest: (code) => INTEREST_LABELS[code as keyof typeof INTEREST_LABELS],
  request: (code) => PRIVACY_REQUEST_LABELS[code as keyof typeof PRIVACY_REQUEST_LABELS]?.label,
  type: (code) => ({ hold: "Hold", cancel: "Cancellation" })[code],
  plan: (code) => rates.plans.find((plan) => plan.id === code)?.name,
};

/**
 * A field of a submission as staff read it, in the e-mail, on the lead page and in the CSV: a booking's
 * start and end (stored as instants in UTC) in the gym's zone and words, a date as a date, a code as the
 * words the visitor chose, yes or no for a tick box; anything else as it was stored. `zone` is another
 * zone than the gym's, for the tests.
 */
export function fieldText(name: string, value: unknown, zone?: string): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "string") return String(value);
  if (name === "start" || name === "end") return whenLabel(value, zone);
  if (isIsoDate(value)) return formatLongDate(value);
  return CODES[name]?.(value) ?? value;
}

/**
 * Who a submission is from, read the same way by the staff e-mail, the CLI and the console: forms ask
 * either `name` or `firstName` and `lastName`; `email` is lower-cased and `phone` is "+1" and ten
 * digits, as the forms' schemas store them (src/forms/schemas/fields.ts).
 */
export interface Person {
  name: string;
  email: string;
  phone: string;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export function personName(payload: Readonly<Record<string, unknown>>): string {
  return text(payload.name) || [text(payload.firstName), text(payload.lastName)].filter(Boolean).join(" ");
}

export function personOf(payload: Readonly<Record<string, unknown>>): Person {
  return { name: personName(payload), email: text(payload.email), phone: text(payload.phone) };
}

/** A search that is a phone number: digits, written with the usual spaces, dashes, dots, brackets and "+". */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * Whether a search matches the person: any part of the name or address, whatever the case; or, when
 * the search is a phone number of at least three digits, those digits anywhere in the phone number,
 * however the search is punctuated ("(253) 555-0142" finds "+12535550142"). Only a search written as a
 * number: the digits strewn through words ("Unit 4b 25") would match strangers' phones.
 */
export function matchesPerson(person: Person, search: string): boolean {
  const words = search.trim().toLowerCase();
  if (words === "") return true;
  if (person.name.toLowerCase().includes(words) || person.email.includes(words)) return true;
  if (!PHONE_LIKE.test(words)) return false;
  const digits = words.replace(/\D/g, "");
  return digits.length >= 3 && person.phone.replace(/\D/g, "").includes(digits);
}
