import { joinablePlans, signupSchema } from "../forms/signup";
import { rates } from "../server/content";
import { formHandler } from "../server/handler";

// Body-size limits for this function (see server-options/formFunction.ts for why they live there).
export * from "../../server-options/formFunction";

export default formHandler({ form: "signup", schema: (today) => signupSchema(joinablePlans(rates.plans), today) });
