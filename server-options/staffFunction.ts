/**
 * Gatsby Function settings for the staff console's endpoints (src/api/staff/): a note or an account
 * change is small, so every body type is limited to 16 KB. Outside src/ for the reason given in
 * formFunction.ts.
 */
export { config } from "./formFunction";
