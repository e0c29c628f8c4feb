import { earliestCancelDate, earliestHoldStart, holdEndRange, holdLength, resumeDate } from "../../../../src/forms/hold/rules";

const policy = { holdNoticeDays: 7, minHoldDays: 14, maxHoldDays: 90, cancellationNoticeDays: 30 };

describe("hold and cancellation dates", () => {
  test("a hold starts after the notice period", () => {
    expect(earliestHoldStart(policy, "2026-11-22")).toBe("2026-11-29");
    expect(earliestHoldStart(policy, "2026-12-28")).toBe("2027-01-04");
  });

  test("a hold's last day lies between the minimum and the maximum, both days counted", () => {
    expect(holdEndRange(policy, "2026-02-01")).toEqual({ min: "2026-02-14", max: "2026-05-01" });
    expect(holdLength("2026-02-01", "2026-02-14")).toBe(14);
    expect(holdEndRange(policy, "2028-02-20")).toEqual({ min: "2028-03-04", max: "2028-05-19" });
  });

  test("membership resumes the day after the hold", () => {
    expect(resumeDate("2026-02-28")).toBe("2026-03-01");
    expect(resumeDate("2028-02-28")).toBe("2028-02-29");
  });

  test("a cancellation takes effect after its notice period", () => {
    expect(earliestCancelDate(policy, "2026-01-31")).toBe("2026-03-02");
    expect(earliestCancelDate(policy, "2028-01-31")).toBe("2028-03-01");
  });
});
