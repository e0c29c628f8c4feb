import { SIGNED_OUT, StaffError, type StaffRoute } from "../guard";
import { currentIntroCoach, intro } from "../../content";
import type { StaffOperations } from "../types";

const TURNED = {
  on: "New-lead e-mails are on: you will be e-mailed each new lead as it comes in.",
  off: "New-lead e-mails are off: you will not be e-mailed when a form comes in.",
};

/** The coaches a staff member may say they are: the free intros' (content/intro.json), as the intros name them. */
const introCoaches = (): string[] => intro.coaches.map((coach) => coach.name);

/**
 * GET /api/staff/settings: the signed-in staff member's own settings, and the intro coaches to choose
 * from. POST {leadAlerts: true|false}: turns their e-mail of each new lead on or off (forms/staffAlert.ts
 * reads it as each alert goes); the owner sees who has it off on Accounts. POST {introCoach: name|null}:
 * which coach of the free intros they are, for "My intros" on the Intros screen. Each for their own
 * account only, whatever the body names.
 */
export const settings: StaffRoute<StaffOperations> = {
  kind: "staff",
  GET: {
    role: "coach",
    async run({ store, staff }) {
      const account = await store.staffAccount(staff.email);
      return {
        json: {
          leadAlerts: account?.leadAlertsOffSince === null,
          // A coach since taken off content/intro.json is none, so the choice can be made again.
          introCoach: currentIntroCoach(account?.introCoach),
          introCoaches: introCoaches(),
        },
      };
    },
  },
  POST: {
    role: "coach",
    async run({ store, staff, body, now, audit }) {
      if ("introCoach" in body) {
        const coach = body.introCoach;
        if (coach !== null && (typeof coach !== "string" || !introCoaches().includes(coach))) {
          throw new StaffError(422, `Choose one of the intro coaches (${introCoaches().join(", ")}), or none.`);
        }
        if (!(await store.setIntroCoach(staff.email, coach))) throw new StaffError(SIGNED_OUT.status, SIGNED_OUT.error);
        await audit("staff.intro-coach");
        return { json: { message: coach ? `"My intros" are ${coach}'s.` : "You are none of the intro coaches." } };
      }
      const on = body.leadAlerts;
      if (typeof on !== "boolean") throw new StaffError(422, 'Send "leadAlerts": true or false.');
      // The guard found the session's account a moment ago; removed since, the session is gone too.
      if (!(await store.setLeadAlerts(staff.email, on, now))) throw new StaffError(SIGNED_OUT.status, SIGNED_OUT.error);
      await audit(on ? "staff.lead-alerts-on" : "staff.lead-alerts-off");
      return { json: { message: on ? TURNED.on : TURNED.off } };
    },
  },
};
