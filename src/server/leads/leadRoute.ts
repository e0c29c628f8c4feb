import { z } from "zod";
import { isIsoDate } from "../../content/dates";
import { PAYMENT_ACTOR } from "../../desk/payments";
import { rates } from "../content";
import type { ServerConfig } from "../config";
import { repliesFor, templatesBy } from "./replies";
import { sendStaffText, textingOf } from "./textRoute";
import { returnReplyPoint, takeReplyPoint } from "./replyLimit";
import type { StoredSubmission } from "../store/submission";
import type { StaffRole } from "../../desk/roles";
import {
  CALL_OUTCOMES,
  type CallOutcome,
  LEAD_STATUSES,
  type LeadDetail,
  mayOpenForm,
  type SamePhonePerson,
  type TimelineEntry,
} from "../../desk/leads";
import { NOTE_MAX, REPLY_MAX, SUBJECT_MAX } from "../../desk/limits";
import { parsed, StaffError, type StaffRoute } from "../staff/guard";
import { fieldText, personOf } from "../forms/fields";
import { leadSummary, personSummary } from "./view";
import type { LeadIntro, LeadStore, MergeResult, PersonRecord } from "./types";
import { isPersonReference } from "../forms/ids";
import { mailEnabled, siteOrigin, webhookEnabled } from "../process/settings";
import { GYM_ZONE } from "../../time/zone";
import { textTooLong } from "../../texts/segments";
import { automationWords, textStatusWords } from "../../desk/texts";

const reference = z
  .string({ required_error: "Give the lead's reference.", invalid_type_error: "Give the lead's reference." })
  .trim()
  .min(1, "Give the lead's reference.")
  .max(40, "That is not a lead's reference.");

const change = z
  .object({
    id: reference,
    status: z.enum(LEAD_STATUSES, { errorMap: () => ({ message: `Choose a status: ${LEAD_STATUSES.join(", ")}.` }) }).optional(),
    followUpOn: z
      .string({ invalid_type_error: "Give the follow-up date as YYYY-MM-DD, or null to clear it." })
      .refine(isIsoDate, "Give the follow-up date as a real date, YYYY-MM-DD.")
      .nullable()
      .optional(),
    note: z
      .string({ invalid_type_error: "Write the note as text." })
      .trim()
      .min(1, "Write something in the note.")
      .max(NOTE_MAX, `Keep a note under ${NOTE_MAX} characters.`)
      .optional(),
  })
  .strict("Send only id, status, followUpOn and note.")
  .refine(
    (body) => body.status !== undefined || body.followUpOn !== undefined || body.note !== undefined,
    "Change the status, the follow-up date or add a note.",
  );

const restore = z.object({ id: reference, action: z.literal("restore-spam") }).strict();

const reply = z
  .object({
    id: reference,
    action: z.literal("reply"),
    subject: z
      .string({ required_error: "Write the e-mail's subject.", invalid_type_error: "Write the e-mail's subject." })
      .trim()
      .min(1, "Write the e-mail's subject.")
      .max(SUBJECT_MAX, `Keep the subject under ${SUBJECT_MAX} characters.`)
      .refine((text) => !/[\r\n]/.test(text), "Write the subject on one line."),
    text: z
      .string({ required_error: "Write the reply.", invalid_type_error: "Write the reply." })
      .trim()
      .min(1, "Write the reply.")
      .max(REPLY_MAX, `Keep a reply under ${REPLY_MAX} characters.`),
  })
  .strict("Send only id, action, subject and text.");

const logged = z
  .object({
    id: reference,
    action: z.literal("log"),
    channel: z.enum(["call", "text"], { errorMap: () => ({ message: 'Log a "call" or a "text".' }) }),
    outcome: z
      .enum(Object.keys(CALL_OUTCOMES) as [CallOutcome, ...CallOutcome[]], {
        errorMap: () => ({ message: "Say how the call went: reached, message or no-answer." }),
      })
      .optional(),
  })
  .strict("Send only id, action, channel and outcome.");

const merge = z
  .object({
    id: reference,
    action: z.literal("merge"),
    other: z
      .string({
        required_error: "Give the reference of the person to merge into this one.",
        invalid_type_error: "Give the reference of the person to merge into this one.",
      })
      .trim()
      .min(1, "Give the reference of the person to merge into this one.")
      .max(40, "That is not a person's reference."),
  })
  .strict("Send only id, action and other.");

const sms = z
  .object({
    id: reference,
    action: z.literal("text"),
    text: z
      .string({ required_error: "Write the text.", invalid_type_error: "Write the text." })
      .trim()
      .min(1, "Write the text.")
      .superRefine((text, context) => {
        const tooLong = textTooLong(text);
        if (tooLong) context.addIssue({ code: z.ZodIssueCode.custom, message: tooLong });
      }),
  })
  .strict("Send only id, action and text.");

