import { ageWords, waitingWords } from "../../../src/desk/time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("ageWords: one unit, rounded down, as a person says it", () => {
  it.each([
    [0, "under a minute"],
    [59_999, "under a minute"],
    [MINUTE, "1 minute"],
    [61 * MINUTE, "1 hour"],
    [23 * HOUR + 59 * MINUTE, "23 hours"],
    [DAY, "1 day"],
    [13 * DAY, "13 days"],
    [14 * DAY, "2 weeks"],
    [77 * DAY, "2 months"],
    [60 * DAY, "8 weeks"],
    [364 * DAY, "11 months"],
    [800 * DAY, "2 years"],
  ])("%i ms is %s", (ms, words) => expect(ageWords(ms)).toBe(words));

  it("tells 61 minutes from 11 weeks, which one flag said alike", () => {
    expect(ageWords(61 * MINUTE)).not.toBe(ageWords(77 * DAY));
  });
});

describe("waitingWords", () => {
  const now = "2026-11-25T20:00:00.000Z";
  it("says how long a person waits, from when they began waiting", () => {
    expect(waitingWords({ waitingSince: "2026-11-25T17:30:00.000Z", receivedAt: "2026-11-25T19:00:00.000Z" }, now)).toBe("Waiting 2 hours");
  });
  it("says how long ago they wrote when nobody waits on them", () => {
    expect(waitingWords({ waitingSince: null, receivedAt: "2026-11-22T19:00:00.000Z" }, now)).toBe("Wrote 3 days ago");
    expect(waitingWords({ receivedAt: "2026-11-25T19:59:30.000Z" }, now)).toBe("Wrote under a minute ago");
  });
  it("never counts backwards when the browser's clock and the server's differ", () => {
    expect(waitingWords({ waitingSince: "2026-11-25T20:05:00.000Z", receivedAt: "2026-11-25T20:05:00.000Z" }, now)).toBe(
      "Waiting under a minute",
    );
  });
});
