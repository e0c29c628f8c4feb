import { z } from "zod";
import { parsed, StaffError, type StaffRoute } from "../staff/guard";
import type { ReplyOperations } from "./types";
import { REPLY_MAX, SUBJECT_MAX, TEMPLATE_NAME_MAX } from "../../desk/limits";
import { textTooLong } from "../../texts/segments";

const text = (what: string, max: number) =>
  z
    .string({ required_error: `Write the ${what}.`, invalid_type_error: `Write the ${what}.` })
    .trim()
    .min(1, `Write the ${what}.`)
    .max(max, `Keep the ${what} under ${max} characters.`);

const email = z
  .object({
    action: z.literal("save"),
    id: z.number({ invalid_type_error: "That is not a template." }).int().positive().optional(),
    name: text("template's name", TEMPLATE_NAME_MAX),
    channel: z.literal("email").default("email"),
    subject: text("subject", SUBJECT_MAX).refine((value) => !/[\r\n]/.test(value), "Write the subject on one line."),
    body: text("reply", REPLY_MAX),
  })
  .strict("Send only action, id, name, channel, subject and body.");

/** A text's template: its body alone, held to what a staff text may be (texts/segments.ts). */
const sms = z
  .object({
    action: z.literal("save"),
    id: z.number({ invalid_type_error: "That is not a template." }).int().positive().optional(),
    name: text("template's name", TEMPLATE_NAME_MAX),
    channel: z.literal("text"),
    subject: z.literal("", { errorMap: () => ({ message: "A text has no subject: leave it out." }) }).optional(),
    body: z
      .string({ required_error: "Write the text.", invalid_type_error: "Write the text." })
      .trim()
      .min(1, "Write the text.")
      .superRefine((value, context) => {
        const tooLong = textTooLong(value);
        if (tooLong) context.addIssue({ code: z.ZodIssueCode.custom, message: tooLong });
      }),
  })
  .strict("Send only action, id, name, channel and body: a text has no subject.")
  .transform((template) => ({ ...template, subject: "" }));

const remove = z.object({ action: z.literal("delete"), id: z.number().int().positive() }).strict();

/** A save's shape by its channel (an e-mail's when none is named, as before texts), so each error is about that channel. */
function parsedRequest(body: unknown) {
  const asked = parsed(
    z
      .object({ action: z.enum(["save", "delete"], { errorMap: () => ({ message: 'The actions are "save" and "delete".' }) }) })
      .safeParse(body),
  );
  if (asked.action === "delete") return parsed(remove.safeParse(body));
  const channel = (body as { channel?: unknown }).channel;
  if (channel !== undefined && channel !== "email" && channel !== "text")
    throw new StaffError(400, 'Choose the channel: "email" or "text".');
  return channel === "text" ? parsed(sms.safeParse(body)) : parsed(email.safeParse(body));
}

/**
 * GET /api/staff/reply-templates: the templates as written ({name} and {intro} unfilled), for every
 * staff member. POST {action: "save", id?, name, channel?, subject, body} (an e-mail reply's, channel
 * "email" or none) or {action: "save", id?, name, channel: "text", body} (a text's: no subject, as long
 * as a staff text may be) or {action: "delete", id}: the owner writes them. Each change is audited by
 * the template's name.
 */
export const replyTemplates: StaffRoute<ReplyOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    run: async ({ store }) => ({ json: { templates: await store.replyTemplates() } }),
  },
  POST: {
    role: "owner",
    async run({ store, body, now, staff, audit }) {
      const asked = parsedRequest(body);
      if (asked.action === "delete") {
        if (!(await store.deleteReplyTemplate(asked.id))) throw new StaffError(404, "That template is already gone.");
        await audit("reply-template.delete", String(asked.id));
        return { json: { templates: await store.replyTemplates() } };
      }
      const outcome = await store.saveReplyTemplate(asked, staff.email, now);
      if (outcome === "name-taken") throw new StaffError(409, `Another template is called "${asked.name}": choose another name.`);
      if (outcome === "not-found") throw new StaffError(404, "That template is gone: it was deleted meanwhile.");
      await audit("reply-template.save", asked.name);
      return { json: { templates: await store.replyTemplates() } };
    },
  },
};
