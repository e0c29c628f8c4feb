import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { site } from "../../../../src/server/content";
import { NOT_LEADS, leadReport, percentile } from "../../../../src/server/reports/report";
import { openMsBetween } from "../../../../src/server/leads/responseTime";
import { openHoursCounter } from "../../../../src/server/reports/openHours";
import { reportWeeks } from "../../../../src/server/reports/periods";
import type { ReportPeriod } from "../../../../src/desk/reports";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { EXPECTED, postgresSources, REPORT_NOW, seedReports, sqliteSources, type SourceWriter } from "../../../support/reportSeed";
import { describeWithPostgres } from "../../support/postgres";
import { readPaymentEvent } from "../../../../src/server/payments/events";
import { checkoutSession, stripeEvent } from "../../../support/stripe";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * The staff reports (src/server/reports/), on each database: every figure of a store seeded through its
 * own operations (tests/support/reportSeed.ts) against the answer worked out by hand, at an injected now.
 */

test("the gym's weeks: Monday at midnight in its zone, across the end of summer time", () => {
  expect(site.timeZone).toBe("America/Los_Angeles");
  const week = reportWeeks("week", REPORT_NOW, site.timeZone);
  expect(week.weekStarts).toEqual([new Date("2026-11-23T08:00:00Z")]);
  expect(week.to).toEqual(REPORT_NOW);
  const four = reportWeeks("4-weeks", REPORT_NOW, site.timeZone);
  expect(four.weekStarts.map((start) => start.toISOString())).toEqual([
    "2026-10-26T07:00:00.000Z",
    "2026-11-02T08:00:00.000Z",
    "2026-11-09T08:00:00.000Z",
    "2026-11-16T08:00:00.000Z",
  ]);
  expect(four.to).toEqual(new Date("2026-11-23T08:00:00Z"));
  // On a Monday just after midnight, this week is that one minute; on Sunday night it is the whole week.
  expect(reportWeeks("week", new Date("2026-11-30T08:01:00Z"), site.timeZone).firstDay).toBe("2026-11-30");
  expect(reportWeeks("week", new Date("2026-11-30T07:59:00Z"), site.timeZone)).toMatchObject({
    firstDay: "2026-11-23",
    lastDay: "2026-11-29",
  });
});

test("percentiles between the nearest ranks, as PostgreSQL's percentile_cont", () => {
  expect(percentile([], 0.5)).toBeNull();
  expect(percentile([7], 0.9)).toBe(7);
  expect(percentile([10, 20], 0.5)).toBe(15);
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
});

test("opening hours counted from the list of intervals: the same as openMsBetween, across both changes of clock", () => {
  const first = new Date("2026-02-20T00:00:00Z");
  const last = new Date("2026-11-20T00:00:00Z");
  const counter = openHoursCounter(site, first, last);
  // A fixed spread of pairs: minutes to ten days apart, anywhere in the range, at any minute.
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const span = last.getTime() - first.getTime() - 11 * 86_400_000;
  for (let i = 0; i < 2000; i++) {
    const from = new Date(first.getTime() + Math.floor((next() * span) / 60_000) * 60_000);
    const to = new Date(from.getTime() + Math.floor(Math.exp(next() * Math.log(14_400)) * 60_000));
    expect([from.toISOString(), to.toISOString(), counter(from, to)]).toEqual([
      from.toISOString(),
      to.toISOString(),
      openMsBetween(from, to, site),
    ]);
  }
  // Monday 18:30 to Tuesday 05:30 at the gym: half an hour each side of the night.
  const [monday, tuesday] = [new Date("2026-11-24T02:30:00Z"), new Date("2026-11-24T13:30:00Z")];
  const week = openHoursCounter(site, monday, tuesday);
  expect(week(monday, tuesday)).toBe(3_600_000);
  expect(week(tuesday, monday)).toBe(0);
  // Hours written twice over each other count once.
  const twice = { ...site, hours: [...site.hours, { days: ["Tuesday"], opens: "05:00", closes: "06:00" }] };
  expect(openHoursCounter(twice, monday, tuesday)(monday, tuesday)).toBe(3_600_000);
});

test("only sales forms make leads: members' forms and privacy requests are none", () => {
  expect(NOT_LEADS).toEqual(["signup", "membership-hold", "privacy-request"]);
});

