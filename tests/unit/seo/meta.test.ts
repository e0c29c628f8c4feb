import { canonicalUrl, pageTitle, robotsFor, withTrailingSlash } from "../../../src/seo/meta";

describe("canonical URL", () => {
  test("is the site URL plus the path, always ending in a slash", () => {
    expect(canonicalUrl("https://gym.example", "/about/")).toBe("https://gym.example/about/");
    expect(canonicalUrl("https://gym.example/", "/about")).toBe("https://gym.example/about/");
    expect(canonicalUrl("https://gym.example", "/")).toBe("https://gym.example/");
    expect(canonicalUrl("https://gym.example", "membership/signup")).toBe("https://gym.example/membership/signup/");
  });

  test("drops the query and fragment", () => {
    expect(canonicalUrl("https://gym.example", "/schedule/?program=kids#monday")).toBe("https://gym.example/schedule/");
  });

  test("withTrailingSlash keeps a query", () => {
    expect(withTrailingSlash("/contact?interest=kids")).toBe("/contact/?interest=kids");
  });
});

describe("robots", () => {
  test("pages at their trailing-slash path are indexed", () => {
    expect(robotsFor("/")).toBe("index, follow");
    expect(robotsFor("/about/")).toBe("index, follow");
  });

  test("the same page reached without the trailing slash is not", () => {
    expect(robotsFor("/about")).toBe("noindex, nofollow");
    expect(robotsFor("/membership/signup")).toBe("noindex, nofollow");
  });

  test("error pages ask not to be indexed", () => {
    expect(robotsFor("/missing/", true)).toBe("noindex, nofollow");
  });
});

test("title template: the gym's name follows the page's title when both fit in 70 characters", () => {
  expect(pageTitle("Rates", "CrossFit Graham")).toBe("Rates | CrossFit Graham");
  const long = "New Year Nutrition Challenge, sign-up from December 1";
  expect(pageTitle(long, "CrossFit Graham")).toBe(long);
  expect(pageTitle("x".repeat(52), "CrossFit Graham")).toHaveLength(70);
});
