import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { buildToday, eventFiles, origin, site, type EventFile } from "./support/site";
import { gotoReady } from "./support/page";

/**
 * The events list, an event's page with its Event JSON-LD and calendar file, and the home page's next
 * event, against the built site and content/events. "Past" is judged on the day the site was built.
 */

const today = buildToday();
const lastDay = (event: EventFile) => (event.end ?? event.start).slice(0, 10);
const events = eventFiles();
const upcoming = events.filter((event) => lastDay(event) >= today).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
const past = events.filter((event) => lastDay(event) < today);

/**
 * Google's event rich results (developers.google.com/search/docs/appearance/structured-data/event):
 * required, then recommended. Written here rather than read from the code that builds the JSON-LD.
 */
const REQUIRED = ["name", "startDate", "location"];
const RECOMMENDED = ["description", "endDate", "eventAttendanceMode", "eventStatus", "image", "offers", "organizer"];
const OFFER = ["price", "priceCurrency", "url", "availability"];

/** "2026-11-26 09:00" in the gym's zone as ISO 8601 with that day's offset, worked out here with Intl. */
function expectedIso(local: string): string {
  const [date, clock] = local.split(" ") as [string, string];
  const guess = new Date(`${date}T${clock}:00Z`);
  const offsetAt = (instant: Date) => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: site.timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value;
    return name === "GMT" ? "+00:00" : (name ?? "").replace("GMT", "");
  };
  const minutes = (offset: string) => (offset.startsWith("-") ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const offset = offsetAt(new Date(guess.getTime() - minutes(offsetAt(guess)) * 60_000));
  return `${date}T${clock}:00${offset}`;
}

