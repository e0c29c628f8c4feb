import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { contactSchema } from "../forms/contact";
import { holdSchema } from "../forms/hold";
import { joinablePlans, signupSchema } from "../forms/signup";
import { policies, rates } from "./content";
import { formHandler, type FormDefinition } from "./handler";
import type { FormName } from "./store/types";

const definitions: Record<FormName, FormDefinition> = {
  contact: { form: "contact", schema: () => contactSchema },
  signup: { form: "signup", schema: (today) => signupSchema(joinablePlans(rates.plans), today) },
  "membership-hold": { form: "membership-hold", schema: (today) => holdSchema(policies, today) },
};

const handlers = Object.fromEntries(
  Object.entries(definitions).map(([form, definition]) => [form, formHandler(definition)]),
) as Record<FormName, ReturnType<typeof formHandler>>;

/** Everything the three form functions do, loaded once per server process (see lazy.ts). */
export function handle(form: FormName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return handlers[form](req, res);
}
