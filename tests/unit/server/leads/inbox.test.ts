import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FormName } from "../../../../src/forms/registry";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { InboxFilter } from "../../../../src/server/leads/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { UNPAID_AFTER_MS, unpaidSignupLines } from "../../../../src/server/leads/listRoute";
import { readPaymentEvent } from "../../../../src/server/payments/events";
import { checkoutSession, stripeEvent } from "../../../support/stripe";

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

/** A sign-up for `plan`, with its address. */
const signupFor = (id: string, createdAt: string, plan: string): NewSubmission => ({
  ...sent(id, createdAt),
  payload: { name: id, email: `${id.toLowerCase()}@example.com`, plan },
});

/** Stripe's checkout for a reference, read as the webhook reads it. */
function checkout(reference: string, paymentStatus = "paid") {
  const read = readPaymentEvent(
    stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: reference, payment_status: paymentStatus })),
  );
  if (read.kind !== "payment") throw new Error("not read");
  return read.facts;
}

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

  test("Signed up, not paid: a day after a sign-up for a plan with Pay now, until Stripe reports it paid or staff close it", async () => {
    const now = at("2026-11-25T12:00:00Z");
    const dayBefore = new Date(now.getTime() - UNPAID_AFTER_MS).toISOString();
    const plans = new Set(["unlimited"]);
    await store.insert(signupFor("S-UNPAID", "2026-11-23T10:00:00Z", "unlimited"));
    // Exactly a day old is not yet past the day; a minute more is.
    await store.insert(signupFor("S-JUSTADAY", dayBefore, "unlimited"));
    await store.insert(signupFor("S-RECENT", "2026-11-25T10:00:00Z", "unlimited"));
    await store.insert(signupFor("S-NOLINK", "2026-11-23T10:00:00Z", "kids"));
    await store.insert(signupFor("S-PAID", "2026-11-23T11:00:00Z", "unlimited"));
    await store.insert(signupFor("S-BANK", "2026-11-23T12:00:00Z", "unlimited"));
    await store.insert(signupFor("S-CASH", "2026-11-23T13:00:00Z", "unlimited"));
    await store.insert({ ...signupFor("S-SPAMMY", "2026-11-23T14:00:00Z", "unlimited"), spam: "honeypot" });
    await store.recordPayment(checkout("S-PAID"), at("2026-11-23T11:10:00Z"));
    await store.recordPayment(checkout("S-BANK", "unpaid"), at("2026-11-23T12:10:00Z"));
    await store.updateLead("S-CASH", { status: "joined" }, "owner@example.com", at("2026-11-23T14:00:00Z"));
    const lines = await unpaidSignupLines(store, now, 50, plans);
    expect(lines.map((line) => [line.summary.id, line.summary.unpaid])).toEqual([
      ["S-UNPAID", true],
      ["S-BANK", true],
    ]);
    expect(await unpaidSignupLines(store, new Date(now.getTime() + 60_000), 50, plans)).toHaveLength(3);
    // A gym whose plans have no payment link lists none: payment is set up by hand, as before.
    expect(await unpaidSignupLines(store, now, 50, new Set())).toEqual([]);
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
