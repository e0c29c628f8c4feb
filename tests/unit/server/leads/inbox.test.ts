import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FormName } from "../../../../src/forms/registry";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { InboxFilter } from "../../../../src/server/leads/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/** The staff's lead list (store.inbox), on each database: the same rows, in the same order. */

const at = (iso: string) => new Date(iso);

function sent(id: string, createdAt: string, form: FormName = "contact", spam: string | null = null): NewSubmission {
  return { id, form, createdAt: at(createdAt), payload: { name: id, email: `${id.toLowerCase()}@example.com` }, spam, notify: false };
}

const FACEBOOK = { landingPage: "/", referrerHost: "l.facebook.com", utmSource: "facebook", utmMedium: null, utmCampaign: "open-house" };

const ALL: InboxFilter = { view: "all", today: "2026-11-20", limit: 50 };
const ids = async (store: SubmissionStore, filter: Partial<InboxFilter> = {}) =>
  (await store.inbox({ ...ALL, ...filter })).leads.map((lead) => lead.submission.id);

function inboxContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
    await store.insert(sent("C-OLD", "2026-11-18T10:00:00Z"));
    await store.insert(sent("S-SIGNUP", "2026-11-19T10:00:00Z", "signup"));
    await store.insert(sent("X-SPAM", "2026-11-19T11:00:00Z", "contact", "honeypot"));
    await store.insert(sent("C-DUE", "2026-11-19T12:00:00Z"));
    await store.insert({ ...sent("C-LATER", "2026-11-20T09:00:00Z"), source: FACEBOOK });
    await store.insert(sent("C-LOST", "2026-11-20T10:00:00Z"));
    const by = "owner@example.com";
    await store.updateLead("C-DUE", { status: "contacted", followUpOn: "2026-11-20" }, by, at("2026-11-19T13:00:00Z"));
    await store.updateLead("C-OLD", { followUpOn: "2026-11-19" }, by, at("2026-11-19T13:00:00Z"));
    await store.updateLead("C-LATER", { status: "contacted", followUpOn: "2026-11-21" }, by, at("2026-11-20T09:30:00Z"));
    await store.updateLead("C-LOST", { status: "lost", followUpOn: "2026-11-19" }, by, at("2026-11-20T10:30:00Z"));
  });
  afterEach(() => store.close());

  test("every form, newest first, spam hidden; the lead's state beside each", async () => {
    expect(await ids(store)).toEqual(["C-LOST", "C-LATER", "C-DUE", "S-SIGNUP", "C-OLD"]);
    const { leads } = await store.inbox(ALL);
    expect(leads.find((lead) => lead.submission.id === "S-SIGNUP")?.state).toBeNull();
    expect(leads.find((lead) => lead.submission.id === "C-DUE")?.state).toMatchObject({
      status: "contacted",
      followUpOn: "2026-11-20",
      updatedBy: "owner@example.com",
      updatedAt: at("2026-11-19T13:00:00Z"),
    });
    expect(leads[0]?.submission.payload).toEqual({ name: "C-LOST", email: "c-lost@example.com" });
  });

  test("New is a lead with no state yet or one still New", async () => {
    expect(await ids(store, { view: "new" })).toEqual(["S-SIGNUP", "C-OLD"]);
    expect(await ids(store, { status: "new" })).toEqual(["S-SIGNUP", "C-OLD"]);
    expect(await ids(store, { view: "new", form: "signup" })).toEqual(["S-SIGNUP"]);
  });

  test("Follow up today: a date on or before today, not for a lead already Joined or Lost", async () => {
    expect(await ids(store, { view: "follow-up" })).toEqual(["C-DUE", "C-OLD"]);
    expect(await ids(store, { view: "follow-up", today: "2026-11-19" })).toEqual(["C-OLD"]);
    expect(await ids(store, { view: "follow-up", today: "2026-11-21" })).toEqual(["C-LATER", "C-DUE", "C-OLD"]);
  });

  test("Needs action (what the console opens on): New, or due for follow-up and not closed", async () => {
    expect(await ids(store, { view: "action" })).toEqual(["C-DUE", "S-SIGNUP", "C-OLD"]);
    expect(await ids(store, { view: "action", today: "2026-11-21" })).toEqual(["C-LATER", "C-DUE", "S-SIGNUP", "C-OLD"]);
    expect(await ids(store, { view: "action", form: "signup" })).toEqual(["S-SIGNUP"]);
  });

  test("filters by form and status together", async () => {
    expect(await ids(store, { form: "signup" })).toEqual(["S-SIGNUP"]);
    expect(await ids(store, { status: "contacted" })).toEqual(["C-LATER", "C-DUE"]);
    expect(await ids(store, { status: "lost", form: "contact" })).toEqual(["C-LOST"]);
    expect(await ids(store, { status: "joined" })).toEqual([]);
  });

  test("the spam view holds only spam, and a restored one moves back to the list", async () => {
    expect(await ids(store, { view: "spam" })).toEqual(["X-SPAM"]);
    expect(await store.restoreSpam("X-SPAM", false, at("2026-11-20T11:00:00Z"))).toBe(true);
    expect(await ids(store, { view: "spam" })).toEqual([]);
    expect(await ids(store, { view: "new" })).toEqual(["X-SPAM", "S-SIGNUP", "C-OLD"]);
  });

  test("every status change is kept with when and who; the first staff answer is the first response, written once", async () => {
    expect(await store.events("C-DUE")).toEqual([{ status: "contacted", actor: "owner@example.com", at: at("2026-11-19T13:00:00Z") }]);
    // A date alone changes no status: no history, no answer.
    expect(await store.events("C-OLD")).toEqual([]);
    expect((await store.leadStates(["C-OLD"])).get("C-OLD")?.firstResponseAt).toBeNull();
    // Lost does not answer the visitor.
    expect((await store.leadStates(["C-LOST"])).get("C-LOST")?.firstResponseAt).toBeNull();
    await store.updateLead("C-LOST", { status: "contacted" }, "coach@example.com", at("2026-11-20T11:00:00Z"));
    await store.updateLead("C-DUE", { status: "contacted" }, "coach@example.com", at("2026-11-20T08:00:00Z"));
    await store.updateLead("C-DUE", { status: "joined" }, "coach@example.com", at("2026-11-21T08:00:00Z"));
    expect(await store.events("C-LOST")).toEqual([
      { status: "lost", actor: "owner@example.com", at: at("2026-11-20T10:30:00Z") },
      { status: "contacted", actor: "coach@example.com", at: at("2026-11-20T11:00:00Z") },
    ]);
    // Contacted again is no change: one event, and the joined one after it.
    expect((await store.events("C-DUE")).map((event) => event.status)).toEqual(["contacted", "joined"]);
    const states = await store.leadStates(["C-LOST", "C-DUE"]);
    expect(states.get("C-LOST")?.firstResponseAt).toEqual(at("2026-11-20T11:00:00Z"));
    expect(states.get("C-DUE")?.firstResponseAt).toEqual(at("2026-11-19T13:00:00Z"));
    // The list reads the same first response.
    const listed = (await store.inbox(ALL)).leads.find((lead) => lead.submission.id === "C-DUE");
    expect(listed?.state?.firstResponseAt).toEqual(at("2026-11-19T13:00:00Z"));
  });

  test("where each lead came from, kept beside it: on the lead, in the list; unknown without one", async () => {
    expect(await store.leadSource("C-LATER")).toEqual(FACEBOOK);
    expect(await store.leadSource("C-OLD")).toBeNull();
    const { leads } = await store.inbox(ALL);
    expect(leads.find((lead) => lead.submission.id === "C-LATER")?.source).toEqual(FACEBOOK);
    expect(leads.find((lead) => lead.submission.id === "C-OLD")?.source).toBeNull();
    // Not one of the visitor's fields: the payload is what they typed.
    expect(leads.find((lead) => lead.submission.id === "C-LATER")?.submission.payload).toEqual({
      name: "C-LATER",
      email: "c-later@example.com",
    });
  });

  test("at most `limit` rows, and whether more matched", async () => {
    const page = await store.inbox({ ...ALL, limit: 2 });
    expect(page.leads.map((lead) => lead.submission.id)).toEqual(["C-LOST", "C-LATER"]);
    expect(page.more).toBe(true);
    expect((await store.inbox({ ...ALL, limit: 5 })).more).toBe(false);
  });
}

describe("SQLite store: the lead list (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  inboxContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-inbox-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("PostgreSQL store: the lead list (a real server)", () => {
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
