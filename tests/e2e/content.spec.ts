import fs from "node:fs";
import ICAL from "ical.js";
import { expect, test, type Page } from "@playwright/test";
import { listedAnnouncements } from "../../src/content/announcements";
import { formatClock, minutes } from "../../src/content/dates";
import { policyFacts } from "../../src/content/policies";
import { formatPrice, priceLabel } from "../../src/content/rates";
import {
  gallerySchema,
  introSchema,
  policiesSchema,
  ratesSchema,
  scheduleSchema,
  siteSchema,
  visitSchema,
} from "../../src/content/schemas";
import { markerBesideFirstLine } from "./support/markers";
import { gotoReady } from "./support/page";
import { announcementFiles, buildToday } from "./support/site";

const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));
const rates = ratesSchema.parse(read("content/rates.json"));
const schedule = scheduleSchema.parse(read("content/schedule.json"));
const site = siteSchema.parse(read("content/site.json"));
const policies = policiesSchema.parse(read("content/policies.json"));
/** The galleries as the portfolio lists them (by order, then name), from the content the build used. */
const galleries = fs
  .readdirSync("content/galleries")
  .map((folder) => gallerySchema.parse(read(`content/galleries/${folder}/gallery.json`)))
  .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || a.name.localeCompare(b.name));

// Which announcements are listed depends on the day the site was built; tests/unit/node/pages.test.ts checks
// that choice, expired ones included, on a fixed day. Here: the pages show what the build chose.
test.describe("announcements", () => {
  test("newest first, with dates, and those expired on the build's day left off the list", async ({ page }) => {
    await page.goto("/announcements/");
    const all = announcementFiles();
    const expected = listedAnnouncements(all, buildToday());
    const expired = all.filter((a) => !expected.includes(a));

    const items = page.locator("main ol > li");
    await expect(items).toHaveCount(expected.length);
    expect(await items.locator("h2").allTextContents()).toEqual(expected.map((a) => a.title));
    expect(await items.locator("time").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")))).toEqual(
      expected.map((a) => a.date),
    );
    for (const gone of expired) await expect(page.getByText(gone.title)).toHaveCount(0);
  });

  test("the home page shows the latest ones", async ({ page }) => {
    await page.goto("/");
    const latest = listedAnnouncements(announcementFiles(), buildToday()).slice(0, 3);
    expect(await page.locator("#announcements h3").allTextContents()).toEqual(latest.map((a) => a.title));
  });
});

