import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { setStaticQueryData } from "gatsby";
import { Footer } from "../../src/components/Footer";
import { AnnouncementPage } from "../../src/components/pages/AnnouncementPage";
import { NextEvent } from "../../src/components/NextEvent";
import { HomePage } from "../../src/components/pages/HomePage";
import { firstVisitFacts, startSteps } from "../../src/content/firstVisit";
import { RatesPage } from "../../src/components/pages/RatesPage";
import { SchedulePage } from "../../src/components/pages/SchedulePage";
import { announcementPath, eventPath, linkTo, pathTo, routes } from "../../src/routes";

// The test double in tests/unit/support/gatsby.tsx; TypeScript sees Gatsby's own types.
declare module "gatsby" {
  function setStaticQueryData(data: unknown): void;
}

// Gatsby's Link keeps its router options (the filters' replace and state) off the anchor; so does this.
jest.mock("gatsby", () => {
  const double = jest.requireActual<typeof import("./support/gatsby")>("gatsby");
  return {
    ...double,
    Link: ({ replace: _replace, state: _state, ...props }: Parameters<typeof double.Link>[0] & { replace?: boolean; state?: unknown }) =>
      double.Link(props),
  };
});

const read = (file: string) => JSON.parse(fs.readFileSync(`content/${file}`, "utf8"));
const siteJson = read("site.json");
const rates = read("rates.json");
const schedule = read("schedule.json");
const site = { ...siteJson, siteUrl: siteJson.url, buildYear: "2026" };
const programs = [
  { key: "crossfit", title: "CrossFit" },
  { key: "kids", title: "CrossFit Kids" },
];
// An empty offset table: these pages are rendered as the build renders them, with the build's day.
const today = { weekday: "Tuesday", today: "2026-11-24", utcOffsets: { changes: [], until: 0 } };
const announcement = {
  slug: "holiday-hours",
  title: "Holiday hours",
  summary: "Closed on Thanksgiving.",
  date: "November 16, 2026",
  iso: "2026-11-16",
};

beforeEach(() => setStaticQueryData({ siteJson, site: { buildYear: "2026", siteMetadata: { siteUrl: siteJson.url } } }));

/** Every internal address a page links to, without its query string. */
function internalPaths(html: string): string[] {
  return [...html.matchAll(/href="(\/[^"?#]*)/g)].map((match) => match[1] as string);
}

const nextEvent = { slug: "turkey-burner-2026", title: "Turkey Burner", start: "2026-11-26 09:00", end: "2026-11-26 10:00" };

const known = new Set([...routes.map((route) => route.path), announcementPath(announcement.slug), eventPath(nextEvent.slug)]);

describe("links go where the route table says", () => {
  test("the home page links only to pages the route table (or an announcement or event) has", () => {
    const html = renderToStaticMarkup(
      <HomePage
        data={{
          page: { html: "<p>Come try a class.</p>", headline: "Strong in Graham", lead: "Coached classes.", heroAlt: null, hero: null },
          programs: { nodes: [] },
          schedule,
          announcements: { nodes: [announcement] },
          nextEvent: { nodes: [nextEvent] },
          rates,
          testimonials: { testimonials: [], googleRating: null },
          firstVisitFacts: firstVisitFacts({
            site: siteJson,
            visit: read("visit.json"),
            intro: read("intro.json"),
            plans: rates.plans,
            policies: read("policies.json"),
          }).map((fact) => ({ ...fact, link: fact.link ?? null })),
          startSteps: startSteps(rates.plans),
        }}
        pageContext={today}
      />,
    );
    expect(html).toContain(
      `<strong>Next event:</strong> <a href="/events/turkey-burner-2026/">Turkey Burner</a>, <time dateTime="2026-11-26T09:00">Thursday, November 26, 2026, 9:00 AM</time>`,
    );
    const paths = internalPaths(html);
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(known).toContain(path);
    // The call to action opens the page, and is the first step of "Start here".
    expect(html.match(/href="\/intro\/"[^>]*>Book a free intro</g)).toHaveLength(2);
    // The first-visit block, with the directions as a plain maps link.
    expect(html).toContain('<a href="https://www.google.com/maps/dir/?api=1&amp;destination=');
  });

  test("the home page's event line: the next one, or one already running until its last day", () => {
    const challenge = { slug: "challenge", title: "Nutrition Challenge", start: "2027-01-18 05:00", end: "2027-02-12 19:00" };
    expect(renderToStaticMarkup(<NextEvent event={challenge} today="2027-01-18" />)).toContain(
      `<strong>Next event:</strong> <a href="/events/challenge/">Nutrition Challenge</a>, <time dateTime="2027-01-18T05:00">Monday, January 18, 2027, 5:00 AM</time>`,
    );
    expect(renderToStaticMarkup(<NextEvent event={challenge} today="2027-01-19" />)).toContain(
      `<strong>On now:</strong> <a href="/events/challenge/">Nutrition Challenge</a>, until <time dateTime="2027-02-12">Friday, February 12, 2027</time>`,
    );
    expect(renderToStaticMarkup(<NextEvent event={undefined} today="2027-01-19" />)).toBe("");
  });

  test("the footer's Explore links carry their routes' labels", () => {
    const html = renderToStaticMarkup(<Footer site={site} />);
    for (const name of ["programs", "gallery", "membership", "policies", "privacy", "healthData", "sitemap"] as const) {
      const link = linkTo(name);
      expect(html).toContain(`<a href="${link.path}">${link.label}</a>`);
    }
    expect(html).toContain(`${siteJson.address.locality}, Washington`);
  });

  test("an announcement leads back to the list", () => {
    const html = renderToStaticMarkup(
      <AnnouncementPage
        data={{ post: { html: "<p>Closed.</p>", ...announcement, imageAlt: null, image: null, social: null } }}
        slug="holiday-hours"
      />,
    );
    expect(html).toContain(`<a href="${pathTo("announcements")}">All announcements</a>`);
  });
});

test("the schedule offers a filter link per program, the calendar file and the free intro", () => {
  const html = renderToStaticMarkup(
    <SchedulePage data={{ schedule, programs: { nodes: programs } }} pageContext={{ routePath: pathTo("schedule"), ...today }} search="" />,
  );
  expect(html).toContain(`href="${pathTo("schedule")}?program=kids"`);
  expect(html).toContain('href="/schedule/all.ics"');
  expect(html).toMatch(/href="\/intro\/"[^>]*>Book a free intro</);
  // Tuesday is marked as today from the page context, before the browser knows the real date.
  expect(html).toMatch(/Tuesday<span[^>]*aria-current="date"/);
});

test("the rates page names the payment methods from site.json", () => {
  const html = renderToStaticMarkup(
    <RatesPage
      data={{ rates, policies: { signUpFee: 0, cancellationNoticeDays: 30 }, startSteps: startSteps(rates.plans) }}
      pageContext={{ routePath: pathTo("rates") }}
    />,
  );
  expect(html).toContain(`<strong>Payment accepted:</strong> ${siteJson.payment.join(" and ")}.`);
  // The real notice period, never "simple notice".
  expect(html).toContain("Month-to-month memberships, no sign-up fee: cancel with 30 days&#x27; notice.");
});
