import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { guardStaffRoute, type PublicRoute, type StaffRoute } from "../staff/guard";
import { accounts, auditTrail } from "../staff/routes/accounts";
import { lead } from "../leads/leadRoute";
import { leads } from "../leads/listRoute";
import { outbox } from "../staff/routes/outbox";
import { privacyRoute } from "../privacy/staffRoute";
import { intros } from "../intro/staffRoute";
import { kidsTrials } from "../kids/staffRoute";
import { replyTemplates } from "../leads/templatesRoute";
import { instantAnswers } from "../leads/answersRoute";
import { reports } from "../reports/staffRoute";
import { session, signOut } from "../staff/routes/session";
import { settings } from "../staff/routes/settings";
import { signIn, signInLink } from "../staff/routes/signIn";
import { signInCode } from "../staff/routes/signInCode";
import { serverNow } from "../process/settings";
import { runtime } from "./runtime";
import type { SubmissionStore } from "./store";

/**
 * THE table of staff routes: one entry per file in src/api/staff/ (a test holds the two together).
 * Every entry goes through the guard's checks (staff/guard.ts); only "public" entries skip the session.
 * Each route asks for the store operations it uses; the process's store has them all.
 */
export const STAFF_ROUTES = {
  "sign-in": signIn,
  "sign-in-link": signInLink,
  "sign-in-code": signInCode,
  session,
  "sign-out": signOut,
  settings,
  accounts,
  audit: auditTrail,
  leads,
  lead,
  privacy: privacyRoute,
  outbox,
  intros,
  "kids-trials": kidsTrials,
  "reply-templates": replyTemplates,
  "instant-answers": instantAnswers,
  reports,
} satisfies Record<string, StaffRoute<SubmissionStore> | PublicRoute<SubmissionStore>>;

export type StaffRouteName = keyof typeof STAFF_ROUTES;

/** A staff request through the door (staff/guard.ts), on the process's store, with its outbox. */
export function handleStaffRoute(
  name: string,
  route: StaffRoute<SubmissionStore> | PublicRoute<SubmissionStore>,
  req: GatsbyFunctionRequest,
  res: GatsbyFunctionResponse,
  now = serverNow(),
): Promise<void> {
  return guardStaffRoute(runtime, name, route, req, res, now);
}

export function handleStaff(name: StaffRouteName, req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  return handleStaffRoute(name, STAFF_ROUTES[name], req, res);
}
