import type { CreatePagesArgs } from "gatsby";
import * as contentChecks from "../../../src/node/contentChecks";
import { dateFromOffsets, type UtcOffsets } from "../../../src/content/gymClock";
import { createAllPages } from "../../../src/node/pages";
import { zonedToday } from "../../../src/time/today";

/** The zone the build reads from site.json (src/time/zone.ts), as each test names it. */
let mockGymZone = "America/Los_Angeles";
jest.mock("../../../src/time/zone", () => ({
  get GYM_ZONE() {
    return mockGymZone;
  },
}));

/**
 * createAllPages with the real content, its site.json zone replaced by `timeZone` and its events and
 * workouts by the ones below, so an edit of the gym's own events or workouts cannot change what these
 * tests expect.
 */
async function createPages(timeZone: string) {
  mockGymZone = timeZone;
  const real = contentChecks.loadCheckedContent();
  if (!real.content) throw new Error(`content/ has problems: ${real.lines.join("; ")}`);
  const [event, wod] = [real.content.events[0], real.content.wods[0]];
  if (!event || !wod) throw new Error("content/ needs an event and a workout to copy the fixtures' other fields from");
  const events = EVENTS.map(({ slug, start, end }) => ({ ...event, slug, file: `${slug}.md`, data: { ...event.data, start, end } }));
  const wods = WOD_DATES.map((date) => ({ ...wod, file: `${date}.md`, data: { ...wod.data, date } }));
  const content = { ...real.content, site: { ...real.content.site, timeZone }, events, wods };
  const spy = jest.spyOn(contentChecks, "loadCheckedContent").mockReturnValue({ content, lines: [] });
  const createPage = jest.fn();
  const panicOnBuild = jest.fn();
  const graphql = jest.fn().mockResolvedValue({
    data: {
      announcements: {
        nodes: [
          { slug: "holiday-hours", date: "2026-11-01", expires: null },
          { slug: "fall-throwdown", date: "2026-09-14", expires: "2026-10-25" },
          { slug: "last-day-today", date: "2026-11-10", expires: "2026-11-21" },
          { slug: "last-day-tomorrow", date: "2026-11-12", expires: "2026-11-22" },
        ],
      },
    },
  });
  try {
    await createAllPages({ graphql, actions: { createPage }, reporter: { panicOnBuild } } as unknown as CreatePagesArgs);
  } finally {
    spy.mockRestore();
  }
  expect(panicOnBuild).not.toHaveBeenCalled();
  return createPage.mock.calls.map(([page]) => page as { path: string; context: Record<string, unknown> });
}

/** Events around the tests' day (Saturday 2026-11-21 in Graham), listed out of order. */
const EVENTS = [
  { slug: "spring-open-2027", start: "2027-03-01 18:00", end: "2027-03-01 20:00" },
  { slug: "autumn-throwdown-2026", start: "2026-10-24 09:00", end: "2026-10-24 15:00" },
  { slug: "thanksgiving-burner-2026", start: "2026-11-26 09:00", end: "2026-11-26 10:00" },
  { slug: "new-year-challenge-2027", start: "2027-01-05 06:00", end: undefined },
];
/** Workouts posted before the tests' day, on it, the day after (Sunday in Tokyo) and ahead. */
const WOD_DATES = ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"];

