import { coachAnchor, coachPath } from "../../src/content/coaches";
import { nextStarts, reviewsOf } from "../../src/content/programs";
import type { RawContent } from "../../src/content/checkInput";
import { checkContent, formatContentError } from "../../src/content/rules";
import { json, realContent, realOptions } from "./support/content";

/** The checks of content/coaches, content/testimonials.json and the programs' start dates. */

function problems(raw: RawContent): string[] {
  return checkContent(raw, realOptions).errors.map(formatContentError);
}

const PROGRAMS = "(programs: crossfit, kids, foundations)";

describe("coaches (content/coaches)", () => {
  let raw: RawContent;
  const coach = (name: string) => {
    const found = raw.coaches.find((md) => md.file === `content/coaches/${name}.md`);
    if (!found) throw new Error(`no coach file ${name}.md`);
    return found;
  };
  beforeEach(() => {
    raw = realContent();
  });

  test("the gym's coaches are the ones the schedule and the free-intro times name", () => {
    expect(raw.coaches.map((md) => json(md.frontmatter).name)).toEqual(["Dana", "Jess", "Marcus"]);
    expect(problems(raw)).toEqual([]);
  });

  test("a photo that is not there", () => {
    json(coach("dana").frontmatter).photo = "../images/coach-dana-new.jpg";
    expect(problems(raw)).toEqual(['content/coaches/dana.md: photo: image "../images/coach-dana-new.jpg" does not exist']);
  });

  test("a photo without a description", () => {
    json(coach("jess").frontmatter).photoAlt = "Jess";
    expect(problems(raw)).toEqual(["content/coaches/jess.md: photoAlt: needs real alt text describing the image (at least 5 characters)"]);
  });

  test("a program that does not exist", () => {
    json(coach("jess").frontmatter).programs.push("yoga");
    expect(problems(raw)).toEqual([`content/coaches/jess.md: programs[2]: program "yoga" does not exist ${PROGRAMS}`]);
  });

  test("two coaches with one name (they would share /coaches/#dana)", () => {
    const copy = structuredClone(coach("dana"));
    copy.file = "content/coaches/dana-k.md";
    json(copy.frontmatter).name = "dana";
    raw.coaches.push(copy);
    expect(problems(raw)).toEqual(['content/coaches/dana-k.md: name: coach name "dana" is already used by content/coaches/dana.md']);
  });

  test("a name with no letter a-z or digit has no place on the page", () => {
    json(coach("dana").frontmatter).name = "丹娜";
    expect(problems(raw)).toEqual([
      "content/coaches/dana.md: name: needs at least one letter a-z or digit (it names the coach's place on the page)",
      // The schedule and the free-intro times still say Dana:
      ...json(raw.schedule.data)
        .slots.flatMap((slot: { coach?: string }, index: number) => (slot.coach === "Dana" ? [index] : []))
        .map((index: number) =>
          expect.stringMatching(new RegExp(`^content/schedule\\.json: slots\\[${index}\\]\\.coach: "Dana" is not a coach`)),
        ),
      expect.stringMatching(/^content\/intro\.json: coaches\[0\]\.name: "Dana" is not a coach/),
    ]);
  });

  test("a schedule slot whose coach has no file", () => {
    json(raw.schedule.data).slots[3].coach = "Mark";
    expect(problems(raw)).toEqual([
      'content/schedule.json: slots[3].coach: "Mark" is not a coach: add content/coaches/mark.md or use a coach\'s name as written there (coaches: Dana, Jess, Marcus)',
    ]);
  });

  test("a free-intro coach who has no file", () => {
    json(raw.intro.data).coaches[2].name = "Jessica";
    expect(problems(raw)).toEqual([
      'content/intro.json: coaches[2].name: "Jessica" is not a coach: add content/coaches/jessica.md or use a coach\'s name as written there (coaches: Dana, Jess, Marcus)',
    ]);
  });

  test("a coach file with another mistake still vouches for its name: one typo, one problem", () => {
    delete json(coach("marcus").frontmatter).order;
    expect(problems(raw)).toEqual(["content/coaches/marcus.md: order: is required"]);
  });

  test("each coach's anchor comes from the name", () => {
    expect(coachAnchor("Dana")).toBe("dana");
    expect(coachAnchor("Mary Ann O'Neil")).toBe("mary-ann-o-neil");
    expect(coachPath("Jess")).toBe("/coaches/#jess");
  });
});

