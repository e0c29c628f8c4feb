import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { contactSchema } from "../../forms/schemas/contact";
import { dropInSchema } from "../../forms/schemas/dropIn";
import { holdSchema } from "../../forms/schemas/hold";
import { introSchema } from "../../forms/schemas/intro";
import { privacyRequestSchema } from "../../forms/schemas/privacyRequest";
import { signupSchema } from "../../forms/schemas/signup";
import { joinablePlans } from "../../forms/signup";
import { expandSlots } from "../../intro/availability";
import { dropInDays, intro, policies, rates, site, waiver } from "../content";
import { formHandler, type FormDefinition } from "./handler";
import type { FormName } from "../../forms/registry";

const definitions: Record<FormName, FormDefinition> = {
  contact: { form: "contact", schema: () => contactSchema },
  signup: { form: "signup", schema: (today) => signupSchema(joinablePlans(rates.plans), today, waiver.version), waiver },
  "privacy-request": { form: "privacy-request", schema: () => privacyRequestSchema },
  "membership-hold": { form: "membership-hold", schema: (today) => holdSchema(policies, today) },
  "drop-in": { form: "drop-in", schema: (today) => dropInSchema(dropInDays, today, waiver.version), waiver },
  intro: {
    form: "intro",
    schema: () => introSchema,
    bookable: (data, now) => expandSlots(intro, site.timeZone, now).filter((slot) => slot.start === data.start),
  },
};

const handlers = Object.fromEntries(Object.entries(definitions).map(([form, definition]) => [form, formHandler(definition)])) as Record<
  FormName,
  ReturnType<typeof formHandler>
>;

export { introCancel } from "../intro/cancel";
export { introSlots } from "../intro/slots";
export { privacyConfirm } from "../privacy/confirm";

/** Everything the form functions do, loaded once per server process (see lazy.ts). */
export function handle(form: FormName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return handlers[form](req, res);
}
