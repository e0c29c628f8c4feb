import { cacheControlFor } from "../../src/headers";

test("each path gets the cache rule of the first source that matches it", () => {
  expect(cacheControlFor("/static/abc123/photo.avif")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/app-2f9c.js")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/styles.css")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/page-data/index/page-data.json")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/schedule/")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/404.html")).toBe("public, max-age=0, must-revalidate");
});
