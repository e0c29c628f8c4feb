import { endpointFunction } from "../server/app/functions";

// Body-size limits for this function (see server-options/formFunction.ts for why they live there).
export * from "../../server-options/formFunction";

export default endpointFunction("sms-status");
