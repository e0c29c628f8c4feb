import fs from "node:fs";
import { buildNow, buildTimeNotice } from "../../../src/node/buildClock";
import { loadCheckedContent } from "../../../src/node/contentChecks";

describe("buildNow", () => {
  test("the machine's clock when BUILD_TIME is unset or blank", () => {
    for (const env of [{}, { BUILD_TIME: " " }]) {
      const before = Date.now();
      const now = buildNow(env).getTime();
      expect(now).toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    }
  });

  test("BUILD_TIME with its zone is the build's instant", () => {
    expect(buildNow({ BUILD_TIME: "2026-11-25T20:00:00Z" }).toISOString()).toBe("2026-11-25T20:00:00.000Z");
    expect(buildNow({ BUILD_TIME: "2026-11-25T12:00-08:00" }).toISOString()).toBe("2026-11-25T20:00:00.000Z");
  });

  test("a value that is not an instant with its zone fails with one line naming the setting", () => {
    // A date alone, or a time without a zone, would be read in the build machine's own zone.
    for (const value of ["2026-11-25", "2026-11-25T20:00:00", "tomorrow", "2026-13-40T99:00:00Z", "2026-02-30T12:00:00Z"]) {
      expect(() => buildNow({ BUILD_TIME: value })).toThrow(`BUILD_TIME: "${value}" is not an ISO 8601 instant`);
    }
  });
});

test("a dated build says so in one line; an undated one says nothing", () => {
  expect(buildTimeNotice({})).toBeUndefined();
  expect(buildTimeNotice({ BUILD_TIME: "2026-11-25T20:00:00Z" })).toBe(
    "BUILD_TIME is set: this build is dated 2026-11-25T20:00:00.000Z, not now. Unset it for the live site.",
  );
});

describe("the content checks on the build's day", () => {
  const saved = process.env.BUILD_TIME;
  afterEach(() => {
    if (saved === undefined) delete process.env.BUILD_TIME;
    else process.env.BUILD_TIME = saved;
  });

  test("a review whose member-since year is after the build's year is refused, judged by BUILD_TIME", () => {
    const { testimonials } = JSON.parse(fs.readFileSync("content/testimonials.json", "utf8")) as {
      testimonials: { memberSince: number }[];
    };
    const latest = Math.max(...testimonials.map((review) => review.memberSince));
    process.env.BUILD_TIME = `${latest - 1}-06-01T12:00:00Z`;
    expect(loadCheckedContent().lines).toContainEqual(
      expect.stringMatching(/^content\/testimonials\.json: testimonials\[\d+\]\.memberSince: \d+ is in the future/),
    );
    // The content is valid on the day the tests' build is dated (package.json "build:test").
    const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    const pinned = /BUILD_TIME=(\S+)/.exec(scripts["build:test"] ?? "")?.[1];
    expect(pinned).toBeDefined();
    process.env.BUILD_TIME = pinned;
    expect(loadCheckedContent().lines).toEqual([]);
  });
});
