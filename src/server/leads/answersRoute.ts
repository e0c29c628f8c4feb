import { z } from "zod";
import { ANSWER_FORMS, answerProblem } from "../../desk/instantAnswers";
import { parsed, StaffError, type StaffRoute } from "../staff/guard";
import type { AnswerOperations } from "./types";

const form = z.enum(ANSWER_FORMS, { errorMap: () => ({ message: `The forms are ${ANSWER_FORMS.map((f) => `"${f}"`).join(", ")}.` }) });

const request = z.discriminatedUnion(
  "action",
  [
    z
      .object({
        action: z.literal("save"),
        form,
        text: z.string({ required_error: "Write the answer.", invalid_type_error: "Write the answer." }),
      })
      .strict("Send only action, form and text."),
    z.object({ action: z.literal("reset"), form }).strict("Send only action and form."),
  ],
  { errorMap: () => ({ message: 'The actions are "save" and "reset".' }) },
);

/**
 * GET /api/staff/instant-answers: each form's instant answer as written ({when} and the rest unfilled),
 * for every staff member. POST {action: "save", form, text}: the owner's words for that form's next
 * answers; an empty text or a placeholder the form does not have is a 422 that names it, and nothing
 * is saved. POST {action: "reset", form}: back to the code's words. Each change is audited by the form.
 */
export const instantAnswers: StaffRoute<AnswerOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    run: async ({ store }) => ({ json: { answers: await store.answerWords() } }),
  },
  POST: {
    role: "owner",
    async run({ store, body, now, staff, audit }) {
      const asked = parsed(request.safeParse(body));
      if (asked.action === "reset") {
        await store.resetAnswerWords(asked.form);
        await audit("instant-answer.reset", asked.form);
        return { json: { answers: await store.answerWords() } };
      }
      // Line ends as a browser's form sends them (CRLF) are the mail's own business: kept as typed otherwise.
      const text = asked.text.replace(/\r\n?/g, "\n");
      const problem = answerProblem(asked.form, text);
      if (problem) throw new StaffError(422, problem);
      await store.saveAnswerWords(asked.form, text, staff.email, now);
      await audit("instant-answer.save", asked.form);
      return { json: { answers: await store.answerWords() } };
    },
  },
};
