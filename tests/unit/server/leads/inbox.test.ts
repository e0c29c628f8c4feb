import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FormName } from "../../../../src/forms/registry";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { InboxFilter } from "../../../../src/server/leads/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * The list of forms that are no person's (store.inbox), on each database: members' forms and privacy
 * requests, and spam of every form. The people of the pipeline: people.test.ts.
 */

const at = (iso: string) => new Date(iso);

function sent(id: string, createdAt: string, form: FormName = "signup", spam: string | null = null): NewSubmission {
  return { id, form, createdAt: at(createdAt), payload: { name: id, email: `${id.toLowerCase()}@example.com` }, spam, notify: false };
}

const ALL: InboxFilter = { view: "members", today: "2026-11-20", limit: 50 };
const ids = async (store: SubmissionStore, filter: Partial<InboxFilter> = {}) =>
  (await store.inbox({ ...ALL, ...filter })).leads.map((lead) => lead.submission.id);

function inboxContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
    await store.insert(sent("S-OLD", "2026-11-18T10:00:00Z"));
    await store.insert(sent("C-SALES", "2026-11-19T09:00:00Z", "contact"));
    await store.insert(sent("H-HOLD", "2026-11-19T10:00:00Z", "membership-hold"));
    await store.insert(sent("X-SPAM", "2026-11-19T11:00:00Z", "contact", "honeypot"));
    await store.insert(sent("S-DUE", "2026-11-19T12:00:00Z"));
    await store.insert(sent("S-LOST", "2026-11-20T10:00:00Z"));
    const by = "owner@example.com";
    await store.updateLead("S-DUE", { status: "contacted", followUpOn: "2026-11-20" }, by, at("2026-11-19T13:00:00Z"));
    await store.updateLead("S-OLD", { followUpOn: "2026-11-19" }, by, at("2026-11-19T13:00:00Z"));
    await store.updateLead("S-LOST", { status: "lost", followUpOn: "2026-11-19" }, by, at("2026-11-20T10:30:00Z"));
  });
  afterEach(() => store.close());

  test("members' forms, newest first, spam hidden, no sales form (those are their people's); the state beside each", async () => {
    expect(await ids(store)).toEqual(["S-LOST", "S-DUE", "H-HOLD", "S-OLD"]);
    const { leads } = await store.inbox(ALL);
    expect(leads.find((lead) => lead.submission.id === "H-HOLD")?.state).toBeNull();
    expect(leads.find((lead) => lead.submission.id === "S-DUE")?.state).toMatchObject({
      status: "contacted",
      followUpOn: "2026-11-20",
      updatedBy: "owner@example.com",
      updatedAt: at("2026-11-19T13:00:00Z"),
    });
  });

  test("New, follow-up and Needs action among members' forms", async () => {
    expect(await ids(store, { view: "new" })).toEqual(["H-HOLD", "S-OLD"]);
    expect(await ids(store, { view: "new", form: "membership-hold" })).toEqual(["H-HOLD"]);
    expect(await ids(store, { view: "follow-up" })).toEqual(["S-DUE", "S-OLD"]);
    expect(await ids(store, { view: "follow-up", today: "2026-11-19" })).toEqual(["S-OLD"]);
    expect(await ids(store, { view: "action" })).toEqual(["S-DUE", "H-HOLD", "S-OLD"]);
    expect(await ids(store, { status: "lost", form: "signup" })).toEqual(["S-LOST"]);
  });

  test("the spam view holds spam of every form, and a restored one moves to its person", async () => {
    expect(await ids(store, { view: "spam" })).toEqual(["X-SPAM"]);
    expect(await store.personOf("X-SPAM")).toBeUndefined();
    expect(await store.restoreSpam("X-SPAM", false, at("2026-11-20T11:00:00Z"))).toBe(true);
    expect(await ids(store, { view: "spam" })).toEqual([]);
    expect(await store.personOf("X-SPAM")).toMatchObject({ state: { status: "new", waitingSince: at("2026-11-20T11:00:00Z") } });
  });

  test("a member's form keeps its own history; the first staff answer is its first response, written once", async () => {
    expect(await store.events("S-DUE")).toEqual([{ status: "contacted", actor: "owner@example.com", at: at("2026-11-19T13:00:00Z") }]);
    expect(await store.events("S-OLD")).toEqual([]);
    expect((await store.leadStates(["S-LOST"])).get("S-LOST")?.firstResponseAt).toBeNull();
    await store.updateLead("S-LOST", { status: "contacted" }, "coach@example.com", at("2026-11-20T11:00:00Z"));
    expect((await store.leadStates(["S-LOST"])).get("S-LOST")?.firstResponseAt).toEqual(at("2026-11-20T11:00:00Z"));
  });

  test("at most `limit` rows, and whether more matched", async () => {
    const page = await store.inbox({ ...ALL, limit: 2 });
    expect(page.leads.map((lead) => lead.submission.id)).toEqual(["S-LOST", "S-DUE"]);
    expect(page.more).toBe(true);
    expect((await store.inbox({ ...ALL, limit: 4 })).more).toBe(false);
  });
}

describe("SQLite store: the list of members' forms and spam (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  inboxContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-inbox-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("PostgreSQL store: the list of members' forms and spam (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  inboxContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
