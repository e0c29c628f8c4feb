import type { VisitSource } from "../../forms/visitSource";
import { addressKey } from "../../forms/addressKey";
import { linesOfOrigin } from "../leads/lineage";
import type { PrivacyStore } from "./types";
import { formsOfAddress } from "./address";

/** One submission in an access report: every field as stored, and the waiver text a sign-up accepted. */
export interface AccessEntry {
  reference: string;
  form: string;
  received: string;
  spam: string | null;
  fields: Record<string, unknown>;
  waiver?: { version: unknown; text: string | null; firstAcceptedAt: string | null };
  /**
   * What the gym kept about it as a lead, which a deletion removes too. A sales form belongs to a person
   * (`person`, in the report's `people`), who holds the pipeline's state; a member's form or a privacy
   * request keeps its own: status and follow-up date, each change of status, the staff's notes. Both say
   * where the visit came from.
   */
  lead:
    | { person: string; source: VisitSource | null }
    | {
        status: string;
        followUpOn: string | null;
        statusChanges: Array<{ status: string; at: string; by: string }>;
        notes: Array<{ at: string; by: string; text: string }>;
        source: VisitSource | null;
      };
}

/**
 * A person the address's sales forms make: their place in the pipeline and the lines of their timeline
 * that concern this address. Once the owner merged them with another address's person, `merged` says
 * so, and the other address's forms and lines are not here.
 */
export interface AccessPerson {
  reference: string;
  status: string;
  followUpOn: string | null;
  firstResponseAt: string | null;
  merged?: string;
  timeline: Array<{ at: string; by: string; kind: string; status?: string; outcome?: string; text?: string }>;
  /** Only when there are any: their texts to the gym and the gym's to them, oldest first. */
  texts?: AccessText[];
}

/**
 * One text, as the gym keeps it: the number, the words, when; the gym's own say who wrote it (a staff
 * address, or the automation that sent it) and what became of it (waiting, Twilio's delivery status,
 * or not-sent with why).
 */
export interface AccessText {
  at: string;
  direction: "in" | "out";
  phone: string;
  text: string;
  status: string;
  by?: string;
  error?: string;
}

/** The consent ledger of one of the address's numbers (a form's or a text's): every event, oldest first. */
export interface AccessConsent {
  phone: string;
  /** When the gym last texted the number, kept as long as the ledger (the evidence's period counts from it). */
  lastTextedAt?: string;
  events: Array<{
    event: string;
    at: string;
    disclosure: string | null;
    version: string | null;
    page: string | null;
    form: string | null;
    submission: string | null;
    connection: string | null;
    keyword?: string;
  }>;
}

/** What the download says of a person the owner merged with another address's. */
export const MERGED_NOTE =
  "The gym merged this record with another e-mail address's, as both gave the same phone number. " +
  "That address's forms, and the lines of the timeline written about it before the merge, are left out; " +
  "the lines written since the merge concern both and are here.";

/**
 * A payment Stripe reported for one of the address's sign-ups or drop-ins (src/server/payments/): what
 * the gym keeps of it, which a deletion of the form keeps too (a record the law asks for; it holds no
 * name or address). Amounts in cents; a refund's is all refunded of it so far.
 */
export interface AccessPayment {
  reference: string | null;
  kind: string;
  at: string;
  amount: number | null;
  currency: string | null;
  bought: string | null;
  paymentStatus: string | null;
  mode: string;
  stripe: { event: string; session: string | null; customer: string | null; paymentIntent: string | null; charge: string | null };
}

/** Everything held for an address, as an access request is answered (CLI `find`, the console's download). */
export interface AccessReport {
  email: string;
  /** Only when the address sent a sales form. */
  people?: AccessPerson[];
  submissions: AccessEntry[];
  /** Only when Stripe reported a payment for one of its forms. */
  payments?: AccessPayment[];
  /** Only when one of its numbers has consent events: the ledger of each, as the gym keeps it as evidence. */
  textConsents?: AccessConsent[];
}

export async function accessReport(store: PrivacyStore, email: string): Promise<AccessReport> {
  const submissions = await formsOfAddress(store, email);
  const own = new Set(submissions.map((submission) => submission.id));
  const key = addressKey(email);
  const origin = key ? await store.keyMadeFor(key) : undefined;
  const waivers = submissions.some((s) => s.payload.waiverVersion !== undefined) ? await store.waivers() : [];
  const states = await store.leadStates(submissions.map((s) => s.id));
  const people = new Map<string, AccessPerson>();
  const leads = new Map<string, AccessEntry["lead"]>(
    await Promise.all(
      submissions.map(async ({ id }) => {
        const state = states.get(id);
        const source = await store.leadSource(id);
        if (state?.person) {
          if (!people.has(state.person)) people.set(state.person, await accessPerson(store, state.person, origin ?? state.person, own));
          const lead: AccessEntry["lead"] = { person: state.person, source };
          return [id, lead] as const;
        }
        const lead: AccessEntry["lead"] = {
          status: state?.status ?? "new",
          followUpOn: state?.followUpOn ?? null,
          statusChanges: (await store.events(id)).map((event) => ({ status: event.status, at: event.at.toISOString(), by: event.actor })),
          notes: (await store.notes(id)).map((note) => ({ at: note.createdAt.toISOString(), by: note.author, text: note.body })),
          source,
        };
        return [id, lead] as const;
      }),
    ),
  );
  const payments = (await store.paymentsOf({ references: [...own] })).map((payment): AccessPayment => ({
    reference: payment.reference,
    kind: payment.kind,
    at: payment.at.toISOString(),
    amount: payment.amount,
    currency: payment.currency,
    bought: payment.bought,
    paymentStatus: payment.paymentStatus,
    mode: payment.mode,
    stripe: {
      event: payment.eventId,
      session: payment.sessionId,
      customer: payment.customerId,
      paymentIntent: payment.paymentIntentId,
      charge: payment.chargeId,
    },
  }));
  const textConsents = await consentsOf(
    store,
    [
      ...submissions.map((submission) => submission.payload.phone),
      ...[...people.values()].flatMap((person) => (person.texts ?? []).map((text) => text.phone)),
    ],
    own,
  );
  return {
    email,
    ...(people.size > 0 && { people: [...people.values()] }),
    ...(payments.length > 0 && { payments }),
    ...(textConsents.length > 0 && { textConsents }),
    submissions: submissions.map((submission) => {
      const version = submission.payload.waiverVersion;
      const waiver = waivers.find((w) => w.version === version);
      return {
        reference: submission.id,
        form: submission.form,
        received: submission.createdAt.toISOString(),
        spam: submission.spam,
        fields: submission.payload,
        ...(version !== undefined && {
          waiver: { version, text: waiver?.text ?? null, firstAcceptedAt: waiver?.firstAcceptedAt.toISOString() ?? null },
        }),
        lead: leads.get(submission.id)!,
      };
    }),
  };
}

