import type { Privacy } from "../../../../src/content/schemas";
import { processState } from "../../../../src/server/process/state";
import { isExpired, monthsBefore, purgeExpired, purgeSummary, retentionCutoffs } from "../../../../src/server/privacy/retention";
import { PURGE_DELAY_MS, PURGE_INTERVAL_MS, startDailyPurge } from "../../../../src/server/app/runtime";
import type { StoredSubmission } from "../../../../src/server/store/submission";
import type { PurgeCutoffs, PurgeReport } from "../../../../src/server/privacy/types";
import type { SubmissionStore } from "../../../../src/server/app/store";

const at = (iso: string) => new Date(iso);
const rules: Privacy = {
  requestResponseDays: 45,
  spamDays: 30,
  contactMonths: 1,
  introMonths: 13,
  kidsTrialMonths: 6,
  requestMonths: 24,
  dropInMonths: 36,
  textMonths: 12,
  textConsentMonths: 48,
};

describe("retention cutoffs", () => {
  test("calendar months back in UTC, the day clamped to the shorter month's end, the time of day kept", () => {
    expect(monthsBefore(at("2026-03-31T15:30:00.123Z"), 1)).toEqual(at("2026-02-28T15:30:00.123Z"));
    expect(monthsBefore(at("2028-03-31T15:30:00.123Z"), 1)).toEqual(at("2028-02-29T15:30:00.123Z"));
    expect(monthsBefore(at("2028-02-29T00:00:00.000Z"), 12)).toEqual(at("2027-02-28T00:00:00.000Z"));
    expect(monthsBefore(at("2026-01-15T23:59:59.999Z"), 2)).toEqual(at("2025-11-15T23:59:59.999Z"));
    expect(monthsBefore(at("2026-05-31T00:00:00.000Z"), 13)).toEqual(at("2025-04-30T00:00:00.000Z"));
    expect(monthsBefore(at("2026-07-31T12:00:00.000Z"), 24)).toEqual(at("2024-07-31T12:00:00.000Z"));
    // Late in the evening at the gym (UTC-8) is already the next day in UTC: UTC decides (this catches
    // local-time arithmetic when run on a machine in the gym's zone; Jest cannot switch zones mid-run).
    expect(monthsBefore(at("2026-03-01T07:00:00.000Z"), 1)).toEqual(at("2026-02-01T07:00:00.000Z"));
  });

  test("spam by days, contact, intro, privacy requests, drop-ins and kids' trials by their months; sign-ups and holds never listed", () => {
    const now = at("2026-03-31T15:30:00.123Z");
    const before = now.getTime();
    expect(retentionCutoffs(now, rules)).toEqual({
      spamBefore: at("2026-03-01T15:30:00.123Z"),
      forms: [
        { form: "contact", before: at("2026-02-28T15:30:00.123Z") },
        { form: "intro", before: at("2025-02-28T15:30:00.123Z") },
        { form: "privacy-request", before: at("2024-03-31T15:30:00.123Z") },
        { form: "drop-in", before: at("2023-03-31T15:30:00.123Z") },
        { form: "kids-trial", before: at("2025-09-30T15:30:00.123Z") },
      ],
      texts: { before: at("2025-03-31T15:30:00.123Z"), consentsBefore: at("2022-03-31T15:30:00.123Z") },
    });
    expect(now.getTime()).toBe(before);
    expect(retentionCutoffs(now, { ...rules, spamDays: 1 }).spamBefore).toEqual(at("2026-03-30T15:30:00.123Z"));
  });

  test("isExpired is the stores' rule: spam by the spam date, real submissions by their form's, unlisted forms never", () => {
    const cutoffs: PurgeCutoffs = {
      spamBefore: at("2026-03-01T00:00:00Z"),
      forms: [{ form: "contact", before: at("2025-01-01T00:00:00Z") }],
    };
    const submission = (form: StoredSubmission["form"], createdAt: string, spam: string | null = null): StoredSubmission => ({
      id: "X",
      form,
      createdAt: at(createdAt),
      payload: {},
      spam,
    });
    expect(isExpired(submission("contact", "2026-02-28T23:59:59.999Z", "honeypot"), cutoffs)).toBe(true);
    expect(isExpired(submission("signup", "2026-02-28T23:59:59.999Z", "honeypot"), cutoffs)).toBe(true);
    expect(isExpired(submission("contact", "2026-03-01T00:00:00.000Z", "honeypot"), cutoffs)).toBe(false);
    expect(isExpired(submission("contact", "2024-12-31T23:59:59.999Z"), cutoffs)).toBe(true);
    expect(isExpired(submission("contact", "2025-01-01T00:00:00.000Z"), cutoffs)).toBe(false);
    expect(isExpired(submission("contact", "2026-02-01T00:00:00.000Z"), cutoffs)).toBe(false);
    expect(isExpired(submission("signup", "2000-01-01T00:00:00.000Z"), cutoffs)).toBe(false);
    expect(isExpired(submission("membership-hold", "2000-01-01T00:00:00.000Z"), cutoffs)).toBe(false);
  });

  test("purgeExpired applies the cutoffs of the moment it is given", async () => {
    const calls: Array<[PurgeCutoffs, Date]> = [];
    const report: PurgeReport = { spam: 2, forms: { contact: 1 } };
    const store = { purge: async (cutoffs: PurgeCutoffs, now: Date) => (calls.push([cutoffs, now]), report) } as unknown as SubmissionStore;
    const now = at("2026-11-20T10:00:00Z");
    expect(await purgeExpired(store, rules, now)).toBe(report);
    expect(calls).toEqual([[retentionCutoffs(now, rules), now]]);
  });

  test("the summary names only what went", () => {
    expect(purgeSummary({ spam: 3, forms: { contact: 1, intro: 0, "privacy-request": 2 } })).toBe("3 spam, 1 contact, 2 privacy-request");
    expect(purgeSummary({ spam: 0, forms: { contact: 0 } })).toBe("");
  });
});

