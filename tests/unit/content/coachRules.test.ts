import { coachAnchor, coachPath } from "../../../src/content/coaches";
import type { RawContent } from "../../../src/content/checkInput";
import { checkContent, formatContentError } from "../../../src/content/rules";
import { json, realContent, realOptions } from "../support/content";

/** The checks of content/coaches, and each coach's anchor on the coaches page. */

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