test.describe("events", () => {
  test("the list shows the events that have not passed, soonest first, each linking to its page", async ({ page }) => {
    expect(upcoming.length, "content/events has an event after the build day").toBeGreaterThan(0);
    await gotoReady(page, "/events/");
    await expect(page.locator("h1")).toHaveText("Events");
    const links = page.locator("main ol h2 a");
    await expect(links).toHaveText(upcoming.map((event) => event.title));
    for (const [index, event] of upcoming.entries()) await expect(links.nth(index)).toHaveAttribute("href", `/events/${event.slug}/`);
    for (const event of past) await expect(page.getByRole("link", { name: event.title })).toHaveCount(0);
  });

  test("Events is in the header's utility links, just after the announcements (News)", async ({ page }) => {
    await gotoReady(page, "/events/");
    const utility = await page.locator("header nav a").allTextContents();
    const at = utility.indexOf("News");
    expect(at).toBeGreaterThanOrEqual(0);
    expect(utility[at + 1]).toBe("Events");
  });

  test("an event's page: when, where, price, sign-up and calendar links", async ({ page }) => {
    expect(upcoming.length, "events in content/events after the test build's day").toBeGreaterThan(0);
    const event = upcoming.find((candidate) => candidate.registerUrl) ?? upcoming[0]!;
    await gotoReady(page, `/events/${event.slug}/`);
    await expect(page).toHaveTitle(`${event.title} | ${site.name}`);
    await expect(page.locator("h1")).toHaveText(event.title);
    await expect(page.locator("main time").first()).toHaveAttribute("datetime", event.start.replace(" ", "T"));
    const facts = page.locator("main dl");
    await expect(facts).toContainText(site.address.street);
    await expect(facts).toContainText(/Price(Free|\$\d)/);
    if (event.registerUrl) await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", event.registerUrl);
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", `/events/${event.slug}.ics`);
    await expect(page.getByText("This event has passed")).toHaveCount(0);
  });

  test("a past event keeps its page, marked as passed, without sign-up or calendar links", async ({ page }) => {
    // The test build's day (BUILD_TIME) is chosen so the sample content has events on both sides of it.
    expect(past.length, "events in content/events that ended before the test build's day").toBeGreaterThan(0);
    const event = past[0]!;
    await gotoReady(page, `/events/${event.slug}/`);
    await expect(page.locator("h1")).toHaveText(event.title);
    await expect(page.getByText("This event has passed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  });

  test("every event page's JSON-LD has schema.org's required and Google's recommended properties", async ({ page }) => {
    for (const event of events) {
      await page.goto(`/events/${event.slug}/`);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(scripts, event.slug).toHaveLength(1);
      const data = JSON.parse(scripts[0] as string) as Record<string, unknown>;
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@type"]).toBe("Event");
      // A past event keeps its page and facts but sells nothing: no offer.
      const isPast = past.includes(event);
      for (const key of [...REQUIRED, ...RECOMMENDED].filter((key) => !(isPast && key === "offers"))) {
        expect(data, `${event.slug}: ${key}`).toHaveProperty([key]);
      }
      expect(data.name).toBe(event.title);
      expect(data.description).toBe(event.summary);
      expect(data.startDate).toBe(expectedIso(event.start));
      if (event.end) expect(data.endDate).toBe(expectedIso(event.end));
      const street = event.placeAddress ?? site.address.street;
      expect(data.location).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", streetAddress: street } });
      if (isPast) expect(data, `${event.slug} has passed: no offer`).not.toHaveProperty("offers");
      else {
        const offers = data.offers as Record<string, unknown>;
        for (const key of OFFER) expect(offers, `${event.slug}: offers.${key}`).toHaveProperty([key]);
        expect(offers.priceCurrency).toBe("USD");
        // Valid from when sign-up opens, where the event says it is still to come; the page says it too.
        if (event.signUpOpens && event.signUpOpens.slice(0, 10) > today) {
          expect(offers.validFrom, `${event.slug}: offers.validFrom`).toBe(expectedIso(event.signUpOpens));
          await expect(page.locator(`dd time[datetime="${event.signUpOpens.replace(" ", "T")}"]`)).toHaveCount(1);
        } else expect(offers, `${event.slug}: no validFrom`).not.toHaveProperty("validFrom");
      }
      for (const image of data.image as string[]) {
        expect(image.startsWith(`${origin}/`)).toBe(true);
        expect((await page.request.get(new URL(image).pathname)).status()).toBe(200);
      }
    }
  });

  test("the calendar file downloads as text/calendar with the event at its instant in the gym's zone", async ({ page, request }) => {
    const event = upcoming[0]!;
    await gotoReady(page, `/events/${event.slug}/`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
    expect(download.suggestedFilename()).toBe(`${event.slug}.ics`);
    const response = await request.get(`/events/${event.slug}.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(site.timeZone);
    const vevents = calendar.getAllSubcomponents("vevent");
    expect(vevents).toHaveLength(1);
    const vevent = new ICAL.Event(vevents[0]);
    expect(vevent.summary).toBe(event.title);
    // METHOD:PUBLISH (RFC 5546) wants an ORGANIZER on each event: the gym.
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(vevent.component.getFirstPropertyValue("organizer")).toBe(`mailto:${site.email}`);
    expect(vevent.startDate.zone?.tzid).toBe(site.timeZone);
    expect(vevent.startDate.toJSDate().toISOString()).toBe(new Date(expectedIso(event.start)).toISOString());
    if (event.end) expect(vevent.endDate.toJSDate().toISOString()).toBe(new Date(expectedIso(event.end)).toISOString());
  });

  test("the home page names the next event and links to it", async ({ page }) => {
    const next = upcoming[0]!;
    await gotoReady(page, "/");
    const line = page.locator("main p", { hasText: "Next event:" });
    await expect(line).toHaveCount(1);
    await expect(line.getByRole("link", { name: next.title })).toHaveAttribute("href", `/events/${next.slug}/`);
    await expect(line.locator("time")).toHaveAttribute("datetime", next.start.replace(" ", "T"));
  });
});