const action = z.object({
  action: z.enum(["restore-spam", "reply", "log", "merge", "text"], {
    errorMap: () => ({ message: 'The actions are "restore-spam", "reply", "log", "merge" and "text".' }),
  }),
});

const notFound = (id: string) => new StaffError(404, `No lead has the reference ${id}. It may have been deleted.`);

/** What a coach asking for a privacy request by its reference is told: the owner's alone (OWNER_ONLY_FORMS). */
export const OWNER_ONLY = "Only the gym's owner can see privacy requests.";

/** The submission a staff member may open: 404 when there is none, 403 when it is not for their role. */
async function openable(store: LeadStore, id: string, role: StaffRole): Promise<StoredSubmission> {
  const submission = await store.get(id);
  if (!submission) throw notFound(id);
  if (!mayOpenForm(role, submission.form)) throw new StaffError(403, OWNER_ONLY);
  return submission;
}

/** A person's reference, or a sales form's (a link already mailed opens its person): the person, else undefined. */
async function personAt(store: LeadStore, id: string): Promise<PersonRecord | undefined> {
  const person = await store.personOf(id);
  if (!person && isPersonReference(id)) throw notFound(id);
  return person;
}

type MergeRefusal = Extract<MergeResult, { refused: string }>["refused"];

/** Only the owner merges people: a coach never sees the offer, and is refused if they ask. */
const OWNER_MERGES = "Only the gym's owner can merge people.";

