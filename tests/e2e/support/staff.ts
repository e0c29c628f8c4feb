import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { findLayoutFaults } from "./layout";

/** A console screen at a phone's width and a desk's: zero axe violations, nothing overlapping or clipped. */
export async function expectScreenSound(page: Page, label: string, widths: readonly number[] = [320, 1440]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${label} at ${width}px`);
    const faults = await page.evaluate(findLayoutFaults);
    expect(
      faults.map((fault) => `${fault.kind}: ${fault.detail}`),
      `${label} at ${width}px`,
    ).toEqual([]);
  }
}
