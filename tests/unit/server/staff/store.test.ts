import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { addressKey, CODE_TRIES, DEVICE_TTL_MS, hashToken, LINK_TTL_MS, newToken } from "../../../../src/server/staff/auth";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { signInLink, signInMail } from "../../../support/staff";
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

/** A browser's sign-in request cookie, as the store sees it: its hash. */
const browser = () => hashToken(newToken());

/** The link and the code of a sign-in e-mail `email` asked for from `asking`. */
async function mailed(store: SubmissionStore, email: string, asking: string, when = NOW): Promise<{ token: string; code: string }> {
  const made = await signInMail(store, email, when, asking);
  if (!made?.code) throw new Error(`no code made for ${email}`);
  return { token: made.token, code: made.code };
}

/** Another six digits than `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

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

    test("a browser's request makes a six-digit code with its link; the mail carries both until it is sent", async () => {
      const asking = browser();
      await store.requestSignIn(COACH, NOW, { browserHash: asking, next: "/staff/lead/?id=C-1" });
      const [message] = await pendingSignIns(store);
      expect(message?.data).toEqual({ to: COACH, request: asking, next: "/staff/lead/?id=C-1" });
      // What the sender passes on of the message (prepareSignIn).
      const request = { messageId: message?.id ?? 0, email: COACH, requestedAt: NOW, browserHash: asking, next: message?.data?.next };
      const made = await store.issueSignInLink(request, NOW);
      const { token, code } = "token" in made ? made : { token: "", code: "" };
      expect(code).toMatch(/^[0-9]{6}$/);
      const [issued] = await pendingSignIns(store);
      expect(issued?.data).toEqual({ to: COACH, request: asking, next: "/staff/lead/?id=C-1", token, code });
      // A retry after a failed send mails the same link and code.
      expect(await store.issueSignInLink({ ...request, token, code }, new Date(NOW.getTime() + 60_000))).toEqual({ token, code });
      await store.markSent(issued?.id ?? 0, NOW);
      expect((await store.outbox(["sent"]))[0]?.data).toBeNull();
      // A request with no browser (the terminal, or one queued by an older release) mails a link alone.
      expect(await signInMail(store, COACH, NOW)).toEqual({ token: expect.any(String) });
    });

    test("the right code signs in the browser that asked, once, and spends the link with it", async () => {
      const asking = browser();
      const { token, code } = await mailed(store, COACH, asking);
      expect(await store.signInRequest(asking, NOW)).toEqual({ addressKey: addressKey(COACH), tries: 0 });
      expect(await store.useSignInCode(asking, code, new Date(NOW.getTime() + LINK_TTL_MS - 1))).toEqual({ email: COACH, role: "coach" });
      // Replayed, it finds nothing; the link went with it.
      expect(await store.useSignInCode(asking, code, NOW)).toBe("expired");
      expect(await store.signInRequest(asking, NOW)).toBeUndefined();
      expect(await store.useSignInLink(hashToken(token), NOW)).toBe("used");
    });

    test("a code from another request or another browser does nothing; wrong codes count down, then none is taken", async () => {
      const asking = browser();
      const first = await mailed(store, COACH, asking);
      const other = browser();
      const second = await mailed(store, COACH, other);
      // The other browser's code here, this one's there, and a browser that never asked.
      expect(await store.useSignInCode(asking, second.code === first.code ? wrong(first.code) : second.code, NOW)).toEqual({
        wrong: CODE_TRIES - 1,
      });
      expect(await store.useSignInCode(other, first.code === second.code ? wrong(second.code) : first.code, NOW)).toEqual({
        wrong: CODE_TRIES - 1,
      });
      expect(await store.useSignInCode(browser(), first.code, NOW)).toBe("expired");
      for (let left = CODE_TRIES - 2; left >= 0; left--)
        expect(await store.useSignInCode(asking, wrong(first.code, left + 2), NOW)).toEqual({ wrong: left });
      expect(await store.signInRequest(asking, NOW)).toEqual({ addressKey: addressKey(COACH), tries: CODE_TRIES });
      // Out of tries, even the right code is refused: a new request is needed. The link still works.
      expect(await store.useSignInCode(asking, first.code, NOW)).toBe("no-tries");
      expect(await store.useSignInLink(hashToken(first.token), NOW)).toEqual({ email: COACH, role: "coach" });
      expect(await store.useSignInCode(other, second.code, NOW)).toEqual({ email: COACH, role: "coach" });
    });

    test("a stranger's request takes codes as a staff member's does: wrong, by the same count", async () => {
      const asking = browser();
      expect(await signInMail(store, STRANGER, NOW, asking)).toBeUndefined();
      expect(await store.signInRequest(asking, NOW)).toEqual({ addressKey: addressKey(STRANGER), tries: 0 });
      expect(await store.useSignInCode(asking, "123456", NOW)).toEqual({ wrong: CODE_TRIES - 1 });
    });

    test("a code works as long as its link: not after 15 minutes, nor once the link is used or voided", async () => {
      const late = browser();
      const expiring = await mailed(store, COACH, late);
      expect(await store.useSignInCode(late, expiring.code, new Date(NOW.getTime() + LINK_TTL_MS))).toBe("expired");
      expect(await store.signInRequest(late, new Date(NOW.getTime() + LINK_TTL_MS))).toBeUndefined();
      const clicked = browser();
      const used = await mailed(store, COACH, clicked);
      expect(await store.useSignInLink(hashToken(used.token), NOW)).toEqual({ email: COACH, role: "coach" });
      expect(await store.useSignInCode(clicked, used.code, NOW)).toBe("used");
      const voided = browser();
      const lost = await mailed(store, COACH, voided);
      await store.endSessions(COACH);
      expect(await store.useSignInCode(voided, lost.code, NOW)).toBe("used");
      const removed = browser();
      const gone = await mailed(store, COACH, removed);
      await store.removeStaff(COACH);
      expect(await store.useSignInCode(removed, gone.code, NOW)).toBe("used");
    });

    test("two tries of the right code at once: exactly one signs in", async () => {
      const asking = browser();
      const { code } = await mailed(store, OWNER, asking);
      const results = await Promise.all([store.useSignInCode(asking, code, NOW), store.useSignInCode(asking, code, NOW)]);
      expect(results.filter((r) => typeof r === "object" && "email" in r)).toHaveLength(1);
    });

    test("requests past their time are swept as new ones come", async () => {
      const old = browser();
      await store.requestSignIn(STRANGER, NOW, { browserHash: old });
      await store.requestSignIn(STRANGER, new Date(NOW.getTime() + LINK_TTL_MS + 1), { browserHash: browser() });
      expect(await store.signInRequest(old, NOW)).toBeUndefined();
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

    test("new-lead e-mails: on for every account; each turns them off and on again for itself, and since when is kept", async () => {
      expect((await store.staffAccounts()).map((a) => [a.email, a.leadAlertsOffSince])).toEqual([
        [COACH, null],
        [OWNER, null],
      ]);
      expect(await store.setLeadAlerts(COACH, false, NOW)).toBe(true);
      // Off again later: still off since the first time.
      expect(await store.setLeadAlerts(COACH, false, at("2026-11-25T09:00:00Z"))).toBe(true);
      expect(await store.staffAccount(COACH)).toMatchObject({ leadAlertsOffSince: NOW });
      expect(await store.staffAccount(OWNER)).toMatchObject({ leadAlertsOffSince: null });
      // A role changed meanwhile keeps the setting; an address with no account changes nothing.
      expect(await store.addStaff(COACH, "owner", NOW)).toBe("updated");
      expect((await store.staffAccounts()).map((a) => [a.email, a.leadAlertsOffSince])).toEqual([
        [COACH, NOW],
        [OWNER, null],
      ]);
      expect(await store.setLeadAlerts(STRANGER, false, NOW)).toBe(false);
      expect(await store.staffAccount(STRANGER)).toBeUndefined();
      expect(await store.setLeadAlerts(COACH, true, NOW)).toBe(true);
      expect(await store.staffAccount(COACH)).toMatchObject({ leadAlertsOffSince: null });
      // Removed and added again, the account starts as every new one does: on.
      await store.setLeadAlerts(COACH, false, NOW);
      expect(await store.removeStaff(COACH)).toBe("removed");
      expect(await store.addStaff(COACH, "coach", NOW)).toBe("added");
      expect(await store.staffAccount(COACH)).toMatchObject({ leadAlertsOffSince: null });
    });

    test("which intro coach an account is: none at first, set and cleared by the account, kept across a change of role", async () => {
      expect((await store.staffAccounts()).map((a) => [a.email, a.introCoach])).toEqual([
        [COACH, null],
        [OWNER, null],
      ]);
      expect(await store.setIntroCoach(COACH, "Dana")).toBe(true);
      expect(await store.staffAccount(COACH)).toMatchObject({ introCoach: "Dana" });
      expect(await store.staffAccount(OWNER)).toMatchObject({ introCoach: null });
      expect(await store.addStaff(COACH, "owner", NOW)).toBe("updated");
      expect(await store.staffAccount(COACH)).toMatchObject({ introCoach: "Dana" });
      expect(await store.setIntroCoach(STRANGER, "Dana")).toBe(false);
      expect(await store.setIntroCoach(COACH, null)).toBe(true);
      expect(await store.staffAccount(COACH)).toMatchObject({ introCoach: null });
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

/**
 * What the database holds of a code and of the browser that asked: hashes only, and no address. A copy
 * of it signs nobody in: the code's hash is salted with the browser's, and the browser's cookie itself
 * is nowhere in it.
 */