/** Why a merge changed nothing, in the owner's words: 404 for what does not exist, 409 or 400 for the rest. */
async function mergeRefusal(store: LeadStore, refused: MergeRefusal, id: string, other: string): Promise<StaffError> {
  const notAPerson = (reference: string) =>
    new StaffError(409, `${reference} is a member's form, a privacy request or spam, not a person: only people can be merged.`);
  switch (refused) {
    case "no-person":
      return (await store.get(id)) ? notAPerson(id) : notFound(id);
    case "no-other":
      return (await store.get(other))
        ? notAPerson(other)
        : new StaffError(404, `No person has the reference ${other}. They may have been deleted.`);
    case "same": {
      const person = await store.personOf(id);
      return other === id || other === person?.id
        ? new StaffError(400, "A person cannot be merged into themselves: choose the other person.")
        : new StaffError(409, `${other} is already part of this person: nothing to merge.`);
    }
    case "changed":
      return new StaffError(409, "One of the two was just merged or deleted by someone else: open the page again.");
    case "no-shared-phone":
      return new StaffError(409, `${other} gave no phone number this person gave: only people who share one can be merged.`);
  }
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
async function leadDetail(store: LeadStore, id: string, now: Date, role: StaffRole, config: ServerConfig): Promise<LeadDetail> {
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

/**
 * GET /api/staff/lead?id=: one lead: a person (by their reference, or any of their sales forms', as the
 * staff's mails link them), or a member's form or a privacy request. POST {id, status?, followUpOn?, note?}:
 * changes it (each change audited). POST {id, action: "log", channel: "call", outcome} or {..., channel:
 * "text"}: a call or text staff made, on the person's timeline (audited); reached, message and a text
 * answer them, no-answer does not. POST {id, action: "restore-spam"}: moves a submission held as spam into the leads, mailing
 * staff its alert when mail is set up. POST {id, action: "reply", subject, text}: e-mails the lead through
 * the outbox, at most REPLIES_PER_HOUR an hour per staff account (429 past it, saying when), audited.
 * POST {id, action: "text", text}: texts the person from the gym's number through the outbox at once,
 * when texting is set up and their number agreed (409 saying why not; 400 when empty or too long),
 * counted with the replies against REPLIES_PER_HOUR, audited; it answers them as a reply does
 * (leads/staffText.ts).
 * POST {id, action: "merge", other} (owner only): merges the person `other` names into this one, when they
 * share a phone number (leads/merge.ts), audited.
 * Each answers the lead as GET does.
 */
export const lead: StaffRoute<LeadStore> = {
  kind: "staff",
  GET: {
    role: "coach",
    run: async ({ store, query, now, staff, config }) => ({
      json: await leadDetail(store, parsed(reference.safeParse(query.id)), now, staff.role, config),
    }),
  },
  POST: {
    role: "coach",
    async run({ store, body, now, staff, config, audit, kick }) {
      if ("action" in body && parsed(action.safeParse(body)).action === "log") {
        const contact = parsed(logged.safeParse(body));
        if (!(await personAt(store, contact.id))) {
          await openable(store, contact.id, staff.role);
          throw new StaffError(409, "Calls and texts are logged on a person: this form is a member's or a privacy request.");
        }
        if (contact.channel === "call" && !contact.outcome)
          throw new StaffError(400, "Say how the call went: reached, message or no-answer.");
        const entry =
          contact.channel === "call" ? { channel: "call" as const, outcome: contact.outcome ?? "no-answer" } : { channel: "text" as const };
        if (!(await store.logContact(contact.id, entry, staff.email, now))) throw notFound(contact.id);
        await audit(contact.channel === "call" ? "lead.call" : "lead.text", contact.id);
        return { json: await leadDetail(store, contact.id, now, staff.role, config) };
      }
      if ("action" in body && parsed(action.safeParse(body)).action === "merge") {
        if (staff.role !== "owner") throw new StaffError(403, OWNER_MERGES);
        const { id, other } = parsed(merge.safeParse(body));
        const result = await store.mergePeople(id, other, staff.email, now, { webhook: webhookEnabled(config) });
        if ("refused" in result) throw await mergeRefusal(store, result.refused, id, other);
        await audit("lead.merge", `${result.absorbed} into ${result.merged}`);
        kick();
        return { json: await leadDetail(store, id, now, staff.role, config) };
      }
      if ("action" in body && parsed(action.safeParse(body)).action === "text") {
        const { id, text } = parsed(sms.safeParse(body));
        if (!(await personAt(store, id))) {
          await openable(store, id, staff.role);
          throw new StaffError(409, "Texts go to a person: this form is a member's or a privacy request.");
        }
        if ((await sendStaffText(store, { id, text }, { config, staff, now })) === "no-person") throw notFound(id);
        kick();
        return { json: await leadDetail(store, id, now, staff.role, config) };
      }
      if ("action" in body && parsed(action.safeParse(body)).action === "reply") {
        const { id, subject, text } = parsed(reply.safeParse(body));
        const person = await personAt(store, id);
        if (person && !personOf((await store.personForms(person.id)).at(-1)?.payload ?? {}).email) {
          throw new StaffError(409, "This lead gave no e-mail address: call or text instead.");
        }
        if (!person) {
          const submission = await openable(store, id, staff.role);
          if (submission.form === "privacy-request") throw new StaffError(409, "Answer a privacy request from the Privacy screen.");
          // A bot typed the address of a message held as spam: move it to the leads first if a person sent it.
          if (submission.spam) throw new StaffError(409, "This message is held as spam: move it to the leads before replying.");
          if (!personOf(submission.payload).email) throw new StaffError(409, "This lead gave no e-mail address: call or text instead.");
        }
        if (!mailEnabled(config)) {
          throw new StaffError(
            409,
            "E-mail is not set up on this server (SMTP_URL and STAFF_EMAIL), so nothing was sent: call or text instead.",
          );
        }
        // Counted before it is queued, so replies sent together cannot all pass; given back if none was queued.
        await takeReplyPoint(store, staff.email, now);
        let queued = false;
        try {
          queued = await store.queueReply(id, { subject, text }, staff.email, now, { webhook: webhookEnabled(config) });
        } finally {
          if (!queued) await returnReplyPoint(store, staff.email);
        }
        if (!queued) throw notFound(id);
        kick();
        return { json: await leadDetail(store, id, now, staff.role, config) };
      }
      if ("action" in body) {
        const { id } = parsed(restore.safeParse(body));
        await openable(store, id, staff.role);
        const notify = mailEnabled(config);
        if (!(await store.restoreSpam(id, notify, now, webhookEnabled(config)))) {
          if (!(await store.get(id))) throw notFound(id);
          throw new StaffError(409, `${id} is not held as spam.`);
        }
        await audit("lead.restore-spam", id);
        kick();
        return { json: await leadDetail(store, id, now, staff.role, config) };
      }
      const { id, status, followUpOn, note } = parsed(change.safeParse(body));
      if (!(await personAt(store, id))) {
        await openable(store, id, staff.role);
        // Came is a person's step: a member's form or a privacy request has no intro to come to.
        if (status === "came") throw new StaffError(400, "Came is for a person who came to their free intro: choose another status.");
      }
      if (status !== undefined || followUpOn !== undefined) {
        // A status change goes to the gym's webhook too, queued with the change itself.
        if (!(await store.updateLead(id, { status, followUpOn }, staff.email, now, { webhook: webhookEnabled(config) })))
          throw notFound(id);
        if (status !== undefined) await audit("lead.status", id);
        if (followUpOn !== undefined) await audit("lead.follow-up", id);
      }
      if (note !== undefined) {
        if (!(await store.addNote(id, staff.email, note, now))) throw notFound(id);
        await audit("lead.note", id);
      }
      if (status !== undefined) kick();
      return { json: await leadDetail(store, id, now, staff.role, config) };
    },
  },
};
