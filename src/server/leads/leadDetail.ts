import { PAYMENT_ACTOR } from "../../desk/payments";
import { type LeadDetail, mayOpenForm, type SamePhonePerson, type TimelineEntry } from "../../desk/leads";
import type { StaffRole } from "../../desk/roles";
import { automationWords, textStatusWords } from "../../desk/texts";
import { GYM_ZONE } from "../../time/zone";
import type { ServerConfig } from "../config";
import { rates } from "../content";
import { fieldText, personOf } from "../forms/fields";
import { isPersonReference } from "../forms/ids";
import { mailEnabled, siteOrigin } from "../process/settings";
import { StaffError } from "../staff/guard";
import type { StoredSubmission } from "../store/submission";
import { repliesFor, templatesBy } from "./replies";
import { textingOf } from "./textRoute";
import type { LeadIntro, LeadStore, PersonRecord } from "./types";
import { leadSummary, personSummary } from "./view";

/**
 * What the lead screen shows (GET /api/staff/lead, and every POST's answer): a person's page with one
 * timeline, or a member's form or a privacy request with everything its address sent; and the checks
 * that a reference exists and is for the asker's role, which the changes in leadRoute.ts share.
 */
export const notFound = (id: string) => new StaffError(404, `No lead has the reference ${id}. It may have been deleted.`);

/** What a coach asking for a privacy request by its reference is told: the owner's alone (OWNER_ONLY_FORMS). */
export const OWNER_ONLY = "Only the gym's owner can see privacy requests.";

/** The submission a staff member may open: 404 when there is none, 403 when it is not for their role. */
export async function openable(store: LeadStore, id: string, role: StaffRole): Promise<StoredSubmission> {
  const submission = await store.get(id);
  if (!submission) throw notFound(id);
  if (!mayOpenForm(role, submission.form)) throw new StaffError(403, OWNER_ONLY);
  return submission;
}

/** A person's reference, or a sales form's (a link already mailed opens its person): the person, else undefined. */
export async function personAt(store: LeadStore, id: string): Promise<PersonRecord | undefined> {
  const person = await store.personOf(id);
  if (!person && isPersonReference(id)) throw notFound(id);
  return person;
}

/** Another person who gave one of this person's phone numbers, as the owner's offer to merge names them. */
async function samePhonePerson(store: LeadStore, id: string, now: Date): Promise<SamePhonePerson[]> {
  const person = await store.personOf(id);
  if (!person) return [];
  const { name, email, status, forms } = personSummary(person, await store.personForms(id), now);
  return [{ id, name, email, status, forms: forms ?? 0 }];
}

/** A free intro as the lead page shows it (the Intros screen links back to the lead). */
function introCard(booking: LeadIntro | undefined) {
  if (!booking) return null;
  return {
    start: booking.start.toISOString(),
    coach: booking.coach,
    cancelled: booking.cancelledAt !== null,
    attendance: booking.attendance,
  };
}

/** Everything the lead screen shows of a member's form or a privacy request: every field sent, the notes, and everything that address ever sent (that the role may see). */
export async function leadDetail(store: LeadStore, id: string, now: Date, role: StaffRole, config: ServerConfig): Promise<LeadDetail> {
  const person = await personAt(store, id);
  if (person) return personDetail(store, person, now, role, config);
  const submission = await openable(store, id, role);
  const email = typeof submission.payload.email === "string" ? submission.payload.email : "";
  const related = (email ? await store.findByEmail(email) : [submission]).filter((s) => mayOpenForm(role, s.form));
  const states = await store.leadStates(related.map((s) => s.id));
  const state = states.get(id);
  return {
    timeZone: GYM_ZONE,
    now: now.toISOString(),
    lead: {
      ...leadSummary(submission, state, now),
      fields: fieldsOf(submission),
      updatedAt: state?.updatedAt.toISOString() ?? null,
      updatedBy: state?.updatedBy ?? null,
    },
    notes: (await store.notes(id)).map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    events: (await store.events(id)).map((event) => ({ ...event, at: event.at.toISOString() })),
    source: await store.leadSource(id),
    intro: submission.form === "intro" ? introCard(await store.introOf(id)) : null,
    // A reply needs the visitor's address and mail set up; a privacy request is answered from its own screen.
    reply: {
      possible: submission.form !== "privacy-request" && !submission.spam && personOf(submission.payload).email !== "",
      mailReady: mailEnabled(config),
      templates: repliesFor(await templatesBy(store, "email"), submission, siteOrigin(config.siteUrl)),
    },
    // Newest first, as the list.
    history: related.reverse().map((s) => leadSummary(s, states.get(s.id), now)),
    person: null,
    timeline: [],
    texting: null,
  };
}

