import vm from "node:vm";
import { WOD_DAY_ATTRIBUTE, wodDays, wodDayScript, wodDayState, wodListing, type WodDays } from "../../../src/content/wod";
import { startOfZonedDay } from "../../../src/time/wallClock";

describe("which day's workout a visitor sees", () => {
  const graham = (date: string) => startOfZonedDay(date, "America/Los_Angeles");
  // A build on Tuesday 24 November at the gym.
  const days: WodDays = wodDays("2026-11-24", graham);
  const at = (iso: string) => wodDayState(Date.parse(iso), days);

  test("the next day begins at midnight in Graham, not at midnight UTC", () => {
    expect(days).toEqual({
      built: "2026-11-24",
      next: "2026-11-25",
      nextFrom: Date.parse("2026-11-25T08:00:00Z"),
      laterFrom: Date.parse("2026-11-26T08:00:00Z"),
    });
    expect(at("2026-11-25T00:30:00Z")).toBe("built"); // 16:30 on the 24th in Graham
    expect(at("2026-11-25T07:59:59.999Z")).toBe("built");
    expect(at("2026-11-25T08:00:00Z")).toBe("next");
    expect(at("2026-11-26T00:30:00Z")).toBe("next"); // 16:30 on the 25th
    expect(at("2026-11-26T08:00:00Z")).toBe("later");
    // A clock behind the build's day (a wrong clock) still gets the build's day, never a later one.
    expect(at("2026-11-20T12:00:00Z")).toBe("built");
  });

  test("the days' starts follow daylight saving: midnight is 07:00 UTC in summer, 08:00 in winter", () => {
    expect(wodDays("2027-03-13", graham)).toMatchObject({
      nextFrom: Date.parse("2027-03-14T08:00:00Z"),
      laterFrom: Date.parse("2027-03-15T07:00:00Z"),
    });
    expect(wodDays("2027-11-06", graham)).toMatchObject({
      nextFrom: Date.parse("2027-11-07T07:00:00Z"),
      laterFrom: Date.parse("2027-11-08T08:00:00Z"),
    });
  });

  test("the page's inline script marks the same day as wodDayState", () => {
    const script = new vm.Script(wodDayScript(days));
    for (const iso of [
      "2026-11-24T12:00:00Z",
      "2026-11-25T07:59:59Z",
      "2026-11-25T08:00:00Z",
      "2026-11-26T00:30:00Z",
      "2026-11-27T00:00:00Z",
    ]) {
      const attributes = new Map<string, string>();
      const now = Date.parse(iso);
      script.runInNewContext({
        document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
        Date: { now: () => now },
      });
      expect([iso, attributes.get(WOD_DAY_ATTRIBUTE)]).toEqual([iso, wodDayState(now, days)]);
    }
  });

  describe("what each day shows", () => {
    const wod = (date: string) => ({ date, title: date });
    const dates = [
      "2026-11-14",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ];
    const listing = wodListing(dates.map(wod), { built: "2026-11-24", next: "2026-11-25" });
    const listedOn = (state: "built" | "next" | "later") =>
      listing.earlier.filter((entry) => entry.states.includes(state)).map((entry) => entry.wod.date);

    test("the day's own workout; none past the next day, and none dated after the day shown", () => {
      expect(listing.today).toEqual({ built: wod("2026-11-24"), next: wod("2026-11-25"), later: undefined });
      for (const state of ["built", "next", "later"] as const) {
        const shownDay = state === "built" ? "2026-11-24" : "2026-11-25";
        expect(listedOn(state).every((date) => date < shownDay || (state === "later" && date === "2026-11-24"))).toBe(true);
      }
      expect(listing.earlier.map((entry) => entry.wod.date)).not.toContain("2026-11-26");
    });

    test("the seven before it, newest first; a later day lists up to the build's day", () => {
      expect(listedOn("built")).toEqual(["2026-11-23", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17", "2026-11-16"]);
      expect(listedOn("next")).toEqual(["2026-11-24", "2026-11-23", "2026-11-21", "2026-11-20", "2026-11-19", "2026-11-18", "2026-11-17"]);
      expect(listedOn("later")).toEqual(listedOn("next"));
    });

    test("no workout for the day", () => {
      const gap = wodListing([wod("2026-11-20")], { built: "2026-11-24", next: "2026-11-25" });
      expect(gap.today).toEqual({ built: undefined, next: undefined, later: undefined });
      expect(gap.earlier).toEqual([{ wod: wod("2026-11-20"), states: ["built", "next", "later"] }]);
    });
  });
});
