import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { BUILD_DAY_SERVER_ENV, nowOnBuildDay } from "../support/buildDay";
import { REPORT_NOW, seedReports, sqliteSources } from "../support/reportSeed";
import { startProductionServer, type RunningServer } from "../support/servers";
import { signInContext, withStore } from "../support/staff";
import { expectScreenSound } from "./support/staff";

/**
 * The reports screen against the production build and a production server of its own (so no other
 * test's leads are counted), on the build's day, which is the seeded store's now: the figures the unit
 * tests check (tests/support/reportSeed.ts) as staff read them, the period switch by keyboard, a
 * table beside every chart, axe and layout at 320 and 1440 px. With SCREENSHOT_DIR set, it also saves
 * the screen at 390 and 1440 px there (reports-390.png, reports-1440.png).
 */

let server: RunningServer;

test.beforeAll(async () => {
  expect(BUILD_DAY_SERVER_ENV.TEST_SERVER_TIME).toBe(REPORT_NOW.toISOString());
  server = await startProductionServer({ env: { ...BUILD_DAY_SERVER_ENV } });
  const sources = sqliteSources(path.join(server.dataDir, "submissions.sqlite"));
  try {
    await withStore(server.dataDir, (store) => seedReports(store, sources.write));
  } finally {
    await sources.close();
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** A table's rows as text, each cell's words joined by " | ". */
async function rowsOf(table: Locator): Promise<string[]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? "").trim()).join(" | ")));
}

const table = (page: Page, caption: string) => page.getByRole("table", { name: caption, exact: true });