async function expectCodeKeptHashed(store: SubmissionStore, rows: () => Promise<Array<Record<string, unknown>>>) {
  await store.addStaff(COACH, "coach", NOW);
  const cookie = newToken();
  const { code } = await mailed(store, COACH, hashToken(cookie));
  const kept = await rows();
  expect(kept).toHaveLength(1);
  const text = JSON.stringify(kept);
  for (const secret of [code, cookie, COACH]) expect(text).not.toContain(secret);
  expect(kept[0]).toMatchObject({ browser_hash: hashToken(cookie), address_key: addressKey(COACH), tries: 0 });
  expect(kept[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(kept[0]?.code_hash).not.toBe(hashToken(code));
}

describe("SQLite store: staff (a real database file)", () => {
  const dirs: string[] = [];
  const file = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-staff-"));
    dirs.push(dir);
    return path.join(dir, "submissions.sqlite");
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  staffContract("contract", async () => openSqliteStore(file()));

  test("a code is kept as a hash, with the browser's and the address's", async () => {
    const where = file();
    const store = openSqliteStore(where);
    try {
      await expectCodeKeptHashed(store, async () => {
        const db = new Database(where, { readonly: true });
        try {
          return db.prepare("SELECT * FROM sign_in_requests").all() as Array<Record<string, unknown>>;
        } finally {
          db.close();
        }
      });
    } finally {
      await store.close();
    }
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

  test("a code is kept as a hash, with the browser's and the address's", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await expectCodeKeptHashed(store, async () => (await client.query<Record<string, unknown>>("SELECT * FROM sign_in_requests")).rows);
    } finally {
      await client.end();
      await store.close();
    }
  });
});
