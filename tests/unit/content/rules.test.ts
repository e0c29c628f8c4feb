import type { RawContent } from "../../../src/content/checkInput";
import { checkContent, fieldPath, formatContentError } from "../../../src/content/rules";
import { json, realContent, realOptions } from "../support/content";

/** Runs the checks and returns the one-line messages the build would print. */
function problems(raw: RawContent, options = realOptions): string[] {
  return checkContent(raw, options).errors.map(formatContentError);
}

describe("the real content", () => {
  test("passes every check", () => {
    expect(problems(realContent())).toEqual([]);
  });
});

describe("content rules (each fails the build with file, field and reason)", () => {
  let raw: RawContent;
  beforeEach(() => {
    raw = realContent();
  });

  test("a missing required field", () => {
    delete json(raw.announcements[0]?.frontmatter).summary;
    expect(problems(raw)).toEqual([`${raw.announcements[0]?.file}: summary: is required`]);
  });

  test("an unknown field (a typo) is named", () => {
    const fm = json(raw.programs[0]?.frontmatter);
    fm.tittle = fm.title;
    expect(problems(raw)).toEqual([`${raw.programs[0]?.file}: (file): unknown field(s) tittle: check the spelling`]);
  });

  test("raw HTML in markdown (it would run on the site) is named with its line; a line break is fine", () => {
    const page = raw.announcements[0]!;
    page.body = `First paragraph.<br>\n\n<script>alert(document.cookie)</script>\n\n[x](#) <img src=x onerror="alert(1)">\n`;
    page.bodyLine = 8;
    expect(problems(raw)).toEqual([
      `${page.file}: body (line 10): raw HTML is not allowed (<script>alert(document.cookie)</script>); write it in markdown`,
      `${page.file}: body (line 12): raw HTML is not allowed (<img src=x onerror="alert(1)">); write it in markdown`,
    ]);
  });

  test("a title longer than a tab or a search result shows (70 characters)", () => {
    json(raw.announcements[0]?.frontmatter).title = "x".repeat(71);
    expect(problems(raw)).toEqual([`${raw.announcements[0]?.file}: title: must be at most 70 characters`]);
  });

  test("a bad date", () => {
    json(raw.announcements[0]?.frontmatter).date = "2026-02-30";
    expect(problems(raw)).toEqual([`${raw.announcements[0]?.file}: date: must be a real date written YYYY-MM-DD`]);
  });

  test("an expiry before the announcement's date", () => {
    const fm = json(raw.announcements[0]?.frontmatter);
    fm.date = "2026-11-10";
    fm.expires = "2026-11-01";
    expect(problems(raw)).toEqual([`${raw.announcements[0]?.file}: expires: must be after the announcement's date`]);
  });

  test("a gallery category other than branding, events or bts", () => {
    json(raw.galleries[0]?.data).category = "weddings";
    expect(problems(raw)).toEqual([`${raw.galleries[0]?.file}: category: must be one of branding, events, bts`]);
  });

  test("a gallery image without alt text", () => {
    json(raw.galleries[1]?.data).images[2].alt = "";
    expect(problems(raw)).toEqual([
      `${raw.galleries[1]?.file}: images[2].alt: needs real alt text describing the image (at least 5 characters)`,
    ]);
  });

  test("a program hero without alt text", () => {
    delete json(raw.programs[1]?.frontmatter).heroAlt;
    expect(problems(raw)).toEqual([`${raw.programs[1]?.file}: heroAlt: is required`]);
  });

  test("an announcement image without alt text", () => {
    const entry = raw.announcements.find((a) => json(a.frontmatter).image);
    delete json(entry?.frontmatter).imageAlt;
    expect(problems(raw)).toEqual([`${entry?.file}: imageAlt: is required when image is set`]);
  });

  test("a schedule slot outside gym hours", () => {
    json(raw.schedule.data).slots[0] = { day: "Monday", start: "04:30", end: "05:30", program: "crossfit" };
    expect(problems(raw)).toEqual(["content/schedule.json: slots[0]: Monday 04:30-05:30 is outside gym hours (Monday 05:00-19:00)"]);
  });

  test("a schedule slot on a closed day", () => {
    json(raw.schedule.data).slots[0] = { day: "Sunday", start: "09:00", end: "10:00", program: "crossfit" };
    expect(problems(raw)).toEqual(["content/schedule.json: slots[0].day: the gym is closed on Sunday (see content/site.json hours)"]);
  });

  test("a schedule slot that ends before it starts", () => {
    json(raw.schedule.data).slots[1] = { day: "Monday", start: "10:00", end: "09:00", program: "crossfit" };
    expect(problems(raw)).toEqual(["content/schedule.json: slots[1].end: 09:00 must be later than start 10:00"]);
  });

  test("a schedule slot with a badly written time", () => {
    json(raw.schedule.data).slots[2].start = "9am";
    expect(problems(raw)).toEqual(['content/schedule.json: slots[2].start: must be a 24-hour time like "05:00" or "17:30"']);
  });

  test("trial seats are a whole number from 1 to 20", () => {
    const slots = json(raw.schedule.data).slots;
    const kids = slots.findIndex((slot: { program: string; trialSeats?: number }) => slot.program === "kids" && slot.trialSeats);
    slots[kids].trialSeats = 0;
    slots.push({ ...slots[kids], day: "Monday", trialSeats: 21 });
    slots.push({ ...slots[kids], day: "Wednesday", trialSeats: 2.5 });
    const last = slots.length - 1;
    expect(problems(raw)).toEqual([
      `content/schedule.json: slots[${kids}].trialSeats: must be at least 1`,
      `content/schedule.json: slots[${last - 1}].trialSeats: must be at most 20`,
      `content/schedule.json: slots[${last}].trialSeats: must be a whole number of seats`,
    ]);
  });

  test("trial seats only on a kids class, and on one kids class per day and start", () => {
    const slots = json(raw.schedule.data).slots;
    const kids = slots.findIndex((slot: { program: string; trialSeats?: number }) => slot.program === "kids" && slot.trialSeats);
    slots[0].trialSeats = 2;
    slots.push({ ...slots[kids], coach: "Dana", trialSeats: 4 });
    const last = slots.length - 1;
    expect(problems(raw)).toEqual([
      "content/schedule.json: slots[0].trialSeats: only a kids class offers free trial seats; remove it from this crossfit class",
      `content/schedule.json: slots[${last}].start: slots[${kids}] also offers trial seats on ${slots[kids].day} at ${slots[kids].start}: give only one of them trialSeats`,
    ]);
  });

  test("a rate without a price", () => {
    delete json(raw.rates.data).plans[1].price;
    expect(problems(raw)).toEqual(["content/rates.json: plans[1].price: is required"]);
  });

  test("a program linked from the schedule that does not exist", () => {
    json(raw.schedule.data).slots[0].program = "yoga";
    expect(problems(raw)).toEqual([
      'content/schedule.json: slots[0].program: program "yoga" does not exist (programs: crossfit, kids, foundations)',
    ]);
  });

  test("a rate for a program that does not exist, and a duplicate plan id", () => {
    const plans = json(raw.rates.data).plans;
    plans[0].program = "spin";
    plans[2].id = plans[1].id;
    expect(problems(raw)).toEqual([
      `content/rates.json: plans[2].id: plan id "${plans[1].id}" is already used by plans[1].id`,
      'content/rates.json: plans[0].program: program "spin" does not exist (programs: crossfit, kids, foundations)',
    ]);
  });

  test("the drop-in: no plan paid per visit, or two", () => {
    const plans = json(raw.rates.data).plans;
    const dropIn = plans.findIndex((plan: { period: string }) => plan.period === "visit");
    plans[dropIn].period = "week";
    expect(problems(raw)).toEqual(["content/rates.json: plans: needs one plan paid per visit: the drop-in page shows its price"]);
    plans[dropIn].period = "visit";
    plans[0].period = "visit";
    expect(problems(raw)).toEqual([
      `content/rates.json: plans[${dropIn}].period: only one plan can be paid per visit (the drop-in), and plans[0] already is`,
    ]);
  });

  test("the drop-in's program has no class on the schedule", () => {
    const slots = json(raw.schedule.data).slots as Array<{ program: string }>;
    json(raw.schedule.data).slots = slots.filter((slot) => slot.program !== "crossfit");
    const dropIn = json(raw.rates.data).plans.findIndex((plan: { period: string }) => plan.period === "visit");
    expect(problems(raw)).toEqual([
      `content/rates.json: plans[${dropIn}].program: the drop-in's program "crossfit" has no class on the schedule, so nobody could drop in`,
    ]);
  });

  test("an image that does not exist", () => {
    json(raw.galleries[0]?.data).images[0].src = "./missing.jpg";
    expect(problems(raw)).toEqual([`${raw.galleries[0]?.file}: images[0].src: image "./missing.jpg" does not exist`]);
  });

  test("a gallery thumbnail that is not one of its images", () => {
    json(raw.galleries[2]?.data).thumbnail = "nope";
    expect(problems(raw)).toEqual([`${raw.galleries[2]?.file}: thumbnail: "nope" is not the id of an image in this gallery`]);
  });

  test("an unknown placeholder in the policies text", () => {
    const page = raw.pages.find((p) => p.file.endsWith("policies.md"));
    if (!page) throw new Error("no policies page");
    page.body += "\nLate fee: {{lateFee}}\n";
    expect(problems(raw)).toEqual([
      expect.stringMatching(/^content\/pages\/policies\.md: \{\{lateFee\}\}: unknown placeholder \(known: holdNoticeDays, /),
    ]);
  });

  test("a program page without its program file, and a program file without a page", () => {
    const kids = raw.programs.find((p) => json(p.frontmatter).key === "kids");
    json(kids?.frontmatter).key = "teens";
    expect(problems(raw)).toEqual([
      'content/programs: key: no program file has key "kids", which the page /programs/crossfitkids/ needs',
      `${kids?.file}: key: no page shows program "teens": a developer adds its route to src/routes.ts`,
      // A coach, a review, the schedule and rates still name "kids":
      'content/coaches/jess.md: programs[1]: program "kids" does not exist (programs: crossfit, teens, foundations)',
      'content/testimonials.json: testimonials[2].programs[0]: program "kids" does not exist (programs: crossfit, teens, foundations)',
      ...json(raw.schedule.data)
        .slots.map((slot: { program: string }, index: number) => [slot, index] as const)
        .filter(([slot]: readonly [{ program: string }, number]) => slot.program === "kids")
        .map(
          ([, index]: readonly [unknown, number]) =>
            `content/schedule.json: slots[${index}].program: program "kids" does not exist (programs: crossfit, teens, foundations)`,
        ),
      'content/rates.json: plans[3].program: program "kids" does not exist (programs: crossfit, teens, foundations)',
    ]);
  });

  test("two announcements with the same page address", () => {
    const copy = structuredClone(raw.announcements[0]);
    if (!copy) throw new Error("no announcement");
    copy.file = copy.file.replace(/\d{4}-\d{2}-\d{2}/, "2020-01-01");
    raw.announcements.push(copy);
    expect(problems(raw)).toEqual([
      expect.stringMatching(
        /^content\/announcements\/2020-01-01-.*\.md: \(file name\): page address \/announcements\/ ".*" is already used by/,
      ),
    ]);
  });

  test("a missing required page", () => {
    raw.pages = raw.pages.filter((p) => !p.file.endsWith("about.md"));
    expect(problems(raw)).toEqual(["content/pages/about.md: (file): is missing"]);
  });

  test("site.json: a wrong ZIP code and hours that close before they open", () => {
    const site = json(raw.site.data);
    site.address.postalCode = "9833";
    site.hours[1].closes = "08:00";
    expect(problems(raw)).toEqual([
      "content/site.json: address.postalCode: must be a five-digit ZIP code",
      "content/site.json: hours[1].closes: closes must be later than opens",
    ]);
  });

  test("site.json: a time zone that does not exist", () => {
    json(raw.site.data).timeZone = "America/Graham";
    expect(problems(raw)).toEqual([
      'content/site.json: timeZone: "America/Graham" is not a time zone: use an IANA name such as "America/Denver"',
    ]);
  });

  test("site.json: a zone whose rules changed lately passes, its calendar rules being current", () => {
    // Mexico City stopped daylight saving in 2022; older VTIMEZONE data still has it.
    json(raw.site.data).timeZone = "America/Mexico_City";
    expect(problems(raw)).toEqual([]);
  });

  test("site.json: the zone check starts from the day it is given (Mexico City still had daylight saving in 2021)", () => {
    json(raw.site.data).timeZone = "America/Mexico_City";
    // (Reviews by members since after 2021 are in the future then; only the zone matters here.)
    const zoneProblems = problems(raw, { ...realOptions, today: "2021-01-01" }).filter((line) => line.startsWith("content/site.json"));
    expect(zoneProblems).toEqual([
      expect.stringMatching(/^content\/site\.json: timeZone: the calendar files' rules for America\/Mexico_City disagree .* on 2021-/),
    ]);
  });

  test("site.json: another real time zone passes", () => {
    json(raw.site.data).timeZone = "America/New_York";
    expect(problems(raw)).toEqual([]);
  });

  test("policies.json: a maximum hold shorter than the minimum", () => {
    json(raw.policies.data).maxHoldDays = 7;
    expect(problems(raw)).toEqual(["content/policies.json: maxHoldDays: must be at least minHoldDays"]);
  });
});

test("fieldPath writes zod paths the way staff read them", () => {
  expect(fieldPath(["slots", 3, "end"])).toBe("slots[3].end");
  expect(fieldPath([])).toBe("(file)");
});

describe("free-intro availability (content/intro.json)", () => {
  let raw: RawContent;
  const intro = () => json(raw.intro.data);
  beforeEach(() => {
    raw = realContent();
  });

  test("a window outside gym hours", () => {
    intro().coaches[0].windows[0] = { day: "Saturday", from: "10:30", to: "11:30" };
    expect(problems(raw)).toEqual([
      "content/intro.json: coaches[0].windows[0]: Saturday 10:30-11:30 is outside gym hours (Saturday 09:00-11:00)",
    ]);
  });

  test("a window on a day the gym is closed", () => {
    intro().coaches[0].windows[0] = { day: "Sunday", from: "10:00", to: "11:00" };
    expect(problems(raw)).toEqual([
      "content/intro.json: coaches[0].windows[0].day: the gym is closed on Sunday (see content/site.json hours)",
    ]);
  });

  test("two windows of one coach that overlap", () => {
    intro().coaches[1].windows.push({ day: "Tuesday", from: "08:30", to: "09:30" });
    const index = intro().coaches[1].windows.length - 1;
    expect(problems(raw)).toEqual([
      `content/intro.json: coaches[1].windows[${index}]: Tuesday 08:30-09:30 overlaps Marcus's window 07:30-09:00 (windows[0])`,
    ]);
  });

  test("different coaches may offer the same time", () => {
    intro().coaches[1].windows.push({ day: "Monday", from: "10:00", to: "11:00" });
    expect(problems(raw)).toEqual([]);
  });

  test("a window that ends before it starts, or holds no whole slot", () => {
    intro().coaches[0].windows[0] = { day: "Monday", from: "11:00", to: "10:00" };
    intro().coaches[0].windows[1] = { day: "Saturday", from: "10:00", to: "10:20" };
    expect(problems(raw)).toEqual([
      "content/intro.json: coaches[0].windows[0].to: 10:00 must be later than from 11:00",
      "content/intro.json: coaches[0].windows[1]: 10:00-10:20 is shorter than one 30-minute slot",
    ]);
  });

  test("a window that does not divide into whole slots", () => {
    intro().coaches[0].windows[0].to = "11:15";
    expect(problems(raw)).toEqual([
      "content/intro.json: coaches[0].windows[0].to: 10:00-11:15 is not a whole number of 30-minute slots (its last 15 minutes would never be offered)",
    ]);
  });

  test("a blackout date that is not a real date", () => {
    intro().blackouts[0].date = "2026-11-31";
    expect(problems(raw)).toEqual(["content/intro.json: blackouts[0].date: must be a real date written YYYY-MM-DD"]);
  });

  test("a blackout for a coach who is not listed", () => {
    intro().blackouts.push({ date: "2026-12-05", reason: "Competition", coach: "Jessica" });
    const index = intro().blackouts.length - 1;
    expect(problems(raw)).toEqual([
      `content/intro.json: blackouts[${index}].coach: "Jessica" is not a coach in this file (coaches: Dana, Marcus, Jess)`,
    ]);
  });

  test("a time that is not HH:MM and a slot length out of range", () => {
    intro().coaches[2].windows[0].from = "1pm";
    intro().slotMinutes = 5;
    expect(problems(raw)).toEqual([
      "content/intro.json: slotMinutes: must be at least 15",
      'content/intro.json: coaches[2].windows[0].from: must be a 24-hour time like "05:00" or "17:30"',
    ]);
  });
});
