import { contactSchema } from "../forms/contact";
import { formHandler } from "../server/handler";

// Body-size limits for this function (see server-options/formFunction.ts for why they live there).
export * from "../../server-options/formFunction";

export default formHandler({ form: "contact", schema: () => contactSchema });
