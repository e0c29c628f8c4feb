import { clearedSessionCookie } from "../auth";
import type { StaffRoute } from "../guard";

/** GET /api/staff/session: who is signed in, for the console's first screen. */
export const session: StaffRoute = {
  kind: "staff",
  GET: { role: "coach", run: async ({ staff }) => ({ json: staff }) },
};

/**
 * POST /api/staff/sign-out {everywhere?: true}: ends this session, or every session of this staff
 * member (a lost phone), and clears the cookie.
 */
export const signOut: StaffRoute = {
  kind: "staff",
  POST: {
    role: "coach",
    async run({ store, staff, sessionHash, body, audit }) {
      if (body.everywhere === true) {
        await store.endSessions(staff.email);
        await audit("staff.sign-out-everywhere", staff.email);
      } else {
        await store.endSession(sessionHash);
      }
      return { status: 204, headers: { "Set-Cookie": clearedSessionCookie() } };
    },
  },
};
