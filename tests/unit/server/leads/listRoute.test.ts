import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LeadList } from "../../../../src/desk/leads";
import { leads, VIEW_LIMIT } from "../../../../src/server/leads/listRoute";
import type { InboxOperations, PeopleOperations } from "../../../../src/server/leads/types";
import type { StaffContext } from "../../../../src/server/staff/guard";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * The list's route over more people than one screen shows: a search reads the whole view, so the
 * newest person of Needs action (which lists the longest waiting first) is found by name; the screen
 * still holds at most VIEW_LIMIT lines and says when more matched.
 */

const NOW = new Date("2026-11-20T18:00:00Z");
/** More people waiting than one screen holds, the first sent two hours before NOW, a second apart. */
const WAITING = VIEW_LIMIT + 20;

const context = (store: SubmissionStore, query: Record<string, string>) =>
  ({
    store,
    query,
    now: NOW,
    staff: { email: "coach@gym.example", role: "coach" },
    audit: () => Promise.resolve(),
  }) as unknown as StaffContext<InboxOperations & PeopleOperations>;

const listed = async (store: SubmissionStore, query: Record<string, string>) =>
  (await leads.GET!.run(context(store, query))).json as LeadList;

function listContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeAll(async () => {
    store = await open();
    for (let index = 0; index < WAITING; index++) {
      const name = index === WAITING - 1 ? "Newest Waiting" : `Walker ${index}`;
      await store.insert({
        id: `C-${String(index).padStart(4, "0")}`,
        form: "contact",
        createdAt: new Date(NOW.getTime() - 2 * 3_600_000 + index * 1000),
        payload: { name, email: `walker${index}@example.com`, interest: "membership", message: "Hi" },
        spam: null,
        notify: false,
      });
    }
  }, 120_000);
  afterAll(() => store.close());

  test("Needs action shows the longest waiting first, one screen of them, and says more are waiting", async () => {
    const list = await listed(store, { view: "action" });
    expect(list.leads).toHaveLength(VIEW_LIMIT);
    expect(list.leads[0]?.name).toBe("Walker 0");
    expect(list.leads.map((lead) => lead.name)).not.toContain("Newest Waiting");
    expect(list.more).toBe(true);
  });

  test("a search reads the whole view: the newest person waiting is found, and nothing else", async () => {
    const list = await listed(store, { view: "action", q: "newest wait" });
    expect(list.leads.map((lead) => lead.name)).toEqual(["Newest Waiting"]);
    expect(list.more).toBe(false);
    const byAddress = await listed(store, { view: "all", q: `walker${WAITING - 2}@` });
    expect(byAddress.leads.map((lead) => lead.name)).toEqual([`Walker ${WAITING - 2}`]);
  });

  test("a search matching more than a screen holds shows the first screen of matches, and says so", async () => {
    const list = await listed(store, { view: "action", q: "walker" });
    expect(list.leads).toHaveLength(VIEW_LIMIT);
    expect(list.leads[0]?.name).toBe("Walker 0");
    expect(list.more).toBe(true);
  });
}

describe("SQLite: the leads list's route", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  listContract(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-list-route-"));
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: the leads list's route (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  listContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