test.describe("gallery", () => {
  test("three galleries, every image with alt text and AVIF, WebP and JPEG renditions", async ({ page }) => {
    await page.goto("/portfolio/");
    expect(await page.locator("main h2").allTextContents()).toEqual(["Branding Photography", "Event Photography", "Behind The Scenes"]);
    const thumbs = page.locator("main section[data-category] ul li");
    await expect(thumbs).toHaveCount(galleries.reduce((sum, gallery) => sum + gallery.images.length, 0));
    for (const thumb of await thumbs.all()) {
      const alt = await thumb.locator("img[data-main-image]").getAttribute("alt");
      expect(alt?.trim().length ?? 0).toBeGreaterThan(4);
      await expect(thumb.locator("source")).toHaveCount(1);
      await expect(thumb.locator('source[type="image/webp"]')).toHaveCount(1);
      expect(await thumb.locator("img[data-main-image]").getAttribute("sizes")).toBeTruthy();
      const srcset = await thumb.locator('source[type="image/webp"]').getAttribute("srcset");
      expect(srcset?.split(",").length ?? 0).toBeGreaterThan(1);
    }
    // Images below the fold wait until they are needed; each reserves its space.
    await expect(page.locator("main section[data-category]").last().locator("img[data-main-image]").first()).toHaveAttribute(
      "loading",
      "lazy",
    );
  });

  test("every thumbnail has its address in the HTML, and the one swap script left shows those loaded, with none of the page's own scripts run", async ({
    page,
  }) => {
    await page.route(/\.js$/, (route) => route.abort());
    const response = await page.goto("/portfolio/");
    const html = (await response?.text()) ?? "";
    expect(html.match(/querySelectorAll\("img\[data-main-image\]"\)/g), "one copy of gatsby-plugin-image's swap script").toHaveLength(1);
    expect(html).not.toMatch(/data-srcset?="/);
    const thumbs = page.locator("main section[data-category] picture > img[data-main-image]");
    await expect(thumbs).toHaveCount(galleries.reduce((sum, gallery) => sum + gallery.images.length, 0));
    for (const thumb of await thumbs.all()) await expect(thumb).toHaveAttribute("src", /^\/static\//);
    // The first, on the first screen, loads and is shown over its placeholder.
    await expect(thumbs.first()).toHaveCSS("opacity", "1");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("each photo shows once, from its <noscript> copy, and is fetched once", async ({ page }) => {
      const fetched: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "image" && new URL(request.url()).pathname.startsWith("/static/")) fetched.push(request.url());
      });
      await page.goto("/coaches/");
      const photo = page.locator("main .gatsby-image-wrapper").first();
      await expect(photo).toBeVisible();
      // The main copy, which has its addresses now, is not drawn; the <noscript> copy is, at full opacity.
      await expect(photo.locator(":scope > picture")).toHaveCSS("display", "none");
      expect(await photo.locator(":scope > picture > img").getAttribute("srcset")).toContain("w,");
      const shown = photo.locator(":scope > noscript img");
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(shown).toHaveCSS("opacity", "1");
      // Both copies name the same files: whatever the browser does with the hidden one, no file twice.
      await page.waitForLoadState("load");
      expect(fetched.length, "photos fetched").toBeGreaterThan(0);
      expect(
        fetched.filter((url, index) => fetched.indexOf(url) !== index),
        "fetched twice",
      ).toEqual([]);
    });
  });

  test("images drawn in the browser after a client-side navigation load and keep their renditions", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Gallery" }).click();
    await page.waitForURL(/\/portfolio\/$/);
    const first = page.locator("main section[data-category] img[data-main-image]").first();
    await expect(first).toHaveAttribute("srcset", /320w/);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator("main section[data-category] source[type='image/webp']").first()).toHaveAttribute("srcset", /640w/);
  });

  test("filtering by category lives in the URL", async ({ page }) => {
    await gotoReady(page, "/portfolio/");
    await page.getByRole("navigation", { name: "Filter photos by category" }).getByRole("link", { name: "Events" }).click();
    await expect(page).toHaveURL(/\?category=events$/);
    const events = galleries.filter((gallery) => gallery.category === "events").map((gallery) => gallery.name);
    expect(events.length, "galleries in the events category").toBeGreaterThan(0);
    await expect(page.locator("main h2")).toHaveText(events);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.locator("main h2")).toHaveText(events);
  });

  test("the lightbox is a real dialog: focus in, arrows and swipes move, Escape closes, focus returns", async ({ page }) => {
    await gotoReady(page, "/portfolio/");
    const first = page.locator("main section[data-category]").first().locator("a[aria-haspopup=dialog]").first();
    const firstAlt = await first.locator("img[data-main-image]").getAttribute("alt");
    await first.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close photo" })).toBeFocused();
    await expect(dialog.locator("figcaption")).toContainText(firstAlt ?? "");
    const photos = galleries[0]!.images.length;
    expect(photos, "photos in the first gallery: the arrows below need three").toBeGreaterThanOrEqual(3);
    await expect(dialog.locator("figcaption")).toContainText(`photo 1 of ${photos}`);
    // The full-size rendition is larger than the thumbnail.
    const full = dialog.locator("img[data-main-image]");
    await expect(full).toHaveAttribute("srcset", /1600w/);

    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator("figcaption")).toContainText(`photo 2 of ${photos}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.locator("figcaption")).toContainText(`photo ${photos} of ${photos}`);

    // Focus stays in the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }

    // A swipe left shows the next photo.
    const box = await dialog.boundingBox();
    if (!box) throw new Error("dialog has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.7, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 5 });
    await page.mouse.up();
    await expect(dialog.locator("figcaption")).toContainText(`photo 1 of ${photos}`);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();
  });
});

test.describe("schedule", () => {
  test("Monday to Saturday, every class from schedule.json", async ({ page }) => {
    await page.goto("/schedule/");
    expect(await page.locator("main ol h2").allTextContents()).toEqual(
      expect.arrayContaining(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((d) => expect.stringContaining(d))),
    );
    await expect(page.locator("main [data-program]")).toHaveCount(schedule.slots.length);
  });

  test("the program filter works, lives in the URL and survives a reload", async ({ page }) => {
    await gotoReady(page, "/schedule/");
    await page.getByRole("navigation", { name: "Filter classes by program" }).getByRole("link", { name: "CrossFit Kids" }).click();
    await expect(page).toHaveURL(/\/schedule\/\?program=kids$/);
    const kids = schedule.slots.filter((slot) => slot.program === "kids").length;
    await expect(page.locator("main [data-program]")).toHaveCount(kids);
    await expect(page.locator('main [data-program]:not([data-program="kids"])')).toHaveCount(0);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.locator("main [data-program]")).toHaveCount(kids);
    await expect(page.getByRole("link", { name: /Add CrossFit Kids classes to calendar/ })).toHaveAttribute("href", "/schedule/kids.ics");
  });

  test("a shared link opens already filtered", async ({ page }) => {
    await gotoReady(page, "/schedule/?program=foundations");
    await expect(page.locator('main [data-program]:not([data-program="foundations"])')).toHaveCount(0);
  });

  test("no horizontal scrolling on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/schedule/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test("today by the visitor's clock is highlighted", async ({ page }) => {
    // Fixed days, whatever the date of the run or of the build: a Wednesday and a Sunday at noon.
    for (const instant of ["2027-06-02T19:00:00Z", "2027-06-06T19:00:00Z"]) {
      await page.clock.setFixedTime(instant);
      await gotoReady(page, "/schedule/");
      const today = new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, weekday: "long" }).format(new Date(instant));
      const highlighted = page.locator("main [data-today]");
      if (schedule.slots.some((slot) => slot.day === today)) await expect(highlighted.locator("h2")).toContainText(today);
      else await expect(highlighted).toHaveCount(0);
    }
  });

  test("every calendar file parses, and its classes fall inside gym hours", async ({ request }) => {
    const days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    for (const program of ["all", "crossfit", "foundations", "kids"]) {
      const response = await request.get(`/schedule/${program}.ics`);
      expect(response.status()).toBe(200);
      const component = new ICAL.Component(ICAL.parse(await response.text()));
      const events = component.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
      const expected = schedule.slots.filter((slot) => program === "all" || slot.program === program);
      expect(events).toHaveLength(expected.length);
      for (const event of events) {
        const start = event.startDate;
        const end = event.endDate;
        expect(start.zone?.tzid).toBe(site.timeZone);
        const hours = site.hours.find((h) => h.days.includes(days[start.dayOfWeek() - 1] as never));
        expect(hours).toBeDefined();
        expect(start.hour * 60 + start.minute).toBeGreaterThanOrEqual(minutes(hours?.opens ?? "00:00"));
        expect(end.hour * 60 + end.minute).toBeLessThanOrEqual(minutes(hours?.closes ?? "00:00"));
      }
    }
  });
});

test.describe("rates and programs", () => {
  test("the rates page shows exactly the plans in rates.json, each leading to sign-up or the drop-in page", async ({ page }) => {
    await page.goto("/rates/");
    const cards = page.locator("main [data-plan]");
    await expect(cards).toHaveCount(rates.plans.length);
    for (const plan of rates.plans) {
      const card = page.locator(`main [data-plan="${plan.id}"]`);
      await expect(card.locator("h3")).toHaveText(plan.name);
      await expect(card.getByTestId("plan-price")).toHaveText(priceLabel(plan.price, plan.period));
      const href = await card.getByRole("link").getAttribute("href");
      expect(href).toBe(plan.period === "visit" ? "/drop-in/" : `/membership/signup/?plan=${plan.id}`);
    }
    await expect(page.getByText("Payment accepted: Credit Card and Debit Card.")).toBeVisible();
  });

  for (const [path, key] of [
    ["/programs/crossfit/", "crossfit"],
    ["/programs/foundations/", "foundations"],
    ["/programs/crossfitkids/", "kids"],
  ] as const) {
    test(`${path} shows its own classes and rates`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("#classes [data-program]")).toHaveCount(schedule.slots.filter((s) => s.program === key).length);
      await expect(page.locator(`#classes [data-program]:not([data-program="${key}"])`)).toHaveCount(0);
      const plans = rates.plans.filter((plan) => plan.program === key);
      await expect(page.locator("#rates [data-plan]")).toHaveCount(plans.length);
    });
  }

  test("CrossFit Kids says ages 6-12", async ({ page }) => {
    await page.goto("/programs/crossfitkids/");
    await expect(page.locator("main")).toContainText("ages 6-12", { ignoreCase: true });
  });

  test("the policies page shows the numbers from policies.json in its table and its text", async ({ page }) => {
    await page.goto("/membership/policies/");
    for (const fact of policyFacts(policies)) {
      await expect(page.getByRole("row", { name: fact.label })).toContainText(fact.value);
    }
    const text = await page.locator("main").textContent();
    expect(text).not.toContain("{{");
    expect(text).toContain(`at least ${policies.holdNoticeDays} days before it starts`);
    expect(text).toContain(`at least ${policies.cancellationNoticeDays} days notice`);
  });
});

