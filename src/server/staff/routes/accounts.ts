import { AccountError, addAccount, removeAccount, staffAddress } from "../accounts";
import { StaffError, type StaffRoute } from "../guard";
import type { StaffOperations } from "../types";
import { GYM_ZONE } from "../../../time/zone";

/** A mistake in what the owner asked for is a 422 with the sentence the CLI would print. */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountError) throw new StaffError(422, error.message);
    throw error;
  }
}

/** GET /api/staff/accounts: every staff account (and who has new-lead e-mails off, since when). POST {action: "add"|"remove", email, role}: the owner manages them. */
export const accounts: StaffRoute<StaffOperations> = {
  kind: "staff",
  GET: {
    role: "owner",
    async run({ store }) {
      const list = await store.staffAccounts();
      return {
        json: {
          accounts: list.map((a) => ({
            email: a.email,
            role: a.role,
            createdAt: a.createdAt.toISOString(),
            leadAlertsOffSince: a.leadAlertsOffSince?.toISOString() ?? null,
          })),
        },
      };
    },
  },
  POST: {
    role: "owner",
    async run({ store, body, now, audit }) {
      if (body.action === "add") {
        const message = await asked(() => addAccount(store, body.email, body.role, now));
        await audit("staff.add", staffAddress(body.email));
        return { json: { message } };
      }
      if (body.action === "remove") {
        const message = await asked(() => removeAccount(store, body.email));
        await audit("staff.remove", staffAddress(body.email));
        return { json: { message } };
      }
      throw new StaffError(400, 'Say "add" or "remove".');
    },
  },
};

/** How many of the newest audit entries the owner sees. */
export const AUDIT_SHOWN = 200;

/** GET /api/staff/audit: who did what to which reference, newest first (owner). */
export const auditTrail: StaffRoute<StaffOperations> = {
  kind: "staff",
  GET: {
    role: "owner",
    async run({ store }) {
      const entries = await store.auditLog(AUDIT_SHOWN);
      return { json: { timeZone: GYM_ZONE, entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })) } };
    },
  },
};
