import fs from "node:fs";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import ICAL from "ical.js";
import introJson from "../../content/intro.json";
import visit from "../../content/visit.json";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { site } from "./support/site";
import { dayLabel, timeLabel } from "../../src/time/labels";

/**
 * The free intro's confirmation as a visitor on a phone reads it (390 px), with and without JavaScript,
 * and the e-mail that follows it through a real SMTP server: "You're booked" with the day, time and
 * coach, where to go and which door, the calendar file, and the same words on both paths
 * (src/forms/intro/sent.ts). An address that already holds an intro is told so, and its e-mail names the time.
 */

const PHONE = { width: 390, height: 844 };
const NO_LIMITS = { FORM_RATE_LIMIT_PER_MINUTE: "100000", FORM_CEILING_PER_MINUTE: "100000", INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "100" };

let server: RunningServer | undefined;
let smtp: TestSmtp | undefined;

test.beforeEach(async () => {
  smtp = await startTestSmtp();
  server = await startProductionServer({ env: { ...NO_LIMITS, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
});
test.afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  server = undefined;
  smtp = undefined;
});

async function openSlots(): Promise<IntroSlot[]> {
  return ((await (await fetch(`${server!.url}/api/intro-slots`)).json()) as { slots: IntroSlot[] }).slots;
}

/** The visitor's one e-mail, as its reader sees it, and its calendar file. */
async function mailTo(email: string) {
  const mine = () => smtp!.received.filter((mail) => mail.to.includes(email));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
  const raw = mine()[0]!.raw;
  return { text: (mimePart(raw, "text/plain") ?? "").replace(/\r\n/g, "\n"), calendar: mimePart(raw, "text/calendar") ?? "" };
}

const eventOf = (ics: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);

interface Booked {
  page: Page;
  success: Locator;
  start: string;
  reference: string;
}

/**
 * Books on the page at 390 px: with script, the intro page's picker (the `pick`th time of the first
 * day); without, the open times' page the intro page links to (its `pick`th time).
 */
async function bookOnPhone(browser: Browser, script: boolean, email: string, pick: number): Promise<Booked> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server!.url, javaScriptEnabled: script });
  const page = await context.newPage();
  let start: string;
  if (script) {
    await page.clock.install();
    await gotoReady(page, "/intro/");
    const day = page.getByRole("group", { name: "Day", exact: true }).getByRole("radio").first();
    // By keyboard: at this width the phone's intro bar may lie over a day's button.
    await day.focus();
    await page.keyboard.press("Space");
    const time = page
      .getByRole("group", { name: /^Time on/ })
      .getByRole("radio")
      .nth(pick);
    await time.focus();
    await page.keyboard.press("Space");
    start = await time.inputValue();
  } else {
    await page.goto("/api/intro");
    const time = page.locator('input[name="start"]').nth(pick);
    await time.check();
    start = (await time.getAttribute("value")) ?? "";
  }
  const form = page.getByRole("form", { name: "Book your free intro" });
  await form.getByLabel(/^Your name/).fill("Pat Phone");
  await form.getByLabel(/^Email/).fill(email);
  if (script) await page.clock.fastForward(MIN_FILL_MS);
  await form.getByRole("button", { name: "Book this time" }).click();
  const success = page.getByTestId("form-success");
  await expect(success).toBeVisible();
  // What the visitor sees first, without scrolling: the heading, clear of the sticky header.
  const header = (await page.locator("[data-site-header]").boundingBox())!;
  const heading = success.getByRole("heading");
  await expect
    .poll(
      async () => {
        const box = (await heading.boundingBox())!;
        return box.y >= header.y + header.height - 1 && box.y + box.height <= PHONE.height;
      },
      { message: `the confirmation's heading in sight below the header (${script ? "with" : "without"} JavaScript)` },
    )
    .toBe(true);
  const reference = ((await success.locator("span").last().textContent()) ?? "").trim();
  expect(reference).toMatch(/^B-[0-9A-Z]{10}$/);
  return { page, success, start, reference };
}

/**
 * axe at 390 px on the page as it is. A page without script is checked as its HTML in a page with
 * script (axe runs in the page; the answer pages carry no scripts of their own), as noScript.spec.ts does.
 */
async function axeOnPhone(page: Page, browser: Browser, script: boolean, label: string): Promise<void> {
  if (script) return expectNoAxeViolations(page, label);
  const html = await page.content();
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const checked = await context.newPage();
    await checked.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await checked.goto(page.url());
    await expectNoAxeViolations(checked, label);
  } finally {
    await context.close();
  }
}

/** The message's text with what differs between two bookings named instead. */
async function wordsOf({ success }: Booked, facts: Record<string, string>): Promise<string> {
  let text = await success.innerText();
  for (const [name, value] of Object.entries(facts)) text = text.replaceAll(value, `<${name}>`);
  return text;
}

