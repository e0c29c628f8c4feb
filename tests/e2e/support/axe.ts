import fs from "node:fs";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's own script and `axe.run`, not @axe-core/playwright's builder: the builder injects axe into
 * every frame and opens a second page to merge the frames' results, which took two to four times as long
 * as the check itself here (the programs page: 7.3 s against 2.2 s). Our pages have no frames; the check
 * fails if one ever appears, so no frame goes unchecked.
 */
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const OPTIONS: RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };

declare global {
  interface Window {
    axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/** Every WCAG 2.2 AA violation axe finds on the page as it is now, one readable entry each. */
export async function axeViolations(page: Page): Promise<string[]> {
  expect(await page.locator("iframe").count(), "frames on the page (axe here checks the top document only)").toBe(0);
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (options) => {
    // The footer has `content-visibility: auto`: while it lies off screen the browser skips its layout,
    // so its links' boxes can be stale (from another width) and axe, which knows only "hidden", then
    // found them outside the footer's dark box and measured the light text against white (seen once at
    // 320 px in CI). Drawn for the check as a visitor who scrolls there sees it, then as it was.
    const drawn = document.createElement("style");
    drawn.textContent = "* { content-visibility: visible !important; }";
    document.head.append(drawn);
    try {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return await window.axe!.run(document, options);
    } finally {
      drawn.remove();
    }
  }, OPTIONS);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
}

/** Fails with a readable list when axe finds any WCAG 2.2 AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
}