describe("the production server's daily purge", () => {
  const purges: Date[] = [];
  let result: () => Promise<PurgeReport>;
  const store = {
    purge: async (_cutoffs: PurgeCutoffs, now: Date) => {
      purges.push(now);
      return result();
    },
  } as unknown as SubmissionStore;
  let log: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers({ now: at("2026-11-20T10:00:00Z") });
    processState().store = Promise.resolve(store);
    purges.length = 0;
    log = jest.spyOn(console, "log").mockImplementation(() => undefined);
    error = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    delete processState().store;
    jest.restoreAllMocks();
  });

  test("runs shortly after start-up, then every 24 hours, logging one line when something went", async () => {
    result = async () => ({ spam: 3, forms: { contact: 1, intro: 0 } });
    const stop = startDailyPurge();
    await jest.advanceTimersByTimeAsync(PURGE_DELAY_MS - 1);
    expect(purges).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(purges).toEqual([at("2026-11-20T10:01:00Z")]);
    expect(log.mock.calls).toEqual([["Retention purge: 3 spam, 1 contact deleted"]]);
    result = async () => ({ spam: 0, forms: { contact: 0 } });
    await jest.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purges).toEqual([at("2026-11-20T10:01:00Z"), at("2026-11-21T10:01:00Z")]);
    expect(log).toHaveBeenCalledTimes(1);
    stop();
    await jest.advanceTimersByTimeAsync(3 * PURGE_INTERVAL_MS);
    expect(purges).toHaveLength(2);
    expect(error).not.toHaveBeenCalled();
  });

  test("a failure is one log line without the data, and the next day's run goes ahead", async () => {
    result = async () => {
      throw Object.assign(new Error('insert violates "ana@example.com"'), { code: "SQLITE_BUSY" });
    };
    const stop = startDailyPurge();
    await jest.advanceTimersByTimeAsync(PURGE_DELAY_MS);
    expect(error.mock.calls).toEqual([["Retention purge failed; it runs again at its next time: Error [SQLITE_BUSY]: insert violates …"]]);
    result = async () => ({ spam: 1, forms: {} });
    await jest.advanceTimersByTimeAsync(PURGE_INTERVAL_MS);
    expect(purges).toHaveLength(2);
    expect(log.mock.calls).toEqual([["Retention purge: 1 spam deleted"]]);
    stop();
  });

  test("a store that cannot be opened is a logged failure too, not a crash", async () => {
    processState().store = Promise.reject(new Error("unable to open database file"));
    processState().store?.catch(() => undefined);
    const stop = startDailyPurge();
    await jest.advanceTimersByTimeAsync(PURGE_DELAY_MS);
    expect(error.mock.calls).toEqual([["Retention purge failed; it runs again at its next time: Error: unable to open database file"]]);
    stop();
  });
});
