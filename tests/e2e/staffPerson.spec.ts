import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { LeadDetail } from "../../src/desk/leads";
import { BUILD_DAY_SITE, nowOnBuildDay } from "../support/buildDay";
import { signInContext, withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { gotoReady } from "./support/page";
import { postIntro, sendContactForm } from "./support/visitor";

/**
 * One person, one record, on a phone: a visitor who sent the contact form and then booked a free intro
 * with the same address is one person at Intro booked, in Needs action until a staff member's call
 * reaches them, and that call is their first response.
 */

test.use({ baseURL: BUILD_DAY_SITE.url, viewport: { width: 390, height: 844 } });
const DATA_DIR = BUILD_DAY_SITE.dataDir;

test("the contact-then-intro visitor: one person at Intro booked, in Needs action until a logged call, which is their first response", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const digits = String(Number.parseInt(tag.slice(0, 6), 16) % 10_000).padStart(4, "0");
  const who = { name: `Person ${tag}`, email: `person-${tag}@example.com`, phone: `253-555-${digits}` };
  const contact = await sendContactForm(page, who);
  // The same address, as the visitor typed it on the intro page: other case, a +tag.
  const booking = await postIntro(baseURL!, { name: who.name, email: `Person-${tag}+intro@Example.com` });
  expect(booking).toMatch(/^B-/);
  const owner = `owner-${randomUUID().slice(0, 6)}@example.com`;
  await signInContext(context, baseURL!, DATA_DIR, owner, "owner", nowOnBuildDay());

  // Needs action (the console's first screen) lists the person once, at Intro booked.
  await gotoReady(page, `/staff/?q=${encodeURIComponent(who.name)}`);
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: who.name }) });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText("Intro booked");
  await expectNoAxeViolations(page, "Needs action at 390px");

  // The old link of the contact message's alert opens the person, with both forms on one timeline.
  await gotoReady(page, `/staff/lead/?id=${contact}`);
  await expect(page.getByRole("heading", { level: 1, name: who.name })).toBeVisible();
  const timeline = page.locator("ol").last();
  await expect(timeline).toContainText(`(${contact})`);
  await expect(timeline).toContainText(`(${booking})`);
  await expect(timeline).toContainText("Status: Intro booked");
  await page.getByRole("button", { name: "Call: no answer" }).click();
  await expect(timeline).toContainText("Call: no answer");
  await page.getByRole("button", { name: "Call: reached them" }).click();
  await expect(timeline).toContainText("Call: reached them");
  await expect(page.getByText(/^Answered in /)).toBeVisible();
  await expectNoAxeViolations(page, "the person at 390px");

  const detail = (await (await page.request.get(`/api/staff/lead?id=${booking}`)).json()) as LeadDetail;
  expect(detail.lead.status).toBe("intro-booked");
  expect(detail.person?.firstResponseBy).toBe(owner);
  expect(detail.lead.waitingSince).toBeNull();
  const calls = detail.timeline.filter((entry) => entry.kind === "call");
  expect(calls.map((call) => call.outcome)).toEqual(["no-answer", "reached"]);
  // The first response is that call: the time from the contact message to the call that reached them.
  expect(detail.lead.response?.clockMs).toBe(new Date(calls[1]!.at).getTime() - new Date(detail.timeline[0]!.at).getTime());

  // Answered: out of Needs action, still in All.
  await gotoReady(page, `/staff/?q=${encodeURIComponent(who.name)}`);
  await expect(cards).toHaveCount(0);
  await gotoReady(page, `/staff/?view=all&q=${encodeURIComponent(who.name)}`);
  await expect(cards).toHaveCount(1);
});

const DAY_MS = 86_400_000;