function reportsContract(open: () => Promise<{ store: SubmissionStore; writeSource: SourceWriter; done: () => Promise<void> }>) {
  let store: SubmissionStore;
  let done: () => Promise<void>;
  beforeAll(async () => {
    const opened = await open();
    store = opened.store;
    done = opened.done;
    await seedReports(store, opened.writeSource);
  }, 60_000);
  // `done` closes the store and what it stands on, in that order.
  afterAll(() => done?.());

  const report = (period: ReportPeriod) => leadReport(store, period, REPORT_NOW, site);
  const byForm = (rows: ReadonlyArray<{ form: string; leads: number }>) => Object.fromEntries(rows.map((row) => [row.form, row.leads]));

  test.each(["week", "4-weeks"] as const)("%s: leads by form and week, answer times, funnel, show rate, sources", async (period) => {
    const expected = EXPECTED[period];
    const got = await report(period);
    expect(got).toMatchObject({ period, timeZone: "America/Los_Angeles", firstDay: expected.firstDay, lastDay: expected.lastDay });
    expect(got.leads).toBe(expected.leads);
    expect(byForm(got.byForm)).toEqual(expected.byForm);
    expect(got.byWeek).toEqual(expected.byWeek);
    expect(got.response).toEqual(expected.response);
    expect(got.funnel).toEqual(expected.funnel);
    expect(got.joined).toBe(expected.joined);
    expect(got.intros).toEqual(expected.intros);
    expect(got.sources).toEqual(expected.sources);
    expect(got.staff).toEqual(expected.staff);
    expect(got.trend).toEqual(EXPECTED.trend);
  });

  test("12 weeks: from the first Monday's midnight (PDT), week by week", async () => {
    const expected = EXPECTED["12-weeks"];
    const got = await report("12-weeks");
    expect(got).toMatchObject({ firstDay: expected.firstDay, lastDay: expected.lastDay, leads: expected.leads });
    expect(byForm(got.byForm)).toEqual(expected.byForm);
    expect(got.byWeek.map((week) => week.leads)).toEqual(expected.byWeek);
    expect(got.byWeek[0]?.week).toBe("2026-08-31");
    expect(got.funnel.map((step) => step.leads)).toEqual(expected.funnel);
  });

  test("each funnel step holds no more than the one before it", async () => {
    for (const period of ["week", "4-weeks", "12-weeks"] as const) {
      const steps = (await report(period)).funnel.map((step) => step.leads);
      for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeLessThanOrEqual(steps[i - 1] as number);
    }
  });

  test("a later now moves the weeks: next Monday, last week is the newest of the 4", async () => {
    const got = await leadReport(store, "4-weeks", new Date("2026-11-30T20:00:00Z"), site);
    expect(got.byWeek.map((week) => [week.week, week.leads])).toEqual([
      ["2026-11-02", 1],
      ["2026-11-09", 1],
      ["2026-11-16", 2],
      ["2026-11-23", 7],
    ]);
    expect((await leadReport(store, "week", new Date("2026-11-30T20:00:00Z"), site)).leads).toBe(0);
  });
}

describe("SQLite store: the reports (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  reportsContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-reports-"));
    dirs.push(dir);
    const file = path.join(dir, "submissions.sqlite");
    const store = openSqliteStore(file);
    const sources = sqliteSources(file);
    return { store, writeSource: sources.write, done: () => sources.close().then(() => store.close()) };
  });
});

describeWithPostgres("PostgreSQL store: the reports (a real server)", () => {
  reportsContract(async () => {
    const pg: TestPostgres | null = await startTestPostgres();
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const store = await openPostgresStore(url);
    const sources = postgresSources(url);
    const done = async () => {
      await sources.close();
      await store.close();
      pg.stop();
    };
    return { store, writeSource: sources.write, done };
  });
});

/** A checkout Stripe reported for `reference`, made at `when`. */
async function pay(store: SubmissionStore, reference: string, when: string, fields: Record<string, unknown> = {}) {
  const read = readPaymentEvent(
    stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: reference, ...fields }), {
      created: Date.parse(when) / 1000,
    }),
  );
  if (read.kind !== "payment") throw new Error("not read");
  await store.recordPayment(read.facts, new Date(Date.parse(when) + 2000));
}