test("a coach reads this week's and the last 4 weeks' figures, each chart with its table; axe and layout clean", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInContext(context, server.url, server.dataDir, "coach@gym.example", "coach", nowOnBuildDay());
  await page.goto(`${server.url}/staff/reports/`);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status")).toHaveText("This week: Nov 23 to Nov 25, 7 leads.");

  // Leads by form: the chart is one image named with its numbers, and the same numbers in a table.
  await expect(page.getByRole("img", { name: "Leads by form: Contact 3; Free intro 3; Drop-in 1; Kids trial 0" })).toBeVisible();
  // People, each once (C-W4 and B-W4 are one, counted by the message); holds and sign-ups are members' business.
  expect(await rowsOf(table(page, "Leads by form"))).toEqual(["Contact | 3", "Free intro | 3", "Drop-in | 1", "Kids trial | 0"]);
  // One week: no chart of weeks.
  await expect(page.getByRole("img", { name: /^Leads by week/ })).toHaveCount(0);

  const figure = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
  await expect(figure("Median")).toHaveText("8 h (1 h of opening hours)");
  await expect(figure("90th percentile")).toHaveText("18 h 12 min (9 h 24 min of opening hours)");
  await expect(figure("Answered")).toHaveText("5 of 7 leads; 2 not answered yet");
  // Shares of every lead: the two never answered count as not within.
  expect(await rowsOf(table(page, "Answered within (share of all leads; not answered counts as not)"))).toEqual([
    "5 min | 29% | 2",
    "1 hour | 29% | 2",
    "1 day | 71% | 5",
  ]);
  expect(await rowsOf(table(page, "First answers by staff member"))).toEqual([
    "owner@gym.example | 4 | 9 h 30 min (2 h 30 min of opening hours)",
    "coach@gym.example | 1 | 2 min (2 min of opening hours)",
  ]);
  // Strictly nested: each step only people of the one before.
  expect(await rowsOf(table(page, "Leads by how far they got"))).toEqual([
    "Leads | 7 | –",
    "Answered | 5 | 71%",
    "Intro booked | 2 | 40%",
    "Came | 1 | 50%",
    "Joined | 0 | 0%",
  ]);
  await expect(page.getByText("Show rate: 67%")).toBeVisible();
  await expect(page.getByText("2 came, 1 did not come, 1 not marked yet.")).toBeVisible();
  expect(await rowsOf(table(page, "Leads by source, this week"))).toEqual([
    "Facebook | 2 | 50% of 2 | 1",
    "Google | 2 | 50% of 2 | 0",
    "Unknown | 3 | 0% of 3 | 0",
  ]);
  // The raw values one tap away.
  await page.getByText("What each source was counted from").click();
  await expect(page.getByRole("listitem").filter({ hasText: "Facebook: Facebook (1), facebook (1)" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Google: google.com (2)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How these are counted" })).toBeVisible();

  // Every chart has the table of its numbers right after it, captioned with the chart's title.
  const charts = await page.locator('svg[role="img"]').evaluateAll((svgs) =>
    svgs.map((svg) => ({
      name: (svg.getAttribute("aria-label") ?? "").split(":")[0],
      table: svg.nextElementSibling?.tagName === "TABLE" ? svg.nextElementSibling.querySelector("caption")?.textContent : null,
    })),
  );
  expect(charts.length).toBe(4);
  for (const chart of charts) expect(chart.table).toBe(chart.name);

  await expectScreenSound(page, "the reports screen, this week");
  // On a phone each channel's name stays whole: the figures beside it once squeezed "Facebook" to two lines.
  await page.setViewportSize({ width: 390, height: 844 });
  const lines = await table(page, "Leads by source, this week")
    .locator("tbody th")
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return `${cell.textContent ?? ""}: ${new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size}`;
      }),
    );
  expect(lines).toEqual(["Facebook: 1", "Google: 1", "Unknown: 1"]);
  if (process.env.SCREENSHOT_DIR) {
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `reports-${width}.png`), fullPage: true });
    }
  }

  // The period by keyboard: tab to the choice, arrow down to the next period.
  await page.setViewportSize({ width: 1440, height: 900 });
  const choice = page.getByLabel("Period");
  for (let presses = 0; presses < 20 && !(await choice.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(choice).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(choice).toHaveValue("4-weeks");
  await expect(page.getByRole("status")).toHaveText("Last 4 weeks: Oct 26 to Nov 22, 5 leads.");
  await expect(page).toHaveURL(/\/staff\/reports\/\?period=4-weeks$/);
  expect(await rowsOf(table(page, "Leads by week (from Monday)"))).toEqual(["Oct 26 | 1", "Nov 2 | 1", "Nov 9 | 1", "Nov 16 | 2"]);
  await expect(page.getByRole("img", { name: "Leads by week (from Monday): Oct 26 1; Nov 2 1; Nov 9 1; Nov 16 2" })).toBeVisible();
  expect(await rowsOf(table(page, "Leads by how far they got"))).toEqual([
    "Leads | 5 | –",
    "Answered | 2 | 40%",
    "Intro booked | 2 | 100%",
    "Came | 1 | 50%",
    "Joined | 0 | 0%",
  ]);
  await expect(figure("Median")).toHaveText("1 day 14 h (8 h of opening hours)");
  await expect(page.getByText("Show rate: 0%")).toBeVisible();
  await expect(page.getByText("0 came, 1 did not come.")).toBeVisible();
  await expectScreenSound(page, "the reports screen, last 4 weeks");

  // The address keeps the period: a reload shows the same one.
  await page.goto(`${server.url}/staff/reports/?period=12-weeks`);
  await expect(page.getByRole("status")).toHaveText("Last 12 weeks: Aug 31 to Nov 22, 7 leads.");
  await expect(page.getByLabel("Period")).toHaveValue("12-weeks");
  await expect(page.locator('svg[role="img"]')).toHaveCount(5);
  await expectScreenSound(page, "the reports screen, last 12 weeks");
});

test("the owner sees the same screen in the menu; signed out, the API is 401", async ({ page, context }) => {
  expect((await fetch(`${server.url}/api/staff/reports`)).status).toBe(401);
  await signInContext(context, server.url, server.dataDir, "owner@gym.example", "owner", nowOnBuildDay());
  await page.goto(`${server.url}/staff/`);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/staff\/reports\/$/);
  // The Leads screen's own status lines may still be on the page for a moment as the menu's link opens Reports.
  await expect(page.getByRole("status").filter({ hasText: /^This week:/ })).toHaveText("This week: Nov 23 to Nov 25, 7 leads.");
});
