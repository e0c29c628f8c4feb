import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { expect, test, type Page } from "@playwright/test";
import type { WodDays } from "../../src/content/wod";
import { gotoReady, holdScripts } from "./support/page";

/**
 * The workout of the day is the one for the gym's day in Graham, by the visitor's clock, from the first
 * paint: /wod/ carries the build's day and the next, and shows the next only once it has begun there.
 */

const titles = new Map(
  fs
    .readdirSync("content/wod")
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const { data } = matter(fs.readFileSync(path.join("content/wod", name), "utf8"));
      return [name.slice(0, 10), String(data.title)] as const;
    }),
);
const title = (date: string) => {
  const found = titles.get(date);
  // The days these tests look at are the test build's (BUILD_TIME in package.json's "build:test"): the
  // sample content must keep a workout on each, or the cases would check nothing.
  if (!found) throw new Error(`content/wod has no workout for ${date}, a day the tests need (the test build's day or the next)`);
  return found;
};

/** The days the built /wod/ covers (src/node/pages.ts). */
function builtDays(): WodDays {
  const data = JSON.parse(fs.readFileSync("public/page-data/wod/page-data.json", "utf8")) as {
    result: { pageContext: { wodDays?: WodDays } };
  };
  const days = data.result.pageContext.wodDays;
  if (!days) throw new Error("public/page-data/wod/page-data.json has no pageContext.wodDays: build again");
  return days;
}

/** The day's workout as the visitor sees it: its visible title in the first section of the page. */
const shownTitle = (page: Page) => page.locator("main article h2:visible");

async function expectShows(page: Page, date: string, notShown: string[]) {
  await expect(shownTitle(page)).toHaveText([title(date)]);
  await expect(page.locator("main article time:visible").first()).toHaveAttribute("datetime", date);
  for (const later of notShown) await expect(page.getByText(title(later), { exact: true })).toBeHidden();
}

test.describe("the build's day, the next and after", () => {
  const days = builtDays();
  // 00:30 UTC on the next day is still the build's day in Graham (16:30 in winter, 17:30 in summer).
  const justAfterUtcMidnight = Date.parse(`${days.next}T00:30:00Z`);
  const cases = [
    {
      name: "just after midnight UTC: still the build's day in Graham, its workout, never the next day's",
      at: justAfterUtcMidnight,
      shows: days.built,
    },
    {
      name: "one minute before midnight: still the build's day, the next day's workout unseen",
      at: days.nextFrom - 60_000,
      shows: days.built,
    },
    { name: "at midnight in Graham: the next day's workout, without a rebuild", at: days.nextFrom, shows: days.next },
    { name: "a day later with no rebuild: no workout for today, said plainly", at: days.laterFrom + 60_000, shows: undefined },
  ];
  for (const { name, at, shows } of cases) {
    test(name, async ({ page }) => {
      expect(justAfterUtcMidnight).toBeLessThan(days.nextFrom);
      // Both days have a workout in the content the build used: "no workout" below is only the day after.
      expect(
        [days.built, days.next].filter((day) => !titles.has(day)),
        "days without a workout in content/wod",
      ).toEqual([]);
      await page.clock.setFixedTime(new Date(at));
      const release = await holdScripts(page);
      await page.goto("/wod/", { waitUntil: "domcontentloaded" });
      const check = async () => {
        const after = (day: string) => [days.built, days.next].filter((date) => date > day && titles.has(date));
        if (shows) await expectShows(page, shows, after(shows));
        else {
          await expect(page.getByRole("heading", { level: 2, name: "No workout posted for today" })).toBeVisible();
          await expect(shownTitle(page)).toHaveCount(0);
          for (const date of after(days.built)) await expect(page.getByText(title(date), { exact: true })).toBeHidden();
        }
        // The list below never links to a day after the one shown.
        for (const link of await page.locator("#previous li:visible a").all()) {
          const date = /\/wod\/(\d{4}-\d{2}-\d{2})\/$/.exec((await link.getAttribute("href")) ?? "")?.[1] ?? "";
          expect(date <= days.built, `${date} listed`).toBe(true);
          if (shows) expect(date < shows, `${date} listed under ${shows}`).toBe(true);
        }
        await expect(page.locator("#previous li:visible")).toHaveCount(
          Math.min(7, [...titles.keys()].filter((d) => d < (shows ?? days.next)).length),
        );
      };
      await check();
      release();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await check();
    });
  }

  test("a client-side visit to /wod/ after midnight shows the next day's too", async ({ page }) => {
    await page.clock.setFixedTime(new Date(days.nextFrom + 3_600_000));
    await gotoReady(page, "/schedule/");
    // The page's own inline script does not run on a client-side navigation; the page marks the day itself.
    await page.evaluate(() => document.documentElement.removeAttribute("data-wod-day"));
    await page.getByRole("navigation").getByRole("link", { name: "WOD", exact: true }).first().click();
    await expect(page).toHaveURL(/\/wod\/$/);
    await expectShows(page, days.next, []);
  });

  test("a day's own page is published on its day, not before", async ({ page, request }) => {
    const past = [...titles.keys()]
      .filter((date) => date <= days.built)
      .sort()
      .at(-1);
    if (!past) throw new Error("no workout on or before the build's day");
    await gotoReady(page, `/wod/${past}/`);
    await expect(page.getByRole("heading", { level: 2, name: title(past) })).toBeVisible();
    for (const version of ["Rx", "Scaled", "Foundations"])
      await expect(page.locator("main dt", { hasText: version }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Today’s workout" })).toHaveAttribute("href", "/wod/");
    for (const future of [...titles.keys()].filter((date) => date > days.built)) {
      expect((await request.get(`/wod/${future}/`)).status(), future).toBe(404);
    }
  });
});

test("on a 320 px phone the versions stack, each readable, with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  // The latest workout the build published, whichever day the content has it on.
  const latest = [...titles.keys()]
    .filter((date) => date <= builtDays().built)
    .sort()
    .at(-1);
  expect(latest, "a workout on or before the build's day in content/wod").toBeDefined();
  await gotoReady(page, `/wod/${latest}/`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const versions = page.locator("main article dl").first().locator("> div");
  await expect(versions).toHaveCount(3);
  const boxes = await versions.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  for (const [index, box] of boxes.entries()) {
    expect(box.width).toBeGreaterThan(240);
    if (index > 0) expect(box.top).toBeGreaterThanOrEqual((boxes[index - 1] as DOMRect).bottom);
  }
});
