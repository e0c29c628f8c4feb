import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { readConfig } from "../../../../../src/server/config";
import { processState } from "../../../../../src/server/process/state";
import { DEVICE_COOKIE, hashToken, newToken, SIGN_IN_COOKIE } from "../../../../../src/server/staff/auth";
import type { PublicContext } from "../../../../../src/server/staff/guard";
import { LINK_LIMITS, LINK_SENT, signIn } from "../../../../../src/server/staff/routes/signIn";
import type { StaffStore } from "../../../../../src/server/staff/types";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../../src/server/app/store";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../../support/postgres";
import { describeWithPostgres } from "../../../support/postgres";

/**
 * POST /api/staff/sign-in past its limits (LINK_LIMITS), on both databases: a request the limits refuse
 * gets the same answer as any other, and is written nowhere. A stranger asking for someone else's
 * address past its limit grows no table and queues nothing. The limits' counting itself, against a
 * production server, is tests/server/staffApi.spec.ts.
 */

const NOW = new Date("2026-11-24T15:00:00Z");
const OWNER = "owner@gym.example";

/** The rows a sign-in request leaves: its own, and the e-mail it queues. */
interface Counts {
  requests: number;
  mails: number;
}

function refusalContract(open: () => Promise<{ store: SubmissionStore; counts: () => Promise<Counts> }>) {
  let store: SubmissionStore;
  let counts: () => Promise<Counts>;
  beforeEach(async () => {
    // The limiters are kept for the process, bound to the store they were made with: each test its own.
    delete processState().signInLimits;
    ({ store, counts } = await open());
    await store.addStaff(OWNER, "owner", NOW);
  });
  afterEach(async () => {
    delete processState().signInLimits;
    await store.close();
  });

  const config = readConfig({ SMTP_URL: "smtp://127.0.0.1:2525", STAFF_EMAIL: "desk@gym.example", DATA_DIR: os.tmpdir() });
  /** Asks for the owner's links from `from`, with the cookies given. */
  const ask = (from: string, cookie?: string) =>
    signIn.POST({
      req: { headers: cookie ? { cookie } : {}, socket: { remoteAddress: from } } as unknown as PublicContext<StaffStore>["req"],
      store,
      config,
      now: NOW,
      body: { email: OWNER },
      query: {},
      kick: () => undefined,
    });

  /** A refused request: the answer everyone gets, and nothing more in the store than before it. */
  async function expectRefusedUnwritten(from: string, cookie?: string) {
    const before = await counts();
    const answer = await ask(from, cookie);
    expect([answer.status, answer.json]).toEqual([202, { message: LINK_SENT }]);
    expect(await counts()).toEqual(before);
  }

  test("past one connection's share of an address, and past the address's cap, a request writes nothing", async () => {
    for (let i = 0; i < LINK_LIMITS.perAddressAndClient; i++) expect((await ask("127.0.0.2")).status).toBe(202);
    expect(await counts()).toEqual({ requests: LINK_LIMITS.perAddressAndClient, mails: LINK_LIMITS.perAddressAndClient });
    await expectRefusedUnwritten("127.0.0.2");

    for (const from of ["127.0.0.3", "127.0.0.4", "127.0.0.5"]) {
      for (let i = 0; i < LINK_LIMITS.perAddressAndClient; i++) expect((await ask(from)).status).toBe(202);
    }
    expect(await counts()).toEqual({ requests: LINK_LIMITS.perAddress, mails: LINK_LIMITS.perAddress });
    await expectRefusedUnwritten("127.0.0.6");
  });

  test("past a known device's own limit, its request writes nothing either", async () => {
    const device = newToken();
    await store.rememberDevice(hashToken(device), OWNER, NOW);
    const cookie = `${DEVICE_COOKIE}=${device}`;
    for (let i = 0; i < LINK_LIMITS.perDevice; i++) expect((await ask("127.0.0.7", cookie)).status).toBe(202);
    expect(await counts()).toEqual({ requests: LINK_LIMITS.perDevice, mails: LINK_LIMITS.perDevice });
    await expectRefusedUnwritten("127.0.0.7", cookie);
  });

  test("a refused request leaves the browser's earlier request as it was: the code already mailed still counts", async () => {
    for (let i = 0; i < LINK_LIMITS.perAddressAndClient; i++) expect((await ask("127.0.0.8")).headers?.["Set-Cookie"]).toBeDefined();
    const refused = await ask("127.0.0.8", `${SIGN_IN_COOKIE}=${newToken()}`);
    expect(refused.headers?.["Set-Cookie"]).toBeUndefined();
  });
}

describe("SQLite: a refused sign-in request (a real database file)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-sign-in-route-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  refusalContract(async () => {
    const file = path.join(dir, `s${++n}.sqlite`);
    const store = openSqliteStore(file);
    const counts = async (): Promise<Counts> => {
      const db = new Database(file, { readonly: true });
      try {
        const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
        return {
          requests: count("SELECT count(*) AS n FROM sign_in_requests"),
          mails: count("SELECT count(*) AS n FROM outbox WHERE kind = 'sign-in'"),
        };
      } finally {
        db.close();
      }
    };
    return { store, counts };
  });
});

describeWithPostgres("PostgreSQL: a refused sign-in request (a real server)", () => {
  let pg: TestPostgres | null = null;
  const clients: Client[] = [];
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await pg?.stop();
  });
  refusalContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url);
    const client = new Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
    const counts = async (): Promise<Counts> => ({
      requests: await count("SELECT count(*) AS n FROM sign_in_requests"),
      mails: await count("SELECT count(*) AS n FROM outbox WHERE kind = 'sign-in'"),
    });
    return { store, counts };
  });
});