test("the home page has every section a visitor looks for", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".gatsby-image-wrapper img[data-main-image]").first()).toHaveAttribute("loading", "eager");
  for (const heading of [
    "Start here",
    "Programs",
    "This week's classes",
    "Latest announcements",
    "Simple, month-to-month rates",
    "Your first visit",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator("#programs h3")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Book a free intro" }).first()).toBeVisible();
  // The address and hours as content/site.json has them, so the staff editing them does not break this test.
  const { locality, region, postalCode } = site.address;
  await expect(page.locator("#first-visit")).toContainText(`${locality}, ${region} ${postalCode}`);
  for (const hours of site.hours) {
    await expect(page.locator("#first-visit")).toContainText(`${formatClock(hours.opens)} – ${formatClock(hours.closes)}`);
  }
});

/**
 * A first visit on a phone (390 px), as a nervous beginner and as a parent arrive: with JavaScript,
 * and without it (a script that never arrived shows the same static page).
 */
const intro = introSchema.parse(read("content/intro.json"));
const visit = visitSchema.parse(read("content/visit.json"));
const foundationsPlan = rates.plans.find((plan) => plan.program === "foundations" && plan.period === "program");
const lowestMonthly = Math.min(
  ...rates.plans.filter((plan) => plan.program === "crossfit" && plan.period === "month").map((plan) => plan.price),
);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a first visit at 390 px ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const open = (page: Page, path: string) => (javaScriptEnabled ? gotoReady(page, path) : page.goto(path).then(() => undefined));

    for (const path of ["/", "/rates/"]) {
      test(`${path} says where to start: the free intro, Foundations and a membership, each with its price and a link`, async ({
        page,
      }) => {
        await open(page, path);
        const start = page.locator("#start-here");
        await expect(start.getByRole("heading", { level: 2, name: "Start here" })).toBeVisible();
        const steps = start.locator("ol > li");
        await expect(steps).toHaveCount(3);
        await expect(steps.nth(0)).toContainText("Free");
        await expect(steps.nth(0).getByRole("link")).toHaveAttribute("href", "/intro/");
        await expect(steps.nth(1)).toContainText(priceLabel(foundationsPlan?.price ?? NaN, "program"));
        await expect(steps.nth(1)).toContainText("credited to your first month");
        await expect(steps.nth(1).getByRole("link")).toHaveAttribute("href", "/programs/foundations/");
        await expect(steps.nth(2)).toContainText(`from ${formatPrice(lowestMonthly)} a month`);
        await expect(steps.nth(2).getByRole("link")).toHaveAttribute("href", "/membership/signup/");
      });
    }

    test("the home page's main buttons go straight to the free intro and to sign-up", async ({ page }) => {
      await open(page, "/");
      const hero = page.locator("main > :first-child");
      const buttons = hero.getByRole("link");
      await expect(buttons).toHaveCount(2);
      await expect(buttons.nth(0)).toHaveAttribute("href", "/intro/");
      await expect(buttons.nth(1)).toHaveAttribute("href", "/membership/signup/");
      for (const button of await buttons.all()) await expect(button).toBeInViewport();
    });

    for (const path of ["/", "/intro/"]) {
      test(`${path} has every first-visit fact in one block, from the content files`, async ({ page }) => {
        await open(page, path);
        const block = page.locator("#first-visit");
        await expect(block.getByRole("heading", { level: 2, name: "Your first visit" })).toBeVisible();
        const { street, locality, region, postalCode } = site.address;
        await expect(block).toContainText(`${street}, ${locality}, ${region} ${postalCode}`);
        const directions = block.getByRole("link", { name: "Get directions" });
        await expect(directions).toHaveAttribute(
          "href",
          `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${site.name}, ${street}, ${locality}, ${region} ${postalCode}`)}`,
        );
        for (const fact of [visit.parking, visit.door, visit.fitness, intro.whatToBring]) await expect(block).toContainText(fact);
        await expect(block).toContainText("Do I need to be fit?");
        // The home page's "Start here", just above, says what the intro and Foundations are and cost.
        const introAndFoundations = path === "/" ? page.locator("#start-here") : block;
        if (path !== "/") await expect(block).toContainText(`${intro.slotMinutes} minutes`);
        await expect(introAndFoundations).toContainText(priceLabel(foundationsPlan?.price ?? NaN, "program"));
        await expect(introAndFoundations).toContainText("credited to your first month");
        await expect(block).toContainText(policies.signUpFee === 0 ? "No sign-up fee" : `${formatPrice(policies.signUpFee)} sign-up fee`);
        await expect(block).toContainText(`${policies.cancellationNoticeDays} days' notice`);
        await expect(block).toContainText(`${formatPrice(policies.reactivationFee)}`);
      });
    }

    for (const path of ["/programs/crossfit/", "/programs/foundations/", "/programs/crossfitkids/"]) {
      test(`${path} links to the first visit`, async ({ page }) => {
        await open(page, path);
        await expect(page.getByRole("link", { name: /first visit/i }).first()).toHaveAttribute("href", "/intro/#first-visit");
      });

      test(`${path}: each question shows its disclosure marker`, async ({ page }) => {
        await open(page, path);
        const questions = page.locator("#faq summary");
        expect(await questions.count()).toBeGreaterThan(0);
        for (const question of await questions.all()) {
          expect((await markerBesideFirstLine(question, "inside")).shown, `the marker of "${await question.innerText()}"`).toBe(true);
        }
        await questions.first().click();
        await expect(page.locator("#faq details").first().locator("p")).toBeVisible();
      });
    }

    test("the Foundations start dates read as dates in a list, not as buttons", async ({ page }) => {
      await open(page, "/programs/foundations/");
      const dates = page.locator("#starts li");
      expect(await dates.count()).toBeGreaterThan(0);
      for (const date of await dates.all()) {
        const look = await date.evaluate((element) => {
          const style = getComputedStyle(element);
          return { border: style.borderTopWidth, background: style.backgroundColor, cursor: style.cursor };
        });
        expect(look, "a start date is drawn without a button's border, fill or hand cursor").toEqual({
          border: "0px",
          background: "rgba(0, 0, 0, 0)",
          cursor: "auto",
        });
        expect((await markerBesideFirstLine(date, "outside")).shown, "a start date has its bullet").toBe(true);
      }
    });

    test("a parent finds how to start a child on the kids' page and on its sign-up, with no line meant for adults", async ({ page }) => {
      await open(page, "/programs/crossfitkids/");
      const parents = page.locator("#parents");
      await expect(parents.getByRole("heading", { level: 2 })).toBeVisible();
      await expect(parents.getByRole("link", { name: /sign up your child/i })).toHaveAttribute("href", "/membership/signup/?plan=kids");
      await expect(parents.getByRole("link", { name: /ask a coach/i })).toHaveAttribute("href", "/contact/?interest=kids");
      await open(page, "/membership/signup/?plan=kids");
      await expect(page.locator("main")).not.toContainText("Most members start with Foundations");
      await expect(page.locator("main")).toContainText("CrossFit Kids");
    });
  });
}