test("a booking's page and e-mail say plainly who, when and where, offer the calendar file, and say the same with and without JavaScript", async ({
  browser,
}) => {
  const slots = await openSlots();
  const coachesAt = (start: string) => slots.filter((slot) => slot.start === start).map((slot) => slot.coach);
  const words: string[] = [];
  for (const [script, email, pick] of [
    [true, "pat-script@example.com", 0],
    [false, "pat-plain@example.com", 5],
  ] as const) {
    const label = script ? "with JavaScript" : "without JavaScript";
    const booked = await bookOnPhone(browser, script, email, pick);
    const { page, success, start, reference } = booked;
    const heading = (await success.getByRole("heading").innerText()).trim();
    expect(heading, label).toMatch(/^You're booked: .+ with Coach \w+$/);
    const [, coach] = /with Coach (\w+)$/.exec(heading) ?? [];
    expect(coachesAt(start), label).toContain(coach);
    expect(heading, label).toBe(
      `You're booked: ${dayLabel(start, site.timeZone)} at ${timeLabel(start, site.timeZone)} with Coach ${coach}`,
    );
    for (const fact of [site.address.street, visit.door, visit.parking, introJson.whatToBring, `${introJson.slotMinutes} minutes`]) {
      await expect(success, label).toContainText(fact);
    }
    await expect(success.getByRole("link", { name: "Get directions" }), label).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\//,
    );
    await expect(success, label).toContainText(`We e-mail all of this to ${email}`);
    await axeOnPhone(page, browser, script, `the intro's confirmation at 390 px ${label}`);

    // The calendar file, as the browser downloads it: the booking's appointment.
    const download = page.waitForEvent("download");
    await success.getByRole("link", { name: "Add to calendar" }).click();
    const file = await download;
    expect(file.suggestedFilename(), label).toBe("free-intro.ics");
    const downloaded = eventOf(fs.readFileSync((await file.path())!, "utf8"));
    expect(downloaded.startDate.toJSDate().toISOString(), label).toBe(start);
    expect(downloaded.location, label).toContain(site.address.street);

    // The e-mail opens with the same words, then the same facts, the cancel link, and the same event attached.
    const mail = await mailTo(email);
    expect(mail.text, label).toMatch(new RegExp(`^Hello,\\n\\n${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.\\n`));
    expect(mail.text, label).toContain(`Where: ${site.address.street}`);
    expect(mail.text, label).toContain(`Which door: ${visit.door}`);
    expect(mail.text, label).toContain(`Parking: ${visit.parking}`);
    expect(mail.text, label).toMatch(/\/intro\/cancel\/#token=[A-Za-z0-9_-]{43}/);
    expect(eventOf(mail.calendar).uid, label).toBe(downloaded.uid);
    expect(downloaded.uid, label).toContain(reference.toLowerCase());

    words.push(await wordsOf(booked, { heading, email, reference }));
    await page.context().close();
  }
  expect(words[1], "the same words without JavaScript as with it").toBe(words[0]);
});

test("an address that already holds an intro is told its e-mail has the details, and the e-mail names the time it holds", async ({
  browser,
}) => {
  const slots = await openSlots();
  const held = slots[Math.floor(slots.length / 2)]!;
  // Kai booked two hours ago, and was mailed then.
  const booked = new Date(Date.now() - 2 * 3_600_000);
  await withStore(server!.dataDir, async (store) => {
    await store.insert({
      id: "B-HELD000001",
      form: "intro",
      createdAt: booked,
      payload: { start: held.start, end: held.end, coach: held.coach, name: "Kai", email: "kai@example.com" },
      spam: null,
      notify: true,
      booking: { coach: held.coach, start: new Date(held.start), end: new Date(held.end), email: "kai@example.com" },
      confirm: true,
    });
    for (const message of await store.claimDue(new Date(), 10, 60_000)) await store.markSent(message.id, booked);
  });

  const words: string[] = [];
  for (const [script, pick] of [
    [true, 0],
    [false, 3],
  ] as const) {
    const label = script ? "with JavaScript" : "without JavaScript";
    const asked = await bookOnPhone(browser, script, "kai@example.com", pick);
    const { page, success, reference } = asked;
    await expect(success.getByRole("heading"), label).toHaveText("This e-mail address already has a free intro booked");
    await expect(success, label).toContainText("this time was not booked");
    await expect(success, label).toContainText("We e-mail kai@example.com the time it holds");
    await expect(success.getByRole("link", { name: "Add to calendar" }), label).toHaveCount(0);
    await expect(success, label).not.toContainText(dayLabel(held.start, site.timeZone));
    await axeOnPhone(page, browser, script, `the intro's already-booked page at 390 px ${label}`);
    words.push(await wordsOf(asked, { reference }));
    await page.context().close();
  }
  expect(words[1], "the same words without JavaScript as with it").toBe(words[0]);

  // One e-mail an hour to an address: the first request's, which says plainly which time Kai holds.
  const mail = await mailTo("kai@example.com");
  expect(mail.text).toMatch(
    new RegExp(
      `^Hello,\\n\\nYou already have a free intro booked: ${dayLabel(held.start, site.timeZone)} at ${timeLabel(held.start, site.timeZone)} with Coach ${held.coach}\\.\\n`,
    ),
  );
  expect(mail.text).not.toContain("Pat Phone");
  expect(eventOf(mail.calendar).startDate.toJSDate().toISOString()).toBe(held.start);
});
