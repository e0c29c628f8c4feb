import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEVICE_TTL_MS, hashToken, LINK_TTL_MS, newToken } from "../../../../src/server/staff/auth";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { signInLink } from "../../../support/staff";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-24T15:00:00Z");
const OWNER = "owner@gym.example";
const COACH = "coach@gym.example";
const STRANGER = "stranger@example.com";

async function link(store: SubmissionStore, email: string, when = NOW): Promise<string> {
  const token = await signInLink(store, email, when);
  if (!token) throw new Error(`no link made for ${email}`);
  return token;
}

const pendingSignIns = async (store: SubmissionStore) => (await store.outbox(["pending"])).filter((m) => m.kind === "sign-in");

function staffContract(name: string, open: () => Promise<SubmissionStore>) {
  describe(name, () => {
    let store: SubmissionStore;
    beforeEach(async () => {
      store = await open();
      await store.addStaff(OWNER, "owner", NOW);
      await store.addStaff(COACH, "coach", NOW);
    });
    afterEach(() => store.close());

    test("accounts: added once, role changed in place, listed by address", async () => {
      expect(await store.addStaff(COACH, "coach", NOW)).toBe("unchanged");
      expect(await store.addStaff(COACH, "owner", NOW)).toBe("updated");
      expect((await store.staffAccounts()).map((a) => [a.email, a.role])).toEqual([
        [COACH, "owner"],
        [OWNER, "owner"],
      ]);
    });

    test("a link signs in once, within 15 minutes, and its mail carries the token until it is sent", async () => {
      const token = await link(store, COACH);
      const [message] = await pendingSignIns(store);
      expect(message).toMatchObject({ kind: "sign-in", submissionId: null, data: { to: COACH, token } });
      expect(await store.useSignInLink(hashToken(token), new Date(NOW.getTime() + LINK_TTL_MS - 1))).toEqual({
        email: COACH,
        role: "coach",
      });
      expect(await store.useSignInLink(hashToken(token), new Date(NOW.getTime() + 60_000))).toBe("used");
      await store.markSent(message?.id ?? 0, NOW);
      expect((await store.outbox(["sent"]))[0]?.data).toBeNull();
    });

    test("asking for a link is the same one row for a staff address and a stranger's; only the sender tells them apart", async () => {
      await store.requestSignIn(COACH, NOW);
      await store.requestSignIn(STRANGER, NOW);
      const [staff, stranger] = await pendingSignIns(store);
      // Nothing but the address differs: no link exists yet for either, so the answer's work was the same.
      expect(staff).toMatchObject({ kind: "sign-in", submissionId: null, status: "pending", attempts: 0, data: { to: COACH } });
      expect({ ...stranger, id: 0, data: null }).toEqual({ ...staff, id: 0, data: null });
      expect(Object.keys(stranger?.data ?? {})).toEqual(["to"]);
      const later = new Date(NOW.getTime() + 1_000);
      const made = await store.issueSignInLink({ messageId: staff?.id ?? 0, email: COACH, requestedAt: NOW }, later);
      const token = "token" in made ? made.token : "";
      expect(await store.useSignInLink(hashToken(token), later)).toEqual({ email: COACH, role: "coach" });
      // The stranger's request is dropped, and gone from the outbox with its address.
      expect(await store.issueSignInLink({ messageId: stranger?.id ?? 0, email: STRANGER, requestedAt: NOW }, later)).toEqual({
        drop: "not-staff",
      });
      expect((await store.outbox()).map((m) => m.data?.to ?? null)).not.toContain(STRANGER);
    });

    test("a request that waited longer than a link lives is dropped; a link made earlier is mailed again only while it works", async () => {
      await store.requestSignIn(COACH, NOW);
      const [waited] = await pendingSignIns(store);
      expect(
        await store.issueSignInLink({ messageId: waited?.id ?? 0, email: COACH, requestedAt: NOW }, new Date(NOW.getTime() + LINK_TTL_MS)),
      ).toEqual({ drop: "expired" });
      const token = await link(store, COACH);
      const [made] = await pendingSignIns(store);
      const again = { messageId: made?.id ?? 0, email: COACH, requestedAt: NOW, token };
      // A retry after a failed send gives the same link while it can still sign in...
      expect(await store.issueSignInLink(again, new Date(NOW.getTime() + 60_000))).toEqual({ token });
      // ...and drops it once spent.
      await store.useSignInLink(hashToken(token), new Date(NOW.getTime() + 60_000));
      expect(await store.issueSignInLink(again, new Date(NOW.getTime() + 120_000))).toEqual({ drop: "link-gone" });
    });

    test("on a fresh install the first owner's request makes the account; once anyone exists it does nothing", async () => {
      expect(await store.removeStaff(COACH)).toBe("removed");
      await store.addStaff(OWNER, "coach", NOW);
      // OWNER is the only account and a coach: asking as the first owner changes nothing.
      expect(await signInLink(store, STRANGER, NOW)).toBeUndefined();
      await store.requestSignIn(STRANGER, NOW);
      const [request] = await pendingSignIns(store);
      expect(await store.issueSignInLink({ messageId: request?.id ?? 0, email: STRANGER, requestedAt: NOW }, NOW, STRANGER)).toEqual({
        drop: "not-staff",
      });
      expect(await store.staffAccount(STRANGER)).toBeUndefined();
    });

    test("an expired link and an unknown one are refused, each for its reason", async () => {
      const token = await link(store, COACH);
      expect(await store.useSignInLink(hashToken(token), new Date(NOW.getTime() + LINK_TTL_MS))).toBe("expired");
      expect(await store.useSignInLink(hashToken(newToken()), NOW)).toBe("unknown");
      // Refusing it did not spend it: it is still expired, not used.
      expect(await store.useSignInLink(hashToken(token), new Date(NOW.getTime() + LINK_TTL_MS + 1))).toBe("expired");
    });

    test("two requests with one link at once: exactly one signs in", async () => {
      const token = await link(store, OWNER);
      const results = await Promise.all([store.useSignInLink(hashToken(token), NOW), store.useSignInLink(hashToken(token), NOW)]);
      expect(results.filter((r) => typeof r === "object")).toHaveLength(1);
      expect(results).toContain("used");
    });

    test("sessions: found by hash with their account's role; ended one at a time or all of an address", async () => {
      const [a, b, c] = [newToken(), newToken(), newToken()].map(hashToken) as [string, string, string];
      await store.createSession(a, COACH, NOW);
      await store.createSession(b, COACH, NOW);
      await store.createSession(c, OWNER, NOW);
      expect(await store.findSession(a)).toEqual({ email: COACH, role: "coach", createdAt: NOW, lastSeenAt: NOW });
      const later = at("2026-11-24T16:00:00Z");
      await store.touchSession(a, later);
      expect((await store.findSession(a))?.lastSeenAt).toEqual(later);
      await store.endSession(a);
      expect(await store.findSession(a)).toBeUndefined();
      expect(await store.endSessions(COACH)).toBe(1);
      expect(await store.findSession(b)).toBeUndefined();
      expect(await store.findSession(c)).toBeDefined();
    });

    test("removing an account ends its sessions and spends its links at once, mailed or not", async () => {
      const session = hashToken(newToken());
      await store.createSession(session, COACH, NOW);
      const token = await link(store, COACH);
      const [waiting] = await pendingSignIns(store);
      expect(await store.removeStaff(COACH)).toBe("removed");
      expect(await store.findSession(session)).toBeUndefined();
      expect(await store.useSignInLink(hashToken(token), NOW)).toBe("unknown");
      // Its mail had not gone yet: the sender finds the link gone and sends nothing.
      expect(await store.issueSignInLink({ messageId: waiting?.id ?? 0, email: COACH, requestedAt: NOW, token }, NOW)).toEqual({
        drop: "link-gone",
      });
      expect(await store.removeStaff(COACH)).toBe("not-found");
    });

    test("signing out everywhere voids the address's unused links too", async () => {
      const session = hashToken(newToken());
      await store.createSession(session, COACH, NOW);
      const unused = await link(store, COACH);
      const ownersLink = await link(store, OWNER);
      expect(await store.endSessions(COACH)).toBe(1);
      expect(await store.useSignInLink(hashToken(unused), NOW)).toBe("unknown");
      expect(await store.useSignInLink(hashToken(ownersLink), NOW)).toEqual({ email: OWNER, role: "owner" });
    });

    test("a known device: found by hash for its address until a year after its latest sign-in, renewed in place", async () => {
      const [phone, desk] = [newToken(), newToken()].map(hashToken) as [string, string];
      await store.rememberDevice(phone, COACH, NOW);
      expect(await store.deviceOwner(phone, NOW)).toBe(COACH);
      expect(await store.deviceOwner(hashToken(newToken()), NOW)).toBeUndefined();
      const yearOn = new Date(NOW.getTime() + DEVICE_TTL_MS);
      expect(await store.deviceOwner(phone, new Date(yearOn.getTime() - 1))).toBe(COACH);
      expect(await store.deviceOwner(phone, yearOn)).toBeUndefined();
      // Signing in again on it renews it for another year.
      const later = new Date(NOW.getTime() + 86_400_000);
      await store.rememberDevice(phone, COACH, later);
      expect(await store.deviceOwner(phone, yearOn)).toBe(COACH);
      // Another person signing in on the same browser replaces it: one browser, one device.
      await store.rememberDevice(desk, OWNER, later, phone);
      expect(await store.deviceOwner(phone, later)).toBeUndefined();
      expect(await store.deviceOwner(desk, later)).toBe(OWNER);
      // Devices expired are swept as new ones are remembered.
      const old = hashToken(newToken());
      await store.rememberDevice(old, COACH, NOW);
      await store.rememberDevice(hashToken(newToken()), COACH, yearOn);
      expect(await store.deviceOwner(old, NOW)).toBeUndefined();
    });

    test("removing an account forgets its devices; signing out everywhere forgets all but the browser asking", async () => {
      const [phone, desk, owners] = [newToken(), newToken(), newToken()].map(hashToken) as [string, string, string];
      await store.rememberDevice(phone, COACH, NOW);
      await store.rememberDevice(desk, COACH, NOW);
      await store.rememberDevice(owners, OWNER, NOW);
      await store.endSessions(COACH, desk);
      expect(await store.deviceOwner(phone, NOW)).toBeUndefined();
      expect(await store.deviceOwner(desk, NOW)).toBe(COACH);
      await store.endSessions(COACH);
      expect(await store.deviceOwner(desk, NOW)).toBeUndefined();
      await store.rememberDevice(desk, COACH, NOW);
      expect(await store.removeStaff(COACH)).toBe("removed");
      expect(await store.deviceOwner(desk, NOW)).toBeUndefined();
      expect(await store.deviceOwner(owners, NOW)).toBe(OWNER);
      // A device is not a session: its hash signs nobody in.
      expect(await store.findSession(owners)).toBeUndefined();
    });

    test("the last owner can be neither made a coach nor removed", async () => {
      expect(await store.addStaff(OWNER, "coach", NOW)).toBe("last-owner");
      expect(await store.removeStaff(OWNER)).toBe("last-owner");
      expect(await store.addStaff(COACH, "owner", NOW)).toBe("updated");
      expect(await store.addStaff(OWNER, "coach", NOW)).toBe("updated");
      expect((await store.staffAccounts()).map((a) => [a.email, a.role])).toEqual([
        [COACH, "owner"],
        [OWNER, "coach"],
      ]);
    });

    test("the audit log keeps who did what to which reference, newest first", async () => {
      await store.audit({ at: NOW, actor: OWNER, action: "lead.status", target: "C-0000000001" });
      await store.audit({ at: at("2026-11-24T15:01:00Z"), actor: "cli", action: "staff.add", target: COACH });
      expect(await store.auditLog(10)).toEqual([
        { at: at("2026-11-24T15:01:00Z"), actor: "cli", action: "staff.add", target: COACH },
        { at: NOW, actor: OWNER, action: "lead.status", target: "C-0000000001" },
      ]);
    });
  });
}

describe("SQLite store: staff (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  staffContract("contract", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-staff-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("PostgreSQL store: staff (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  staffContract("contract", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
