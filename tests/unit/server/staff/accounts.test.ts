import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AccountError, addAccount, removeAccount } from "../../../../src/server/staff/accounts";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * Adding, demoting and removing staff as the CLI and the owner's Accounts screen do it
 * (src/server/staff/accounts.ts), on a real database file and a real PostgreSQL: the gym always keeps
 * an owner, even when two owners act on each other at the same moment.
 */
const NOW = new Date("2026-11-24T15:00:00Z");
const ANA = "ana@gym.example";
const BEN = "ben@gym.example";

function accountsContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  const owners = async () => (await store.staffAccounts()).filter((account) => account.role === "owner").map((account) => account.email);

  test("the only owner can be neither made a coach nor removed; each refusal says what to do", async () => {
    await addAccount(store, ANA, "owner", NOW);
    await expect(addAccount(store, ANA, "coach", NOW)).rejects.toThrow(
      new AccountError(`${ANA} is the only owner. Add another owner first.`),
    );
    await expect(removeAccount(store, ANA)).rejects.toThrow(`${ANA} is the only owner`);
    await expect(removeAccount(store, BEN)).rejects.toThrow(`${BEN} is not a staff account.`);
    expect(await addAccount(store, BEN, "owner", NOW)).toBe(`Added ${BEN} as owner. They sign in at /staff/ with this address.`);
    expect(await addAccount(store, ANA, "coach", NOW)).toBe(`${ANA} is now a coach.`);
    expect(await owners()).toEqual([BEN]);
  });

  // On PostgreSQL the two changes run side by side on two connections; a check made before the change,
  // outside its transaction, lets both see the other still an owner, and the gym is left with none.
  test("two owners removing or demoting each other at the same moment leave an owner", async () => {
    const refused: string[] = [];
    const attempt = (work: Promise<string>) =>
      work.then(
        () => "done",
        (error: unknown) => {
          if (!(error instanceof AccountError)) throw error;
          refused.push(error.message);
          return "refused";
        },
      );
    for (let round = 0; round < 10; round++) {
      await addAccount(store, ANA, "owner", NOW);
      await addAccount(store, BEN, "owner", NOW);
      const results = await Promise.all(
        round % 2 === 0
          ? [attempt(removeAccount(store, ANA)), attempt(removeAccount(store, BEN))]
          : [attempt(addAccount(store, ANA, "coach", NOW)), attempt(addAccount(store, BEN, "coach", NOW))],
      );
      expect({ round, owners: (await owners()).length }).toEqual({ round, owners: 1 });
      expect(results.sort()).toEqual(["done", "refused"]);
    }
    expect(refused.every((message) => /is the only owner\. Add another owner first\.$/.test(message))).toBe(true);
  });
}

describe("staff accounts on SQLite (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  accountsContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-accounts-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("staff accounts on PostgreSQL (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  accountsContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
