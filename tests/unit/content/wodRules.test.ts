import type { MarkdownFile, RawContent } from "../../../src/content/checkInput";
import { checkContent, formatContentError } from "../../../src/content/rules";
import { wodFileDate } from "../../../src/content/wodRules";
import { json, realContent, realOptions } from "../support/content";

const problems = (raw: RawContent) => checkContent(raw, realOptions).errors.map(formatContentError);

/** A workout written here, in place of the gym's own, so an edit of content/wod cannot change these tests. */
function workout(date: string): MarkdownFile {
  const part = (name: string) => ({ name, rx: `${name} as written`, scaled: `${name}, lighter`, foundations: `${name}, learning it` });
  return {
    file: `content/wod/${date}.md`,
    frontmatter: { date, title: `Workout of ${date}`, parts: [part("Warm-up"), part("Strength"), part("Metcon")] },
    body: "Bring water.\n",
    bodyLine: 20,
  };
}

describe("workout of the day content (content/wod): each problem names file and field", () => {
  let raw: RawContent;
  let wod: MarkdownFile;
  beforeEach(() => {
    raw = realContent();
    wod = workout("2026-11-25");
    raw.wods = [workout("2026-11-24"), wod];
  });

  test("the real workouts pass, and the two written here", () => {
    const real = realContent();
    expect(real.wods.length).toBeGreaterThan(0);
    expect(problems(real)).toEqual([]);
    expect(problems(raw)).toEqual([]);
  });

  test("a date that is not a real day", () => {
    json(wod.frontmatter).date = "2026-11-31";
    expect(problems(raw)).toEqual(["content/wod/2026-11-25.md: date: must be a real date written YYYY-MM-DD"]);
  });

  test("a date other than the one the file is named for", () => {
    json(wod.frontmatter).date = "2026-11-24";
    expect(problems(raw)).toEqual([
      "content/wod/2026-11-25.md: date: is 2026-11-24 but the file is named for 2026-11-25",
      // The 24th now has two workouts: reported on the second file read.
      'content/wod/2026-11-25.md: date: workout date "2026-11-24" is already used by content/wod/2026-11-24.md',
    ]);
  });

  test("a missing Rx, Scaled or Foundations version", () => {
    const parts = json(wod.frontmatter).parts;
    delete parts[1].rx;
    parts[2].scaled = "  ";
    delete parts[0].foundations;
    expect(problems(raw)).toEqual([
      "content/wod/2026-11-25.md: parts[0].foundations: is required",
      "content/wod/2026-11-25.md: parts[1].rx: is required",
      "content/wod/2026-11-25.md: parts[2].scaled: is required",
    ]);
  });

  test("an empty list of parts, and none at all", () => {
    json(wod.frontmatter).parts = [];
    const other = raw.wods.find((entry) => entry.file === "content/wod/2026-11-24.md");
    delete json(other?.frontmatter).parts;
    expect(problems(raw)).toEqual([
      "content/wod/2026-11-24.md: parts: is required",
      "content/wod/2026-11-25.md: parts: needs at least one part",
    ]);
  });

  test("two workouts for one day (the web editor names the second 2026-11-25-1.md)", () => {
    raw.wods.push({ ...structuredClone(wod), file: "content/wod/2026-11-25-1.md" });
    expect(problems(raw)).toEqual([
      'content/wod/2026-11-25-1.md: date: workout date "2026-11-25" is already used by content/wod/2026-11-25.md',
    ]);
  });

  test("a file not named for its day", () => {
    raw.wods.push({ ...structuredClone(wod), file: "content/wod/thanksgiving.md" });
    json(raw.wods.at(-1)?.frontmatter).date = "2026-12-31";
    expect(problems(raw)).toEqual(["content/wod/thanksgiving.md: (file name): must be the workout's date, like 2026-12-31.md"]);
    expect(wodFileDate("content/wod/2026-02-30.md")).toBeUndefined();
    expect(wodFileDate("content/wod/2026-11-25-1.md")).toBe("2026-11-25");
  });

  test("raw HTML in the notes below the workout", () => {
    wod.body = "Bring water.\n\n<iframe src=x></iframe>\n";
    wod.bodyLine = 40;
    expect(problems(raw)).toEqual([
      "content/wod/2026-11-25.md: body (line 42): raw HTML is not allowed (<iframe src=x></iframe>); write it in markdown",
    ]);
  });
});