describe("createAllPages", () => {
  beforeEach(() => {
    // Saturday 20:30 in Graham, already Sunday in Tokyo.
    jest.useFakeTimers({ now: new Date("2026-11-22T04:30:00Z"), doNotFake: ["nextTick", "setImmediate"] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  test("today and its weekday are the date in the zone site.json names", async () => {
    const home = (await createPages("America/Los_Angeles")).find((page) => page.path === "/");
    expect(home?.context).toMatchObject({ today: "2026-11-21", weekday: "Saturday" });
    const tokyo = (await createPages("Asia/Tokyo")).find((page) => page.path === "/");
    expect(tokyo?.context).toMatchObject({ today: "2026-11-22", weekday: "Sunday" });
  });

  test("the page context's offset table gives the same day as Intl in the browser, from the build for over a year", async () => {
    const home = (await createPages("America/Los_Angeles")).find((page) => page.path === "/");
    const offsets = home?.context.utcOffsets as UtcOffsets;
    for (let ms = Date.now(); ms < Date.now() + 366 * 86_400_000; ms += 3_600_000) {
      expect(dateFromOffsets(offsets, new Date(ms))).toEqual(zonedToday(new Date(ms), "America/Los_Angeles"));
    }
  });

  test("each announcement gets its page at the route table's address, listed or expired", async () => {
    const pages = await createPages("America/Los_Angeles");
    const page = pages.find((p) => p.context.slug === "holiday-hours");
    expect(page?.path).toBe("/announcements/holiday-hours/");
    expect(pages.find((p) => p.context.slug === "fall-throwdown")?.path).toBe("/announcements/fall-throwdown/");
  });

  test("the lists hold the announcements not expired on the build's day at the gym, newest first", async () => {
    const pages = await createPages("America/Los_Angeles");
    const lists = pages.filter((page) => page.path === "/" || page.path === "/announcements/");
    expect(lists).toHaveLength(2);
    for (const list of lists) expect(list.context.listed).toEqual(["last-day-tomorrow", "holiday-hours"]);
    // Already Sunday the 22nd in Tokyo: the one expiring that day is gone there.
    const tokyo = (await createPages("Asia/Tokyo")).find((page) => page.path === "/announcements/");
    expect(tokyo?.context.listed).toEqual(["holiday-hours"]);
  });

  test("every event gets its page, past ones too; the lists hold those not passed, soonest first", async () => {
    const pages = await createPages("America/Los_Angeles");
    const upcoming = ["thanksgiving-burner-2026", "new-year-challenge-2027", "spring-open-2027"];
    for (const list of pages.filter((page) => page.path === "/" || page.path === "/events/"))
      expect(list.context.upcoming).toEqual(upcoming);
    const turkey = pages.find((page) => page.path === "/events/thanksgiving-burner-2026/");
    expect(turkey?.context).toMatchObject({
      routePath: "/events/",
      slug: "thanksgiving-burner-2026",
      passed: false,
      startIso: "2026-11-26T09:00:00-08:00",
      endIso: "2026-11-26T10:00:00-08:00",
    });
    expect(pages.find((page) => page.path === "/events/autumn-throwdown-2026/")?.context).toMatchObject({ passed: true });
    // The same wall-clock time, with the offset of the zone site.json names.
    const tokyo = (await createPages("Asia/Tokyo")).find((page) => page.path === "/events/thanksgiving-burner-2026/");
    expect(tokyo?.context).toMatchObject({ startIso: "2026-11-26T09:00:00+09:00" });
  });

  test("a workout's own page only from its day at the gym; /wod/ carries the next day and when it begins", async () => {
    const pages = await createPages("America/Los_Angeles");
    const days = pages.filter((page) => page.path.startsWith("/wod/2")).map((page) => page.path);
    // Saturday the 21st in Graham: the workouts posted for the 23rd on are not published yet.
    expect(days.sort()).toEqual(["/wod/2026-11-19/", "/wod/2026-11-20/", "/wod/2026-11-21/"]);
    expect(pages.find((page) => page.path === "/wod/2026-11-21/")?.context).toMatchObject({
      day: "2026-11-21",
      before: "2026-11-22",
      wodDays: null,
    });
    expect(pages.find((page) => page.path === "/wod/")?.context).toMatchObject({
      day: null,
      before: "2026-11-23",
      wodDays: {
        built: "2026-11-21",
        next: "2026-11-22",
        nextFrom: Date.parse("2026-11-22T08:00:00Z"),
        laterFrom: Date.parse("2026-11-23T08:00:00Z"),
      },
    });
  });
});
