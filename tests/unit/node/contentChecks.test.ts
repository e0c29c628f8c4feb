import type { ParentSpanPluginArgs } from "gatsby";
import { onPreBootstrap } from "../../../gatsby-node";
import * as contentChecks from "../../../src/node/contentChecks";

/**
 * tests/fixtures/broken-content through the checks a build runs first: every mistake is reported, one
 * line each, naming the file and the field, and the build stops (Gatsby's reporter.panic ends the
 * process) before it makes any page. Dated like the tests' build, so a rule about today cannot add a line.
 */
const FIXTURE = "tests/fixtures/broken-content";
const PROBLEMS = [
  `${FIXTURE}/site.json: address.postalCode: must be a five-digit ZIP code`,
  `${FIXTURE}/site.json: mapPosition: must be the latitude and longitude as Google Maps copies them, each with four decimals or more, like "47.053121, -122.294612"`,
  `${FIXTURE}/rates.json: plans[0].price: is required`,
  `${FIXTURE}/rates.json: plans[0].paymentLink: must be a Stripe payment link as Stripe's dashboard copies it: https://buy.stripe.com/ followed by letters and digits`,
  `${FIXTURE}/announcements/2026-02-28-bad-date.md: date: must be a real date written YYYY-MM-DD`,
  `${FIXTURE}/galleries/events/gallery.json: category: must be one of branding, events, bts`,
  `${FIXTURE}/galleries/events/gallery.json: images[0].alt: needs real alt text describing the image (at least 5 characters)`,
  `${FIXTURE}/coaches/dana.md: photo: image "../images/dana.jpg" does not exist`,
  `${FIXTURE}/intro.json: blackouts[0].date: must be a real date written YYYY-MM-DD`,
  `${FIXTURE}/visit.json: door: is required`,
  `${FIXTURE}/testimonials.json: testimonials[1].name: must be a first name in full, like "Linda", with no initial`,
  `${FIXTURE}/schedule.json: slots[2].program: program "yoga" does not exist (programs: crossfit, kids, foundations)`,
];

const saved = process.env.BUILD_TIME;
beforeAll(() => {
  process.env.BUILD_TIME = "2026-11-25T20:00:00Z";
});
afterAll(() => {
  if (saved === undefined) delete process.env.BUILD_TIME;
  else process.env.BUILD_TIME = saved;
});

test("loadCheckedContent names each file and field of the broken fixture, and returns no content", () => {
  const { content, lines } = contentChecks.loadCheckedContent(FIXTURE);
  expect(content).toBeUndefined();
  expect([...lines].sort()).toEqual([...PROBLEMS].sort());
  // site.json is broken, so the hours check waits for it: the slot after closing is reported once it is fixed.
  expect(lines.join("\n")).not.toContain("slots[1]:");
});

test("onPreBootstrap stops the build over broken content, listing every problem", () => {
  const real = contentChecks.loadCheckedContent;
  const spy = jest.spyOn(contentChecks, "loadCheckedContent").mockImplementation(() => real(FIXTURE));
  // Gatsby's panic ends the build; the stub throws so nothing after it runs either.
  const panic = jest.fn((message: string) => {
    throw new Error(message);
  });
  const warn = jest.fn();
  try {
    expect(() => onPreBootstrap?.({ reporter: { panic, warn } } as unknown as ParentSpanPluginArgs, { plugins: [] }, () => {})).toThrow();
  } finally {
    spy.mockRestore();
  }
  expect(panic).toHaveBeenCalledTimes(1);
  const message = String(panic.mock.calls[0]?.[0]);
  expect(message.split("\n")).toEqual([
    `The content has ${PROBLEMS.length} problem(s); fix them and build again:`,
    ...contentChecks.loadCheckedContent(FIXTURE).lines.map((line) => `  ${line}`),
  ]);
  for (const line of PROBLEMS) expect(message).toContain(`  ${line}`);
});