/** With SCREENSHOT_DIR set (as tests/e2e/staffReports.spec.ts), the screens as a phone shows them: person-390.png, needs-action-390.png. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

/** A person whose contact form came `daysAgo` before the build day, nobody having answered. */
async function seedWaiting(who: { name: string; email: string; phone: string }, daysAgo: number): Promise<string> {
  const id = `C-${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  await withStore(DATA_DIR, (store) =>
    store.insert({
      id,
      form: "contact",
      createdAt: new Date(nowOnBuildDay().getTime() - daysAgo * DAY_MS),
      payload: { name: who.name, email: who.email, phone: who.phone, interest: "membership", message: "Still open?" },
      spam: null,
      notify: false,
    }),
  );
  return id;
}

const personCards = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });

test("on a phone the person's first screen holds who, how long they wait, where from and every action; at 1440 px too", async ({
  page,
  context,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const who = { name: `First ${tag}`, email: `first-${tag}@example.com`, phone: "253-555-0177" };
  const contact = await sendContactForm(page, who);
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  await gotoReady(page, `/staff/lead/?id=${contact}`);
  await expect(page.getByRole("heading", { level: 1, name: who.name })).toBeVisible();
  const now = page.getByRole("region", { name: "Now" });
  await expect(now).toContainText(/Waiting (under a minute|\d+ \w+)/);
  await expect(now).toContainText("Came to the site directly");
  const firstScreen = [
    // The line with their status, wait and source.
    now.locator("p").first(),
    page.getByRole("link", { name: `Call ${who.name}, (253) 555-0177` }),
    page.getByRole("link", { name: `Text ${who.name}, (253) 555-0177` }),
    page.getByRole("link", { name: `E-mail ${who.name}, ${who.email}` }),
    page.getByRole("link", { name: "Reply", exact: true }),
    page.getByRole("button", { name: "Call: reached them" }),
    page.getByRole("button", { name: "Call: left a message" }),
    page.getByRole("button", { name: "Call: no answer" }),
    page.getByLabel("Status"),
    page.getByLabel("Follow-up date"),
    page.getByRole("button", { name: "Save" }),
  ];
  for (const control of firstScreen) {
    const box = await control.boundingBox();
    expect(box, `${String(control)} is shown`).not.toBeNull();
    expect(box!.y + box!.height, `${String(control)} within the first 844 px`).toBeLessThanOrEqual(844);
  }
  // The phone number on the page is written as people write it and calls when tapped; never "+1253…".
  await expect(page.getByRole("definition").getByRole("link", { name: "(253) 555-0177" })).toHaveAttribute("href", "tel:+12535550177");
  await expect(page.getByText("+12535550177")).toHaveCount(0);
  await expect(
    page
      .getByRole("term")
      .filter({ hasText: /^Landed on$/ })
      .locator("xpath=following-sibling::dd"),
  ).toHaveText("the Contact Us page");
  // Reply goes to the reply form.
  await page.getByRole("link", { name: "Reply", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Reply by e-mail" })).toBeInViewport();
  await expectNoAxeViolations(page, "the person at 390px");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "person-390");
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const faults = await page.evaluate(findLayoutFaults);
    expect(
      faults.map((fault) => `${fault.kind}: ${fault.detail}`),
      `the person at ${width}px`,
    ).toEqual([]);
  }
  await expectNoAxeViolations(page, "the person at 1440px");
});

test("Needs action says each person's wait in words, oldest first; 30 days unanswered is Stale; several are marked Lost at once", async ({
  page,
  context,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const person = (name: string, n: number) => ({
    name: `${name} ${tag}`,
    email: `${name.toLowerCase()}-${tag}@example.com`,
    phone: `253-555-01${n}0`,
  });
  const recent = person("Recent", 1);
  const older = person("Older", 2);
  const stale = person("Stale", 3);
  const other = person("Other", 4);
  await seedWaiting(recent, 2);
  await seedWaiting(older, 12);
  await seedWaiting(stale, 40);
  await seedWaiting(other, 45);
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());

  await gotoReady(page, `/staff/?q=${tag}`);
  const names = page.getByRole("listitem").getByRole("link", { name: new RegExp(` ${tag}$`) });
  // Oldest waiting first, each with its wait in words (the server's clock is the build day's).
  await expect(names).toHaveText([older.name, recent.name]);
  await expect(personCards(page, older.name)).toContainText("Waiting 12 days");
  await expect(personCards(page, recent.name)).toContainText("Waiting 2 days");
  await expect(page.getByText(stale.name)).toHaveCount(0);
  await shot(page, "needs-action-390");

  await gotoReady(page, `/staff/?view=stale&q=${tag}`);
  await expect(names).toHaveText([other.name, stale.name]);
  await expect(personCards(page, stale.name)).toContainText("Waiting 5 weeks");
  await expect(personCards(page, other.name)).toContainText("Waiting 6 weeks");
  await expect(page.getByRole("status").filter({ hasText: /^2 people\.$/ })).toBeVisible();
  // The box is a whole touch target (--touch, 44 px) on a phone, beside the card's link, not over it.
  const box = page.getByRole("checkbox", { name: `Choose ${stale.name}` });
  const target = await box.evaluate((input: HTMLInputElement) => {
    // A tap anywhere on the box's label chooses, as on the box: the label is the target, or the box alone.
    const label = input.labels?.[0] ?? input;
    const { x, y, width, height } = label.getBoundingClientRect();
    const inset = 1;
    const corners = [
      [x + inset, y + inset],
      [x + width - inset, y + inset],
      [x + inset, y + height - inset],
      [x + width - inset, y + height - inset],
    ];
    // Each corner of the target is the box's: a tap there chooses the person.
    const hits = corners.map(([cx = 0, cy = 0]) => {
      const hit = document.elementFromPoint(cx, cy);
      return hit === input || hit === label || hit?.closest("label") === label;
    });
    const link = input.closest("li")?.querySelector("a")?.getBoundingClientRect();
    const overlaps = link ? link.left < x + width && x < link.right && link.top < y + height && y < link.bottom : true;
    return { width, height, hits, overlaps };
  });
  expect(target.width).toBeGreaterThanOrEqual(44);
  expect(target.height).toBeGreaterThanOrEqual(44);
  expect(target.hits).toEqual([true, true, true, true]);
  expect(target.overlaps).toBe(false);
  await box.check();
  await page.getByRole("checkbox", { name: `Choose ${other.name}` }).check();
  await expect(page.getByText("2 people chosen")).toBeVisible();
  await expectNoAxeViolations(page, "two people chosen at 390px");
  await page.getByRole("button", { name: "Mark Lost" }).focus();
  await page.keyboard.press("Enter");
  const said = page.getByRole("status").filter({ hasText: "2 people marked Lost." });
  await expect(said).toBeVisible();
  await expect(names).toHaveCount(0);
  // The button pressed went with the people chosen: the keyboard (and a screen reader) is on what it did.
  await expect(said).toBeFocused();
  await gotoReady(page, `/staff/?view=all&status=lost&q=${tag}`);
  await expect(names).toHaveText([stale.name, other.name]);
});
