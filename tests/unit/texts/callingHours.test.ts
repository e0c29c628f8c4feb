import { nextTextingInstant, textingAllowedAt } from "../../../src/server/texts/callingHours";

/** Automated texts go from 8 am to 8 pm at the gym; outside, they wait for the next 8 am. */

const ZONE = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);

describe("Washington's calling hours at the gym", () => {
  test.each([
    // Pacific Daylight Time (UTC-7) in July.
    ["2026-07-15T15:00:00Z", "8:00 am exactly", "2026-07-15T15:00:00Z"],
    ["2026-07-16T02:59:59Z", "7:59:59 pm", "2026-07-16T02:59:59Z"],
    ["2026-07-15T20:30:00Z", "1:30 pm", "2026-07-15T20:30:00Z"],
    ["2026-07-16T03:00:00Z", "8:00 pm exactly", "2026-07-16T15:00:00Z"],
    ["2026-07-16T04:00:00Z", "9:00 pm", "2026-07-16T15:00:00Z"],
    ["2026-07-16T06:59:00Z", "11:59 pm", "2026-07-16T15:00:00Z"],
    ["2026-07-16T07:00:00Z", "midnight", "2026-07-16T15:00:00Z"],
    ["2026-07-16T14:59:59Z", "7:59:59 am", "2026-07-16T15:00:00Z"],
    // Pacific Standard Time (UTC-8) in January.
    ["2026-01-15T05:00:00Z", "9:00 pm in winter", "2026-01-15T16:00:00Z"],
    ["2026-01-15T16:00:00Z", "8:00 am in winter", "2026-01-15T16:00:00Z"],
  ])("at %s (%s) the next allowed instant is %s", (now, _, next) => {
    expect(nextTextingInstant(at(now), ZONE).toISOString()).toBe(new Date(next).toISOString());
    expect(textingAllowedAt(at(now), ZONE)).toBe(now === next);
  });

  test("a text due at 9 pm the night the clocks go forward waits for 8 am, daylight time (15:00 UTC)", () => {
    // Saturday 7 March 2026, 21:00 PST; Sunday 8 March starts in PST and is in PDT by 8 am.
    expect(nextTextingInstant(at("2026-03-08T05:00:00Z"), ZONE).toISOString()).toBe("2026-03-08T15:00:00.000Z");
  });

  test("a text due at 9 pm the night the clocks go back waits for 8 am, standard time (16:00 UTC)", () => {
    // Saturday 31 October 2026, 21:00 PDT; Sunday 1 November is in PST by 8 am.
    expect(nextTextingInstant(at("2026-11-01T04:00:00Z"), ZONE).toISOString()).toBe("2026-11-01T16:00:00.000Z");
  });

  test("the gym's zone comes from content/site.json: another zone has its own 8 am", () => {
    // 13:00 UTC is 9 am in New York and 6 am in Graham.
    expect(textingAllowedAt(at("2026-07-15T13:00:00Z"), "America/New_York")).toBe(true);
    expect(nextTextingInstant(at("2026-07-15T13:00:00Z"), ZONE).toISOString()).toBe("2026-07-15T15:00:00.000Z");
    expect(nextTextingInstant(at("2026-07-16T01:00:00Z"), "America/New_York").toISOString()).toBe("2026-07-16T12:00:00.000Z");
  });
});
