import { z } from "zod";
import { parsed, StaffError, type StaffRoute } from "../staff/guard";
import type { ReplyOperations } from "./types";
import { REPLY_MAX, SUBJECT_MAX, TEMPLATE_NAME_MAX } from "../../desk/limits";

const text = (what: string, max: number) =>
  z
    .string({ required_error: `Write the ${what}.`, invalid_type_error: `Write the ${what}.` })
    .trim()
    .min(1, `Write the ${what}.`)
    .max(max, `Keep the ${what} under ${max} characters.`);

const save = z
  .object({
    action: z.literal("save"),
    id: z.number({ invalid_type_error: "That is not a template." }).int().positive().optional(),
    name: text("template's name", TEMPLATE_NAME_MAX),
    subject: text("subject", SUBJECT_MAX).refine((value) => !/[\r\n]/.test(value), "Write the subject on one line."),
    body: text("reply", REPLY_MAX),
  })
  .strict("Send only action, id, name, subject and body.");

const remove = z.object({ action: z.literal("delete"), id: z.number().int().positive() }).strict();

const request = z.discriminatedUnion("action", [save, remove], {
  errorMap: () => ({ message: 'The actions are "save" and "delete".' }),
});

/**
 * GET /api/staff/reply-templates: the templates as written ({name} and {intro} unfilled), for every
 * staff member. POST {action: "save", id?, name, subject, body} or {action: "delete", id}: the owner
 * writes them. Each change is audited by the template's name.
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
      const asked = parsed(request.safeParse(body));
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
