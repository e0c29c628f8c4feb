import path from "node:path";
import { checkContent } from "../../../src/content/rules";
import { readContent } from "../../../src/node/contentFiles";
import { realOptions } from "../support/content";

const fixture = path.resolve("tests/fixtures/broken-content");

test("an impossible date in frontmatter stays as written instead of rolling over to another day", () => {
  const { raw } = readContent(fixture);
  const announcement = raw.announcements[0];
  expect((announcement?.frontmatter as { date: unknown }).date).toBe("2026-02-30");
  const { errors } = checkContent(raw, realOptions);
  expect(errors).toContainEqual({
    file: "tests/fixtures/broken-content/announcements/2026-02-28-bad-date.md",
    field: "date",
    message: "must be a real date written YYYY-MM-DD",
  });
});

test("a missing file is reported by name, not thrown", () => {
  const { problems } = readContent(path.resolve("tests/fixtures/does-not-exist"));
  expect(problems).toContainEqual({ file: expect.stringMatching(/does-not-exist\/site\.json$/), message: "is missing" });
});

test("the small fixture site used by the analytics build test is valid content", () => {
  const { raw, problems } = readContent(path.resolve("tests/fixtures/small-content"));
  expect(problems).toEqual([]);
  expect(checkContent(raw, realOptions).errors).toEqual([]);
});
