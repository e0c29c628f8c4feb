import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { expect, test } from "@playwright/test";
import { coachAnchor } from "../../src/content/coaches";
import { nextStarts } from "../../src/content/programs";
import { testimonialsSchema } from "../../src/content/schemas";
import { formatLongDate } from "../../src/content/dates";
import { gotoReady } from "./support/page";
import { BUILD_DAY, BUILD_INSTANT } from "../support/buildDay";

const coaches = fs
  .readdirSync("content/coaches")
  .filter((name) => name.endsWith(".md"))
  .map(
    (name) =>
      matter(fs.readFileSync(path.join("content/coaches", name), "utf8")).data as {
        name: string;
        photoAlt: string;
        order: number;
        certifications: string[];
      },
  )
  .sort((a, b) => a.order - b.order);
const reviews = testimonialsSchema.parse(JSON.parse(fs.readFileSync("content/testimonials.json", "utf8"))).testimonials;
const starts = (matter(fs.readFileSync("content/programs/foundations.md", "utf8")).data.starts as unknown[]).map((date) =>
  date instanceof Date ? date.toISOString().slice(0, 10) : String(date),
);

test("the coaches page: one card per coach in order, each with its anchor, photo, certifications and programs", async ({ page }) => {
  await page.goto("/coaches/");
  const cards = page.locator("main li[id]").filter({ has: page.locator("h2") });
  await expect(cards).toHaveCount(coaches.length);
  expect(await cards.locator("h2").allTextContents()).toEqual(coaches.map((coach) => coach.name));
  for (const coach of coaches) {
    const card = page.locator(`#${coachAnchor(coach.name)}`);
    for (const certification of coach.certifications) await expect(card.getByText(certification, { exact: true })).toBeVisible();
    await expect(card.getByRole("link").first()).toHaveAttribute("href", /^\/programs\/[a-z]+\/$/);
    const photo = card.locator("img[data-main-image]");
    await expect(photo).toHaveAttribute("alt", coach.photoAlt);
    await photo.scrollIntoViewIfNeeded();
    // The photo really arrived: a decoded image, not just an element.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test("a class row on the schedule links its coach's card", async ({ page }) => {
  await gotoReady(page, "/schedule/");
  const link = page.locator("main [data-program] a", { hasText: "Dana" }).first();
  await expect(link).toHaveAttribute("href", "/coaches/#dana");
  await link.click();
  await expect(page).toHaveURL(/\/coaches\/#dana$/);
  await expect(page.locator("#dana h2")).toBeInViewport();
});

test("the about page links the coaches page", async ({ page }) => {
  await page.goto("/about/");
  await expect(page.locator("main").getByRole("link", { name: "Meet the coaches" })).toHaveAttribute("href", "/coaches/");
});

test("each program page shows the reviews that name it; the home page shows them all", async ({ page }) => {
  for (const [path, key] of [
    ["/programs/crossfit/", "crossfit"],
    ["/programs/foundations/", "foundations"],
    ["/programs/crossfitkids/", "kids"],
  ] as const) {
    await page.goto(path);
    const expected = reviews.filter((review) => review.programs?.includes(key));
    const shown = page.locator("#reviews figcaption strong");
    expect(await shown.allTextContents(), path).toEqual(expected.map((review) => review.name));
    for (const review of expected)
      await expect(page.locator("#reviews").getByText(`Member since ${review.memberSince}`).first()).toBeVisible();
  }
  await page.goto("/");
  expect(await page.locator("#testimonials figcaption strong").allTextContents()).toEqual(reviews.map((review) => review.name));
});

test.describe("Foundations start dates", () => {
  test("the next three from the gym's today, soonest first", async ({ page }) => {
    // A visitor on the test build's day, which the sample content's start dates are written around
    // (the page picks the gym's day in the browser; the day after the last start has its own test below).
    await page.clock.setFixedTime(BUILD_INSTANT);
    await gotoReady(page, "/programs/foundations/");
    const expected = nextStarts(starts, BUILD_DAY);
    expect(expected.length, "Foundations starts after the test build's day in the content").toBeGreaterThan(0);
    const section = page.locator("#starts");
    expect(await section.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")))).toEqual(expected);
    expect(await section.locator("time").allTextContents()).toEqual(expected.map(formatLongDate));
  });

  test("once every date has passed, the page says none are posted and links the free intro", async ({ page }) => {
    // A visitor whose day is after the last start: the page picks the gym's day in the browser.
    await page.clock.setFixedTime(new Date("2031-06-01T20:00:00Z"));
    await gotoReady(page, "/programs/foundations/");
    const section = page.locator("#starts");
    await expect(section.locator("time")).toHaveCount(0);
    await expect(section.getByText("No start dates are posted right now: book a free intro and we will find yours.")).toBeVisible();
    await expect(section.getByRole("link", { name: "book a free intro" })).toHaveAttribute("href", "/intro/");
  });

  test("programs without start dates show no such section", async ({ page }) => {
    await page.goto("/programs/crossfit/");
    await expect(page.locator("#starts")).toHaveCount(0);
  });
});