describe("reviews (content/testimonials.json)", () => {
  let raw: RawContent;
  const review = (index: number) => json(raw.testimonials.data).testimonials[index];
  beforeEach(() => {
    raw = realContent();
  });

  test("member since a year still to come (the checks' day is 2026-11-24)", () => {
    review(1).memberSince = 2027;
    expect(problems(raw)).toEqual(["content/testimonials.json: testimonials[1].memberSince: 2027 is in the future (it is 2026)"]);
    review(1).memberSince = 2026;
    expect(problems(raw)).toEqual([]);
  });

  test("member since written as text, or missing", () => {
    review(0).memberSince = "since 2023";
    delete review(2).memberSince;
    expect(problems(raw)).toEqual([
      "content/testimonials.json: testimonials[0].memberSince: is required and must be a year like 2023",
      "content/testimonials.json: testimonials[2].memberSince: is required",
    ]);
  });

  test("a name with an initial reads as invented, and a review says where it was posted", () => {
    review(0).name = "Linda R.";
    review(1).name = "Andre M";
    review(2).name = "Mary Ann";
    delete review(2).postedOn;
    expect(problems(raw)).toEqual([
      'content/testimonials.json: testimonials[0].name: must be a first name in full, like "Linda", with no initial',
      'content/testimonials.json: testimonials[1].name: must be a first name in full, like "Linda", with no initial',
      "content/testimonials.json: testimonials[2].postedOn: is required",
    ]);
  });

  test("the Google rating: optional, from 1 to 5 with one decimal, a whole count and the reviews' address", () => {
    const file = json(raw.testimonials.data);
    file.googleRating = { rating: 4.8, count: 112, url: "https://g.page/r/example/review" };
    expect(problems(raw)).toEqual([]);
    file.googleRating = { rating: 4.85, count: 11.5, url: "google reviews" };
    expect(problems(raw)).toEqual([
      "content/testimonials.json: googleRating.rating: must have one decimal at most, like 4.8",
      "content/testimonials.json: googleRating.count: must be a whole number",
      "content/testimonials.json: googleRating.url: must be a full URL starting with https://",
    ]);
    file.googleRating = { rating: 5.5, count: 0 };
    expect(problems(raw)).toEqual([
      "content/testimonials.json: googleRating.rating: must be from 1 to 5",
      "content/testimonials.json: googleRating.count: must be at least 1",
      "content/testimonials.json: googleRating.url: is required",
    ]);
  });

  test("a program that does not exist", () => {
    review(2).programs = ["kids", "teens"];
    expect(problems(raw)).toEqual([`content/testimonials.json: testimonials[2].programs[1]: program "teens" does not exist ${PROGRAMS}`]);
  });

  test("the old free-text detail is gone: the editor no longer writes it", () => {
    review(0).detail = "Member since 2023";
    expect(problems(raw)).toEqual(["content/testimonials.json: testimonials[0]: unknown field(s) detail: check the spelling"]);
  });

  test("a program page shows the reviews that name its program, in the file's order", () => {
    const reviews = [
      { name: "A", programs: ["crossfit", "foundations"] },
      { name: "B", programs: ["kids"] },
      { name: "C", programs: null },
      { name: "D", programs: ["foundations"] },
    ];
    expect(reviewsOf(reviews, "foundations").map((r) => r.name)).toEqual(["A", "D"]);
    expect(reviewsOf(reviews, "kids").map((r) => r.name)).toEqual(["B"]);
  });
});

describe("start dates of new groups (programs' starts)", () => {
  let raw: RawContent;
  const foundations = () => {
    const found = raw.programs.find((md) => md.file === "content/programs/foundations.md");
    if (!found) throw new Error("no foundations.md");
    return json(found.frontmatter);
  };
  beforeEach(() => {
    raw = realContent();
  });

  test("a date that is not a real date", () => {
    foundations().starts[1] = "2026-12-32";
    foundations().starts[2] = "next month";
    expect(problems(raw)).toEqual([
      "content/programs/foundations.md: starts[1]: must be a real date written YYYY-MM-DD",
      "content/programs/foundations.md: starts[2]: must be a real date written YYYY-MM-DD",
    ]);
  });

  test("optional: a program without start dates passes", () => {
    delete foundations().starts;
    expect(problems(raw)).toEqual([]);
  });

  test("the page lists at most three, from the gym's today on, soonest first", () => {
    const starts = ["2027-02-01", "2026-11-02", "2026-11-24", "2027-01-04", "2026-12-07"];
    expect(nextStarts(starts, "2026-11-24")).toEqual(["2026-11-24", "2026-12-07", "2027-01-04"]);
    expect(nextStarts(starts, "2026-11-25")).toEqual(["2026-12-07", "2027-01-04", "2027-02-01"]);
    expect(nextStarts(starts, "2027-02-02")).toEqual([]);
  });
});
