import { clearedSessionCookie, deviceTokenOf, hashToken } from "../auth";
import type { StaffRoute } from "../guard";
import type { StaffOperations } from "../types";

/** GET /api/staff/session: who is signed in, for the console's first screen. */
export const session: StaffRoute<StaffOperations> = {
  kind: "staff",
  GET: { role: "coach", run: async ({ staff }) => ({ json: staff }) },
};

/**
 * POST /api/staff/sign-out {everywhere?: true}: ends this session, or every session of this staff
 * member (a lost phone: its links unused and its standing as a known device go too), and clears the
 * session cookie. This browser stays a known device either way: it is in its owner's hands, and
 * forgetting it would leave them to the limits strangers can fill.
 */
export const signOut: StaffRoute<StaffOperations> = {
  kind: "staff",
  POST: {
    role: "coach",
    async run({ req, store, staff, sessionHash, body, audit }) {
      if (body.everywhere === true) {
        const device = deviceTokenOf(req.headers);
        await store.endSessions(staff.email, device && hashToken(device));
        await audit("staff.sign-out-everywhere", staff.email);
      } else {
        await store.endSession(sessionHash);
      }
      return { status: 204, headers: { "Set-Cookie": clearedSessionCookie() } };
    },
  },
};
