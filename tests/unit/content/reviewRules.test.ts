import { reviewsOf } from "../../../src/content/programs";
import type { RawContent } from "../../../src/content/checkInput";
import { checkContent, formatContentError } from "../../../src/content/rules";
import { json, realContent, realOptions } from "../support/content";

/** The checks of content/testimonials.json, and the reviews a program's page shows. */

function problems(raw: RawContent): string[] {
  return checkContent(raw, realOptions).errors.map(formatContentError);
}

const PROGRAMS = "(programs: crossfit, kids, foundations)";

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
