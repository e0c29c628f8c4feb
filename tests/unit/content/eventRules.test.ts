import type { RawContent } from "../../../src/content/checkInput";
import { checkContent, formatContentError } from "../../../src/content/rules";
import { json, realContent, realOptions } from "../support/content";

/** The build's one-line problems for content/events, each naming the file and the field. */
function problems(raw: RawContent): string[] {
  return checkContent(raw, realOptions).errors.map(formatContentError);
}

describe("event checks (content/events)", () => {
  let raw: RawContent;
  let file: string;
  let fm: Record<string, unknown>;
  beforeEach(() => {
    raw = realContent();
    const event = raw.events.find((md) => md.file.endsWith("/turkey-burner-2026.md"));
    if (!event) throw new Error("content/events/turkey-burner-2026.md is missing");
    file = event.file;
    fm = json(event.frontmatter);
  });

  test("the real events pass", () => {
    expect(raw.events.length).toBeGreaterThanOrEqual(3);
    expect(problems(raw)).toEqual([]);
  });

  test.each([
    ["2026-11-31 09:00", "a day the month does not have"],
    ["2026-11-26 9:00", "an hour without its leading zero"],
    ["2026-11-26 24:00", "an hour past 23"],
    ["2026-11-26T09:00", "a T between date and time"],
    ["2026-11-26 09:00-08:00", "an offset (the gym's zone gives it)"],
    ["November 26, 9 am", "words"],
  ])("a bad start %s (%s)", (start) => {
    fm.start = start;
    expect(problems(raw)).toEqual([`${file}: start: must be a real date and 24-hour time like "2026-11-26 09:00"`]);
  });

  test("a missing start", () => {
    delete fm.start;
    expect(problems(raw)).toEqual([`${file}: start: is required`]);
  });

  test("an end before the start, or at the same time", () => {
    fm.end = "2026-11-26 08:30";
    expect(problems(raw)).toEqual([`${file}: end: must be after start`]);
    fm.end = fm.start;
    expect(problems(raw)).toEqual([`${file}: end: must be after start`]);
  });

  test("sign-up opening at or after the start", () => {
    fm.signUpOpens = "2026-11-26 09:00";
    expect(problems(raw)).toEqual([`${file}: signUpOpens: must be before start`]);
    fm.signUpOpens = "2026-11-20 08:00";
    expect(problems(raw)).toEqual([]);
  });

  test("an end on a later day is fine, and so is no end", () => {
    fm.end = "2026-11-27 10:00";
    expect(problems(raw)).toEqual([]);
    delete fm.end;
    expect(problems(raw)).toEqual([]);
  });

  test("a bad end is reported once, not also as before the start", () => {
    fm.end = "2026-11-26 25:00";
    expect(problems(raw)).toEqual([`${file}: end: must be a real date and 24-hour time like "2026-11-26 09:00"`]);
  });

  test.each(["games.crossfit.com", "ftp://example.com/x", "javascript:alert(1)", "https://localhost", "//evil.example/x"])(
    "a registerUrl that is not a web address or a page: %s",
    (registerUrl) => {
      fm.registerUrl = registerUrl;
      expect(problems(raw)).toEqual([
        `${file}: registerUrl: must be a full URL starting with https:// or a page of this site like "/contact/"`,
      ]);
    },
  );

  test("a registerUrl naming a page the site does not build", () => {
    fm.registerUrl = "/contacts/";
    expect(problems(raw)).toEqual([`${file}: registerUrl: "/contacts/" is not a page of this site`]);
    fm.registerUrl = "/contact";
    expect(problems(raw)).toEqual([`${file}: registerUrl: "/contact" is not a page of this site: write "/contact/"`]);
  });

  test("a registerUrl to a route, an announcement, another event or another site is fine", () => {
    for (const registerUrl of [
      "/contact/",
      "/intro/?from=event",
      "/announcements/fall-throwdown/",
      "/events/crossfit-open-2027/",
      "https://games.crossfit.com/",
    ]) {
      fm.registerUrl = registerUrl;
      expect(problems(raw)).toEqual([]);
    }
  });

  test("an image that is not there", () => {
    fm.image = "../images/turkey.jpg";
    expect(problems(raw)).toEqual([`${file}: image: image "../images/turkey.jpg" does not exist`]);
  });

  test("an image without alt text", () => {
    delete fm.imageAlt;
    expect(problems(raw)).toEqual([`${file}: imageAlt: is required when image is set`]);
  });

  test("a price that is text, or negative", () => {
    fm.price = "Free";
    expect(problems(raw)).toEqual([`${file}: price: is required and must be a number of dollars (0 for free)`]);
    fm.price = -5;
    expect(problems(raw)).toEqual([`${file}: price: cannot be negative`]);
  });

  test("a place away from the gym needs its address, and an address its place", () => {
    fm.place = "Graham Community Park";
    expect(problems(raw)).toEqual([`${file}: placeAddress: is required when place is set`]);
    delete fm.place;
    fm.placeAddress = "22510 110th Ave E, Graham, WA 98338";
    expect(problems(raw)).toEqual([`${file}: place: is required when placeAddress is set`]);
  });

  test("two files with the same page address", () => {
    const copy = structuredClone(raw.events.find((md) => md.file === file)!);
    copy.file = file.replace("turkey-burner-2026.md", "Turkey Burner 2026.md");
    raw.events.push(copy);
    expect(problems(raw)).toEqual([`${copy.file}: (file name): page address /events/ "turkey-burner-2026" is already used by ${file}`]);
  });
});
