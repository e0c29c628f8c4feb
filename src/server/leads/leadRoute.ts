import { z } from "zod";
import { isIsoDate } from "../../content/dates";
import { CALL_OUTCOMES, type CallOutcome, LEAD_STATUSES } from "../../desk/leads";
import { NOTE_MAX, REPLY_MAX, SUBJECT_MAX } from "../../desk/limits";
import { textTooLong } from "../../texts/segments";
import { personOf } from "../forms/fields";
import { mailEnabled, webhookEnabled } from "../process/settings";
import type { StaffRole } from "../../desk/roles";
import { parsed, StaffError, type StaffRoute } from "../staff/guard";
import { leadDetail, notFound, openable, personAt } from "./leadDetail";
import { returnReplyPoint, takeReplyPoint } from "./replyLimit";
import { sendStaffText, stopStaffTexts } from "./textRoute";
import type { LeadStore, MergeResult } from "./types";

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

/** The number the page showed (E.164): a text, or stopping texts, is refused if the person's is another by now. */
const shownPhone = z
  .string({ invalid_type_error: "Give the number as the page showed it." })
  .max(20, "Give the number as the page showed it.")
  .optional();

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
    phone: shownPhone,
  })
  .strict("Send only id, action, text and phone.");

const stopTexts = z
  .object({
    id: reference,
    action: z.literal("stop-texts"),
    phone: shownPhone,
  })
  .strict("Send only id, action and phone.");

const action = z.object({
  action: z.enum(["restore-spam", "reply", "log", "merge", "text", "stop-texts"], {
    errorMap: () => ({ message: 'The actions are "restore-spam", "reply", "log", "merge", "text" and "stop-texts".' }),
  }),
});

/** Texts go to a person: 404 for nothing, 403 for a form the role may not open, 409 for a member's form or a privacy request. */
async function textablePerson(store: LeadStore, id: string, role: StaffRole): Promise<void> {
  if (await personAt(store, id)) return;
  await openable(store, id, role);
  throw new StaffError(409, "Texts go to a person: this form is a member's or a privacy request.");
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

/**
 * GET /api/staff/lead?id=: one lead: a person (by their reference, or any of their sales forms', as the
 * staff's mails link them), or a member's form or a privacy request. POST {id, status?, followUpOn?, note?}:
 * changes it (each change audited). POST {id, action: "log", channel: "call", outcome} or {..., channel:
 * "text"}: a call or text staff made, on the person's timeline (audited); reached, message and a text
 * answer them, no-answer does not. POST {id, action: "restore-spam"}: moves a submission held as spam into the leads, mailing
 * staff its alert when mail is set up. POST {id, action: "reply", subject, text}: e-mails the lead through
 * the outbox, at most REPLIES_PER_HOUR an hour per staff account (429 past it, saying when), audited.
 * POST {id, action: "text", text, phone?}: texts the person from the gym's number through the outbox at once,
 * when texting is set up and their number agreed (409 saying why not, or when `phone`, the number the
 * page showed, is no longer theirs; 400 when empty or too long),
 * counted with the replies against REPLIES_PER_HOUR, audited; it answers them as a reply does
 * (leads/staffText.ts).
 * POST {id, action: "stop-texts"}: ends the consent of the number the person is texted at, on their
 * word to staff (a call, an e-mail, "please stop" in a text), as a STOP would, audited (leads/staffText.ts).
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
        const { id, text, phone } = parsed(sms.safeParse(body));
        await textablePerson(store, id, staff.role);
        if ((await sendStaffText(store, { id, text, ...(phone !== undefined && { phone }) }, { config, staff, now })) === "no-person")
          throw notFound(id);
        kick();
        return { json: await leadDetail(store, id, now, staff.role, config) };
      }
      if ("action" in body && parsed(action.safeParse(body)).action === "stop-texts") {
        const { id, phone } = parsed(stopTexts.safeParse(body));
        await textablePerson(store, id, staff.role);
        if ((await stopStaffTexts(store, { id, ...(phone !== undefined && { phone }) }, { staff, now })) === "no-person")
          throw notFound(id);
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