/**
 * Everything held for a person made by a text alone (leads/textInbox.ts), who has no address to ask by:
 * their place in the pipeline, timeline and texts, as an address's report gives its people, and the
 * consent ledger of each number they texted from.
 */
export interface TextOnlyAccessReport {
  person: AccessPerson;
  /** Only when one of their numbers has consent events. */
  textConsents?: AccessConsent[];
}

/** The access report of a person with no form (the caller checked they have none). */
export async function textOnlyAccessReport(store: PrivacyStore, reference: string): Promise<TextOnlyAccessReport> {
  const person = await accessPerson(store, reference, reference, new Set());
  const textConsents = await consentsOf(
    store,
    (person.texts ?? []).map((text) => text.phone),
    new Set(),
  );
  return { person, ...(textConsents.length > 0 && { textConsents }) };
}

/**
 * A person's place in the pipeline and the lines of their timeline that concern the address: a line of
 * one of its forms, or one written on the person made with its key (`origin`), or on whoever they were
 * merged into since (leads/lineage.ts); never a line of the other address's forms or person.
 */
async function accessPerson(store: PrivacyStore, reference: string, origin: string, own: ReadonlySet<string>): Promise<AccessPerson> {
  const person = await store.personOf(reference);
  const events = await store.personEvents(reference);
  const concerns = linesOfOrigin(
    events.map((event) => ({ ...event, person: reference })),
    origin,
  );
  const merged = events.some((event) => event.kind === "merge");
  // All the person's texts: a merge joins two people who gave the same number, so they are that number's.
  const texts = (await store.textsOf(reference)).map((text): AccessText => {
    const by = text.sentBy ?? text.automation;
    return {
      at: text.at.toISOString(),
      direction: text.direction,
      phone: text.phone,
      text: text.body,
      status: text.status,
      ...(by !== null && { by }),
      ...(text.error !== null && { error: text.error }),
    };
  });
  return {
    reference,
    status: person?.state.status ?? "new",
    followUpOn: person?.state.followUpOn ?? null,
    firstResponseAt: person?.state.firstResponseAt?.toISOString() ?? null,
    ...(merged && { merged: MERGED_NOTE }),
    timeline: events
      .filter((event) => (event.submissionId !== null ? own.has(event.submissionId) : concerns.has(event.id)))
      .map((event) => ({
        at: event.at.toISOString(),
        by: event.actor,
        kind: event.kind,
        ...(event.status && { status: event.status }),
        ...(event.outcome && { outcome: event.outcome }),
        ...(event.body !== null && { text: event.body }),
      })),
    ...(texts.length > 0 && { texts }),
  };
}

/**
 * The ledger of each number (E.164, as forms and texts keep it) as far as it is the asker's, in the order
 * first given: the consents their own forms gave, and the events no form made (a STOP, START, Twilio's
 * opt-out, staff recording that they asked). Anyone can type a number into a form, and a text from a
 * number is filed under whoever gave it last, so neither makes another person's consent, with the page
 * and network address it came from, the asker's.
 */
async function consentsOf(store: PrivacyStore, numbers: readonly unknown[], own: ReadonlySet<string>): Promise<AccessConsent[]> {
  const phones = [...new Set(numbers.filter((phone): phone is string => typeof phone === "string" && phone !== ""))];
  const ledgers = await Promise.all(
    phones.map(async (phone): Promise<AccessConsent> => ({
      phone,
      ...(await store.lastTexted(phone).then((at) => at && { lastTextedAt: at.toISOString() })),
      events: (await store.consentHistory(phone))
        .filter((event) => event.submission === null || own.has(event.submission))
        .map((event) => ({
          event: event.event,
          at: event.at.toISOString(),
          disclosure: event.disclosure,
          version: event.version,
          page: event.page,
          form: event.form,
          submission: event.submission,
          connection: event.connection,
          ...(event.keyword !== null && { keyword: event.keyword }),
        })),
    })),
  );
  return ledgers.filter((ledger) => ledger.events.length > 0);
}
