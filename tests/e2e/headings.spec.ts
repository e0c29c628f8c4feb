import { expect, test } from "@playwright/test";
import { urls } from "./support/site";

/** Screen-reader users move by headings: one h1 per page, and no level skipped on the way down. */
test("every page's headings descend one level at a time", async ({ page }) => {
  test.setTimeout(60_000);
  for (const path of [...urls.pages, "/no-such-page/"]) {
    await page.goto(path);
    const levels = await page
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((headings) => headings.filter((h) => !h.closest("[hidden]")).map((h) => Number(h.tagName.slice(1))));
    expect(levels[0], path).toBe(1);
    expect(
      levels.filter((level) => level === 1),
      path,
    ).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - (levels[i - 1] as number), `${path}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(1);
    });
  }
});
