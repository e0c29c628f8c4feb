import { SIGNED_OUT, StaffError, type StaffRoute } from "../guard";
import type { StaffOperations } from "../types";

const TURNED = {
  on: "New-lead e-mails are on: you will be e-mailed each new lead as it comes in.",
  off: "New-lead e-mails are off: you will not be e-mailed when a form comes in.",
};

/**
 * GET /api/staff/settings: the signed-in staff member's own settings. POST {leadAlerts: true|false}:
 * turns their e-mail of each new lead on or off (forms/staffAlert.ts reads it as each alert goes), for
 * their own account only, whatever the body names; the owner sees who has it off on Accounts.
 */
export const settings: StaffRoute<StaffOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, staff }) {
      const account = await store.staffAccount(staff.email);
      return { json: { leadAlerts: account?.leadAlertsOffSince === null } };
    },
  },
  POST: {
    role: "coach",
    async run({ store, staff, body, now, audit }) {
      const on = body.leadAlerts;
      if (typeof on !== "boolean") throw new StaffError(422, 'Send "leadAlerts": true or false.');
      // The guard found the session's account a moment ago; removed since, the session is gone too.
      if (!(await store.setLeadAlerts(staff.email, on, now))) throw new StaffError(SIGNED_OUT.status, SIGNED_OUT.error);
      await audit(on ? "staff.lead-alerts-on" : "staff.lead-alerts-off");
      return { json: { message: on ? TURNED.on : TURNED.off } };
    },
  },
};
