import { endpointFunction } from "../server/app/functions";

// Body settings for this function: its JSON arrives as the bytes Stripe signed (see the file).
export * from "../../server-options/stripeFunction";

export default endpointFunction("stripe");