const fieldsOf = (submission: StoredSubmission) =>
  Object.entries(submission.payload).map(([name, value]) => ({ name, value: fieldText(name, value) }));

/** What a payment bought, in the gym's words: a sign-up's plan by its name, a drop-in; null for a link Stripe named alone. */
function boughtWords(bought: string | null): string | null {
  if (bought === "drop-in") return "a drop-in";
  if (bought === "signup") return "a sign-up";
  if (bought?.startsWith("signup:")) {
    const id = bought.slice("signup:".length);
    return `the ${rates.plans.find((plan) => plan.id === id)?.name ?? id} sign-up`;
  }
  return null;
}

/**
 * A person's page: who they are (their newest form), their state, one timeline of everything (each form
 * they sent, their intro, changes of status and follow-up date, calls, texts, notes, replies, payments), where they
 * came from (their first form that kept a source), and others who gave the same phone number.
 */
async function personDetail(store: LeadStore, person: PersonRecord, now: Date, role: StaffRole, config: ServerConfig): Promise<LeadDetail> {
  const forms = await store.personForms(person.id);
  const newest = forms.at(-1);
  const summary = personSummary(person, forms, now);
  const events = await store.personEvents(person.id);
  const intros = (await Promise.all(forms.filter((form) => form.form === "intro").map((form) => store.introOf(form.id)))).filter(
    (intro): intro is LeadIntro => intro !== undefined,
  );
  let source = null;
  for (const form of forms) {
    source = await store.leadSource(form.id);
    if (source) break;
  }
  const phones = [...new Set(forms.map((form) => personOf(form.payload).phone).filter(Boolean))];
  const timeline: TimelineEntry[] = [
    ...forms.map((form) => ({ at: form.createdAt.toISOString(), kind: "form" as const, actor: null, form: form.form, reference: form.id })),
    ...intros.map((intro) => ({
      at: intro.start.toISOString(),
      kind: "intro" as const,
      actor: null,
      intro: { coach: intro.coach, cancelled: intro.cancelledAt !== null, attendance: intro.attendance },
    })),
    ...events.map((event) => ({
      at: event.at.toISOString(),
      kind: event.kind,
      actor: event.actor,
      ...(event.status && { status: event.status }),
      ...(event.outcome && { outcome: event.outcome }),
      ...(event.kind !== "status" && event.kind !== "call" && { body: event.body }),
    })),
    ...(await store.textsOf(person.id)).map((text) => ({
      at: text.at.toISOString(),
      kind: "sms" as const,
      actor: text.direction === "in" ? null : (text.sentBy ?? automationWords(text.automation)),
      body: text.body,
      sms: { direction: text.direction, status: textStatusWords(text.direction, text.status, text.error) },
    })),
    ...(await store.paymentsOf({ person: person.id })).map((payment) => ({
      at: payment.at.toISOString(),
      kind: "payment" as const,
      actor: PAYMENT_ACTOR,
      payment: {
        kind: payment.kind,
        amount: payment.amount,
        currency: payment.currency,
        what: boughtWords(payment.bought),
        pending: payment.kind === "completed" && payment.paymentStatus === "unpaid",
        test: payment.mode === "test",
      },
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    timeZone: GYM_ZONE,
    now: now.toISOString(),
    lead: {
      ...summary,
      fields: newest ? fieldsOf(newest) : [],
      updatedAt: person.state.updatedAt.toISOString(),
      updatedBy: person.state.updatedBy,
    },
    notes: events
      .filter((event) => event.kind === "note" || event.kind === "reply")
      .map((event) => ({ author: event.actor, body: event.body ?? "", createdAt: event.at.toISOString() })),
    events: events.flatMap((event) => (event.status ? [{ status: event.status, actor: event.actor, at: event.at.toISOString() }] : [])),
    source,
    intro: introCard(intros.at(-1)),
    reply: {
      possible: summary.email !== "",
      mailReady: mailEnabled(config),
      templates: newest ? repliesFor(await templatesBy(store, "email"), newest, siteOrigin(config.siteUrl)) : [],
    },
    history: [...forms].reverse().map((form) => leadSummary(form, person.state, now)),
    person: {
      id: person.id,
      firstResponseBy: person.state.firstResponseBy ?? null,
      samePhone:
        role === "owner"
          ? (await Promise.all((await store.samePhone(person.id, phones)).map((other) => samePhonePerson(store, other, now)))).flat()
          : [],
    },
    timeline,
    texting: await textingOf(store, person.id, config, newest),
  };
}
