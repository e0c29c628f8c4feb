import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { handleStaffRoute, type PublicRoute, type StaffRoute } from "./guard";
import { accounts, auditTrail } from "./routes/accounts";
import { lead } from "../leads/leadRoute";
import { leads } from "../leads/listRoute";
import { outbox } from "./routes/outbox";
import { privacyRoute } from "../privacy/staffRoute";
import { intros } from "../intro/staffRoute";
import { replyTemplates } from "../leads/templatesRoute";
import { reports } from "../reports/staffRoute";
import { session, signOut } from "./routes/session";
import { signIn, signInLink } from "./routes/signIn";

/**
 * THE table of staff routes: one entry per file in src/api/staff/ (a test holds the two together).
 * Every entry goes through handleStaffRoute's checks; only "public" entries skip the session.
 */
export const STAFF_ROUTES = {
  "sign-in": signIn,
  "sign-in-link": signInLink,
  session,
  "sign-out": signOut,
  accounts,
  audit: auditTrail,
  leads,
  lead,
  privacy: privacyRoute,
  outbox,
  intros,
  "reply-templates": replyTemplates,
  reports,
} satisfies Record<string, StaffRoute | PublicRoute>;

export type StaffRouteName = keyof typeof STAFF_ROUTES;

export function handleStaff(name: StaffRouteName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return handleStaffRoute(name, STAFF_ROUTES[name], req, res);
}