const form = (id: string, form: "contact" | "signup" | "drop-in", createdAt: string, email: string, source?: NewSubmission["source"]) => ({
  id,
  form,
  createdAt: new Date(createdAt),
  payload: { name: id, firstName: id, email, plan: "unlimited", visitDate: "2026-12-05" },
  spam: null,
  notify: false,
  ...(source && { source }),
});

/**
 * Payments in the reports, on a store of their own, worked by hand. This week (from Monday 2026-11-23,
 * 08:00 UTC, to now): Pat (came from Facebook) wrote, signed up and paid $165, and paid again the next
 * day; Cleo (from Google) sent a drop-in and paid $20; Ben signed up without any sales form (no person:
 * a payer by his sign-up, source unknown) and paid $165; Dee paid for a drop-in three weeks ago and again
 * this week (not her first); Eve's bank payment is still on its way (not yet one). The Joined Pat's
 * payment made counts as Joined, and is no answer: nobody on the staff spoke to anyone.
 */
function paidContract(open: () => Promise<SubmissionStore>) {
  test("a paid sign-up is Joined and no answer; first payments by source and month", async () => {
    const store = await open();
    try {
      const facebook = { landingPage: "/", referrerHost: "l.facebook.com", utmSource: "facebook", utmMedium: null, utmCampaign: null };
      const google = { landingPage: "/drop-in/", referrerHost: "www.google.com", utmSource: null, utmMedium: null, utmCampaign: null };
      await store.insert(form("C-PAT0000001", "contact", "2026-11-24T17:00:00Z", "pat@example.com", facebook));
      await store.insert(form("S-PAT0000001", "signup", "2026-11-24T17:30:00Z", "pat@example.com"));
      await pay(store, "S-PAT0000001", "2026-11-24T17:40:00Z");
      await pay(store, "S-PAT0000001", "2026-11-25T10:00:00Z");
      await store.insert(form("V-CLEO000001", "drop-in", "2026-11-23T10:00:00Z", "cleo@example.com", google));
      await pay(store, "V-CLEO000001", "2026-11-23T12:00:00Z", { amount_total: 2000, mode: "payment", subscription: null });
      await store.insert(form("S-BEN0000001", "signup", "2026-11-24T18:00:00Z", "ben@example.com"));
      await pay(store, "S-BEN0000001", "2026-11-24T19:00:00Z");
      await store.insert(form("V-DEE0000001", "drop-in", "2026-11-02T10:00:00Z", "dee@example.com"));
      await pay(store, "V-DEE0000001", "2026-11-03T10:00:00Z", { amount_total: 2000 });
      await store.insert(form("V-DEE0000002", "drop-in", "2026-11-24T10:00:00Z", "dee@example.com"));
      await pay(store, "V-DEE0000002", "2026-11-24T11:00:00Z", { amount_total: 2000 });
      await store.insert(form("V-EVE0000001", "drop-in", "2026-11-24T10:00:00Z", "eve@example.com"));
      await pay(store, "V-EVE0000001", "2026-11-24T11:00:00Z", { amount_total: 2000, payment_status: "unpaid" });

      const got = await leadReport(store, "week", REPORT_NOW, site);
      expect(got.leads).toBe(4);
      expect(got.joined).toBe(1);
      expect(got.response).toMatchObject({ answered: 0, unanswered: 4 });
      expect(got.staff).toEqual([]);
      expect(got.payments).toEqual({
        paidSignups: 1,
        first: { payers: 3, amount: 35000, currency: "usd" },
        firstBySource: [
          { source: "Facebook", payers: 1, amount: 16500 },
          { source: "Google", payers: 1, amount: 2000 },
          { source: null, payers: 1, amount: 16500 },
        ],
        firstByMonth: [{ month: "2026-11", payers: 3, amount: 35000 }],
      });
      // Over four whole weeks before this one: only Dee's first payment, on November 3.
      expect((await leadReport(store, "4-weeks", REPORT_NOW, site)).payments.first).toEqual({ payers: 1, amount: 2000, currency: "usd" });
    } finally {
      await store.close();
    }
  });
}

describe("SQLite store: a paid sign-up in the reports", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  paidContract(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-reports-paid-"));
    dirs.push(dir);
    return Promise.resolve(openSqliteStore(path.join(dir, "s.sqlite")));
  });
});

describeWithPostgres("PostgreSQL store: a paid sign-up in the reports", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  paidContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
