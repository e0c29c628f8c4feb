import { expect, test, type Page } from "@playwright/test";
import ICAL from "ical.js";
import introJson from "../../content/intro.json";
import { E2E_DATA_DIR } from "../../playwright.config";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { startTestPostgres } from "../support/postgres";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp } from "../support/smtp";
import { withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady, holdScripts } from "./support/page";
import { gymHour, site } from "./support/site";
import { runScript } from "../support/tsxNode";
import { dayLabel, timeLabel, zoneName } from "../../src/time/labels";

/**
 * The free-intro booking, end to end: the endpoints against the production server on SQLite and on
 * PostgreSQL, the confirmation e-mail through a real SMTP server, and the page in Chromium.
 */

const JSON_HEADERS = { "Content-Type": "application/json" };
/** As busy as a launch day: the concurrency tests send 50 bookings from one address. */
const NO_LIMITS = { FORM_RATE_LIMIT_PER_MINUTE: "100000", FORM_CEILING_PER_MINUTE: "100000", INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "100" };

async function openSlots(base: string): Promise<{ timeZone: string; slots: IntroSlot[]; cacheControl: string | null }> {
  const response = await fetch(`${base}/api/intro-slots`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { timeZone: string; slots: IntroSlot[] };
  return { ...body, cacheControl: response.headers.get("cache-control") };
}

/**
 * A start only one coach offers, so a second booking of it has nowhere else to go. Taken from the
 * middle or the end of the list, never from near the notice or horizon edges that move while a test runs.
 */
function singleCoachStart(slots: readonly IntroSlot[], pick: "middle" | "last" = "middle"): IntroSlot {
  const single = slots.filter((slot) => slots.filter((other) => other.start === slot.start).length === 1);
  const slot = pick === "middle" ? single[Math.floor(single.length / 2)] : single[single.length - 2];
  if (!slot) throw new Error("content/intro.json offers no start with a single coach");
  return slot;
}

function book(base: string, start: string, email = "visitor@example.com") {
  return fetch(`${base}/api/intro`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({
      start,
      name: "Robin Visitor",
      email,
      phone: "253-555-0100",
      goals: "A first pull-up",
      elapsedMs: MIN_FILL_MS + 2000,
    }),
  });
}

const submissionsCli = (dataDir: string, ...args: string[]) => runScript("scripts/submissions.ts", args, { DATA_DIR: dataDir });

test.describe("free-intro endpoints", () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("open slots only; a booking takes its slot, a second one gets 409, a cancelled one comes back", async () => {
    server = await startProductionServer({ env: NO_LIMITS });
    const before = await openSlots(server.url);
    expect(before.timeZone).toBe(site.timeZone);
    expect(Number(/max-age=(\d+)/.exec(before.cacheControl ?? "")?.[1])).toBeLessThanOrEqual(30);
    expect(before.slots.length).toBeGreaterThan(0);
    for (const slot of before.slots) expect(Date.parse(slot.start)).toBeGreaterThan(Date.now());

    const slot = singleCoachStart(before.slots);
    const first = await book(server.url, slot.start);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect(id).toMatch(/^B-[0-9A-Z]{10}$/);
    expect((await openSlots(server.url)).slots).not.toContainEqual(slot);

    const second = await book(server.url, slot.start, "someone-else@example.com");
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toMatch(/just booked/);

    // One upcoming intro per address: a second time for the same address takes no slot, is answered
    // that the address holds one, and is kept for staff with a note (this server sends no mail, and says so).
    const other = before.slots.find((s) => s.start !== slot.start && s.coach !== slot.coach) as IntroSlot;
    const again = await book(server.url, other.start, "VISITOR@example.com");
    expect(again.status).toBe(201);
    const { id: againId, ...againRest } = (await again.json()) as { id: string; confirmation: boolean };
    expect(againId).toMatch(/^B-[0-9A-Z]{10}$/);
    expect(againRest).toEqual({ confirmation: false, held: true });
    expect((await openSlots(server.url)).slots).toContainEqual(other);
    const bookings = submissionsCli(server.dataDir, "intro", "list");
    expect(bookings).toContain(id);
    expect(bookings).not.toContain(againId);
    expect(submissionsCli(server.dataDir, "list", "--form", "intro")).toContain(againId);

    // A time that is not a slot at all is a field error on start.
    const offGrid = new Date(Date.parse(slot.start) + 10 * 60_000).toISOString();
    const notOffered = await book(server.url, offGrid);
    expect(notOffered.status).toBe(422);
    expect(await notOffered.json()).toEqual({ errors: { start: expect.stringMatching(/no longer open for booking/) } });

    // Sent within 3 seconds of the page opening: asked to send again, never told "booked" with nothing booked.
    const hasty = await fetch(`${server.url}/api/intro`, {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ start: other.start, name: "Quick Quin", email: "quin@example.com", elapsedMs: 900 }),
    });
    expect(hasty.status).toBe(422);
    expect(((await hasty.json()) as { error: string }).error).toMatch(/press the button again/);
    expect((await openSlots(server.url)).slots).toContainEqual(other);

    expect(submissionsCli(server.dataDir, "intro", "list")).toContain(id);
    expect(submissionsCli(server.dataDir, "intro", "cancel", id)).toContain(`Cancelled the intro of Robin Visitor (${id})`);
    expect((await openSlots(server.url)).slots).toContainEqual(slot);
    expect((await book(server.url, slot.start, "someone-else@example.com")).status).toBe(201);
  });

  async function fiftyAtOnce(env: Record<string, string>) {
    server = await startProductionServer({ env: { ...NO_LIMITS, ...env } });
    const slot = singleCoachStart((await openSlots(server.url)).slots, "last");
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(server!.url, slot.start, `visitor${i}@example.com`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect((await openSlots(server.url)).slots).not.toContainEqual(slot);
  }

  test("50 bookings of one slot at the same moment: one 201 and 49 409s (SQLite)", async () => {
    await fiftyAtOnce({});
  });

  test("50 bookings of one slot at the same moment: one 201 and 49 409s (PostgreSQL)", async () => {
    const pg = await startTestPostgres();
    test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
    expect(pg, "CI installs PostgreSQL").toBeTruthy();
    try {
      await fiftyAtOnce({ DATABASE_URL: await pg!.createDatabase() });
    } finally {
      await server?.stop();
      server = undefined;
      pg?.stop();
    }
  });

  /** Ten bookings of ten different times, sent together from one connection; the statuses. */
  async function tenAtOnce(base: string, slots: readonly IntroSlot[], tag: string): Promise<number[]> {
    const answers = await Promise.all(slots.map((slot, i) => book(base, slot.start, `${tag}${i}@example.com`)));
    return answers.map((answer) => answer.status);
  }

  for (const database of ["SQLite", "PostgreSQL"] as const) {
    test(`a connection's daily bookings are taken before booking: ten sent together book no more (${database})`, async () => {
      const pg = database === "PostgreSQL" ? await startTestPostgres() : null;
      test.skip(database === "PostgreSQL" && !pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
      try {
        const env = { ...NO_LIMITS, INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "3", ...(pg ? { DATABASE_URL: await pg.createDatabase() } : {}) };
        server = await startProductionServer({ env });
        const open = (await openSlots(server.url)).slots;
        // One start per time, so no two of these bookings compete for a coach.
        const distinct = open.filter((slot, i) => open.findIndex((other) => other.start === slot.start) === i);
        const [first, ...rest] = distinct;
        expect(rest.length).toBeGreaterThanOrEqual(10);
        expect((await book(server.url, first!.start, "first@example.com")).status).toBe(201);
        // A time just taken costs nothing: the point goes back.
        expect((await book(server.url, first!.start, "second@example.com")).status).toBe(409);
        const statuses = await tenAtOnce(server.url, rest.slice(0, 10), `race-${database}`);
        expect(statuses.filter((status) => status === 201)).toHaveLength(2);
        expect(statuses.filter((status) => status === 429)).toHaveLength(8);
        const stillOpen = new Set((await openSlots(server.url)).slots.map((slot) => slot.start));
        expect(rest.slice(0, 10).filter((slot) => !stillOpen.has(slot.start))).toHaveLength(2);
      } finally {
        await server?.stop();
        server = undefined;
        pg?.stop();
      }
    });
  }

  test("behind the proxy, an IPv6 home's /56 is one connection for bookings, whatever /64 it sends from", async () => {
    server = await startProductionServer({ env: { ...NO_LIMITS, INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "1", TRUST_PROXY: "1" } });
    const open = (await openSlots(server.url)).slots;
    const [a, b, c] = open.filter((slot, i) => open.findIndex((other) => other.start === slot.start) === i);
    const from = (address: string, slot: IntroSlot, email: string) =>
      fetch(`${server!.url}/api/intro`, {
        method: "POST",
        // What nginx writes for the visitor (the production server trusts only the last entry).
        headers: { ...JSON_HEADERS, "X-Forwarded-For": address },
        body: JSON.stringify({ start: slot.start, name: "Robin Visitor", email, elapsedMs: MIN_FILL_MS + 2000 }),
      });
    expect((await from("2001:db8:7:1200::1", a!, "home-a@example.com")).status).toBe(201);
    // Another /64 of the same /56: the same home.
    const sameHome = await from("2001:db8:7:12ff::1", b!, "home-b@example.com");
    expect(sameHome.status).toBe(429);
    expect(((await sameHome.json()) as { error: string }).error).toMatch(/booked several free intros today/);
    expect((await from("2001:db8:7:1300::1", c!, "next-door@example.com")).status).toBe(201);
  });

  test("an address that holds an intro and books again is told so, and mailed plainly the booking it holds with a working cancel link", async () => {
    const smtp = await startTestSmtp();
    try {
      server = await startProductionServer({ env: { ...NO_LIMITS, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
      const { slots } = await openSlots(server.url);
      const asked = singleCoachStart(slots);
      // Kai booked two hours ago (mailed then): a time next week.
      const heldStart = new Date(Date.parse(asked.start) + 7 * 86_400_000);
      const booked = new Date(Date.now() - 2 * 3_600_000);
      await withStore(server.dataDir, async (store) => {
        const end = new Date(heldStart.getTime() + 30 * 60_000);
        await store.insert({
          id: "B-HELD000001",
          form: "intro",
          createdAt: booked,
          payload: { start: heldStart.toISOString(), end: end.toISOString(), coach: asked.coach, name: "Kai", email: "kai@example.com" },
          spam: null,
          notify: true,
          booking: { coach: asked.coach, start: heldStart, end, email: "kai@example.com" },
          confirm: true,
        });
        for (const message of await store.claimDue(new Date(), 10, 60_000)) await store.markSent(message.id, booked);
      });

      const again = await book(server.url, asked.start, "Kai@Example.com");
      const fresh = await book(
        server.url,
        slots.find((slot) => slot.start !== asked.start && slot.coach !== asked.coach)!.start,
        "new@example.com",
      );
      // Kai's answer says the address holds one (the e-mail has which); the new visitor's names the booking.
      const [againBody, freshBody] = [(await again.json()) as Record<string, unknown>, (await fresh.json()) as Record<string, unknown>];
      expect([again.status, fresh.status]).toEqual([201, 201]);
      expect(againBody).toEqual({ id: expect.stringMatching(/^B-/), confirmation: true, held: true });
      expect(freshBody).toMatchObject({ confirmation: true, booked: { coach: expect.any(String) } });
      expect((await openSlots(server.url)).slots).toContainEqual(asked);

      await expect.poll(() => smtp.received.filter((mail) => mail.to.includes("kai@example.com")).length, { timeout: 15_000 }).toBe(1);
      const mail = smtp.received.find((m) => m.to.includes("kai@example.com"))!;
      const text = (mimePart(mail.raw, "text/plain") ?? "").replace(/=\r?\n/g, "");
      expect(text).toMatch(
        new RegExp(
          `^Hello,\\r?\\n\\r?\\nYou already have a free intro booked: ${dayLabel(heldStart.toISOString(), site.timeZone)} at ${timeLabel(heldStart.toISOString(), site.timeZone)} with Coach ${asked.coach}\\.`,
        ),
      );
      expect(text).toContain("nothing new was booked, and your booking stands");
      expect(mail.header("Subject")).toContain(timeLabel(heldStart.toISOString(), site.timeZone));
      expect(text).not.toContain("Robin Visitor");
      const token = /\/intro\/cancel\/#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
      expect(token, "a cancel link in the mail").toBeDefined();
      const cancelled = await fetch(`${server.url}/api/intro-cancel`, {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ token }),
      });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as { message: string }).message).toMatch(/is cancelled/);
      const upcoming = await withStore(server.dataDir, (store) => store.upcomingIntros(new Date()));
      expect(upcoming.map((intro) => intro.submission.id)).not.toContain("B-HELD000001");
    } finally {
      await server?.stop();
      server = undefined;
      await smtp.stop();
    }
  });

  test("the visitor's confirmation reaches the mail server with an .ics at the booked instant", async () => {
    const smtp = await startTestSmtp();
    try {
      server = await startProductionServer({ env: { ...NO_LIMITS, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
      const { slots, timeZone } = await openSlots(server.url);
      const slot = singleCoachStart(slots);
      const response = await book(server.url, slot.start, "Robin@Example.com");
      expect(response.status).toBe(201);
      const { id, confirmation } = (await response.json()) as { id: string; confirmation: boolean };
      expect(confirmation).toBe(true);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(2);

      const staff = smtp.received.find((mail) => mail.to.includes("coaches@gym.example"));
      expect(staff?.header("Subject")).toContain(`Free intro booking from Robin Visitor`);
      expect(staff?.header("Subject")).toContain(`${timeLabel(slot.start, timeZone)} with ${slot.coach}`);

      const visitor = smtp.received.find((mail) => mail.to.includes("robin@example.com"));
      expect(visitor, "a confirmation to the visitor").toBeDefined();
      expect(visitor?.header("Reply-To")).toBe(site.email);
      expect(visitor?.header("Subject")).toContain(timeLabel(slot.start, timeZone));
      const calendar = mimePart(visitor!.raw, "text/calendar");
      expect(calendar, "an .ics attachment").toBeDefined();
      const vcalendar = new ICAL.Component(ICAL.parse(calendar!));
      const event = new ICAL.Event(vcalendar.getFirstSubcomponent("vevent")!);
      expect(event.startDate.toJSDate().toISOString()).toBe(slot.start);
      expect(event.endDate.toJSDate().toISOString()).toBe(slot.end);
      expect(event.uid).toContain(id.toLowerCase());
      expect(event.location).toContain(site.address.street);

      expect(visitor?.raw).not.toContain("Robin Visitor");

      // Cancelled and booked again within the hour: staff are mailed, the address is not mailed again,
      // so the form cannot be used to flood someone's inbox. The answer is a booking's all the same: it
      // never tells whether the address was mailed within the hour.
      submissionsCli(server.dataDir, "intro", "cancel", id);
      const other = slots.find((s) => s.start !== slot.start) as IntroSlot;
      const rebooked = await book(server.url, other.start, "robin@example.com");
      expect(rebooked.status).toBe(201);
      expect(((await rebooked.json()) as { confirmation: boolean }).confirmation).toBe(true);
      // A third time while that booking stands (a stranger typing Robin's address, say): answered as
      // a booking, nothing booked, staff told, and still nothing more to the address, which was mailed
      // within the hour.
      const third = slots.find((s) => s.start !== slot.start && s.start !== other.start && s.coach !== other.coach) as IntroSlot;
      const stranger = await book(server.url, third.start, "robin@example.com");
      expect(stranger.status).toBe(201);
      expect(((await stranger.json()) as { confirmation: boolean }).confirmation).toBe(true);
      // Waited for where the mail arrives: the staff CLI runs blocking in this process, which also holds
      // the mail server, so polling the CLI held up the very mail it waited for (two runs under load
      // failed at 15 s with the last one pending). Once five have come, the outbox is empty.
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(5);
      expect(submissionsCli(server.dataDir, "outbox")).toContain("Outbox is empty");
      expect(smtp.received.map((mail) => mail.to.join(",")).sort()).toEqual([
        "coaches@gym.example",
        "coaches@gym.example",
        "coaches@gym.example",
        "robin@example.com",
        // The cancellation of the first booking, which staff made: it takes the event out of Robin's calendar.
        "robin@example.com",
      ]);
      const note = smtp.received.filter((mail) => mail.to.includes("coaches@gym.example")).at(-1);
      expect(note?.raw.replace(/=\r?\n/g, "")).toContain("already had an upcoming free intro");
    } finally {
      await server?.stop();
      server = undefined;
      await smtp.stop();
    }
  });
});

/** Tabs forward until a radio of the named group has focus: how a keyboard user reaches it. */
async function tabTo(page: Page, radioName: string) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((name) => (document.activeElement as HTMLInputElement | null)?.name === name, radioName)) return;
  }
  throw new Error(`no ${radioName} radio reached by Tab`);
}

/**
 * The booking form with the page's clock under the test's control: its minimum fill time (a faster
 * booking is refused as a bot's) then passes with `page.clock.fastForward`, not by waiting.
 */
async function openBooking(page: Page) {
  await page.clock.install();
  await gotoReady(page, "/intro/");
}

test.describe("the /intro/ page", () => {
  test("a visitor books a time using only the keyboard, and staff see the booking", async ({ page }) => {
    await openBooking(page);
    await expect(page.getByRole("radio").first()).toBeVisible();
    await tabTo(page, "day");
    // The last day offered (the arrow keys wrap), far from the days the other browser test books.
    await page.keyboard.press("ArrowLeft");
    const day = await page.evaluate(() => document.activeElement?.closest("label")?.textContent ?? "");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("start");
    await page.keyboard.press("Space");
    const time = await page.evaluate(() => document.activeElement?.closest("label")?.textContent ?? "");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Keyboard Kai");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kai@example.com");
    await page.keyboard.press("Tab");
    // Past the phone, the box for texts (left unticked) and the privacy link in its disclosure.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("textConsent");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("goals");
    await page.keyboard.type("Run a mile without stopping");
    await page.clock.fastForward(MIN_FILL_MS);
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveText("Book this time");
    await page.keyboard.press("Enter");

    const success = page.getByTestId("form-success");
    await expect(success).toBeFocused();
    // "Sat, Dec 12" on the day's button is "Saturday, December 12" in the confirmation, with the time and coach.
    const [weekday, month, date] = day.match(/^(\w{3}), (\w{3}) (\d+)/)?.slice(1) ?? [];
    await expect(success.getByRole("heading")).toHaveText(
      new RegExp(
        `^You're booked: ${weekday}\\w*, ${month}\\w* ${date} at ${time} with Coach (${introJson.coaches.map((coach) => coach.name).join("|")})$`,
      ),
    );
    // This server sends no mail: the answer says how to change or cancel instead.
    await expect(success).toContainText("To change the time or cancel, call us at");
    const reference = (await success.locator("span").last().innerText()).trim();
    expect(reference).toMatch(/^B-/);
    expect(submissionsCli(E2E_DATA_DIR, "intro", "list")).toContain(`${reference}`);
  });

  test("every state passes axe: the list, the errors, a time just taken (409), and the booking", async ({ page, request }) => {
    await openBooking(page);
    const form = page.getByRole("form", { name: "Book your free intro" });
    await expect(form.getByRole("radio").first()).toBeVisible();
    await expectNoAxeViolations(page, "/intro/ with the open times");

    await form.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "There are 3 problems" })).toBeVisible();
    await expectNoAxeViolations(page, "/intro/ with field errors");

    // The visitor chooses a time; someone else books that same time first.
    const times = form.getByRole("group", { name: /^Time on/ }).getByRole("radio");
    await times.first().check();
    const chosen = await times.first().inputValue();
    await form.getByLabel(/^Your name/).fill("Taken Tess");
    await form.getByLabel(/^Email/).fill("tess@example.com");
    await form.getByLabel(/^What would you like/).fill("Get stronger");
    for (let i = 0; i < 5; i++) {
      const answer = await request.post("/api/intro", {
        data: { start: chosen, name: "Quick Quinn", email: `quinn${i}@example.com`, elapsedMs: 9000 },
      });
      if (answer.status() === 409) break;
      expect(answer.status()).toBe(201);
    }
    await page.clock.fastForward(MIN_FILL_MS);
    await form.getByRole("button", { name: "Book this time" }).click();
    const timeError = page.locator("#intro-start-error");
    await expect(timeError).toContainText("someone has just booked that time");
    // Focus is on the time question, which stays while its answers are replaced.
    await expect(page.locator("#intro-start")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "The open times have been updated." })).toBeVisible();
    await expect(form.getByLabel(/^Your name/)).toHaveValue("Taken Tess");
    await expect(form.getByLabel(/^What would you like/)).toHaveValue("Get stronger");
    await expect(form.locator(`input[value="${chosen}"]`)).toHaveCount(0);
    await expectNoAxeViolations(page, "/intro/ after a time was just taken");

    await times.first().check();
    await form.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByTestId("form-success")).toContainText("You're booked: ");
    await expectNoAxeViolations(page, "/intro/ booked");
  });

  test("without JavaScript the page links to the open times, says how to book by phone or message, and hides the empty form", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/intro/");
    // The text is in a <noscript>, which Playwright's text queries pass over: found by its element.
    const notice = page.locator("noscript > p");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("This page shows the open times with JavaScript");
    expect(await page.locator("main").innerText()).toContain("This page shows the open times with JavaScript");
    // The times without script: noScript.spec.ts books one there.
    await expect(notice.getByRole("link", { name: "choose from the open times here" })).toHaveAttribute("href", "/api/intro");
    await expect(page.getByRole("form", { name: "Book your free intro" })).toBeHidden();
    await expect(notice.getByRole("link", { name: /555/ })).toHaveAttribute("href", /^tel:/);
    await expect(notice.getByRole("link", { name: "send us a message" })).toHaveAttribute("href", "/contact/");
    await expect(page.getByText("Loading open times")).toBeHidden();
    await context.close();
  });

  test("times that fail to load are said so with the other ways to book and load again on request; none left is said plainly", async ({
    page,
  }) => {
    // The first request fails as on a lost connection; the one the button sends finds every time taken.
    let asked = 0;
    await page.route("**/api/intro-slots", (route) =>
      ++asked === 1 ? route.abort("connectionfailed") : route.fulfill({ json: { zone: "Pacific Time", days: [] } }),
    );
    await gotoReady(page, "/intro/");
    const failure = page.getByRole("alert");
    await expect(failure.locator("p")).toHaveText(
      /^We could not load the open times\. Check your connection and try again, or call us at .*555.* or send us a message\.$/,
    );
    await expect(failure.getByRole("link", { name: "send us a message" })).toHaveAttribute("href", "/contact/");
    await failure.getByRole("button", { name: "Load the times again" }).click();
    await expect(
      page.getByText(
        /^There are no open times to book online right now\. Please call us at .*555.* or send us a message, and we will find a time that suits you\.$/,
      ),
    ).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.locator("[data-booking]")).toHaveCount(0);
    expect(asked).toBe(2);
  });

  test("with JavaScript the page never shows that text: it says the times are loading until they come", async ({ page }) => {
    // innerText is the text as rendered: it holds a <noscript>'s text only where scripts are off.
    const shown = () => page.locator("main").innerText();
    const release = await holdScripts(page);
    await page.goto("/intro/", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("status")).toHaveText("Loading open times…");
    expect(await shown()).not.toContain("This page shows the open times with JavaScript");
    release();
    await expect(page.getByRole("radio").first()).toBeVisible();
    expect(await shown()).not.toContain("This page shows the open times with JavaScript");
    await expect(page.getByText(`Times are ${zoneName(site.timeZone)}, where the gym is.`)).toBeVisible();
  });

  test("at 390 px, someone with a day job finds a time after 4 PM within the next week", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, "/intro/");
    const days = page.getByRole("group", { name: "Day", exact: true }).getByRole("radio");
    await expect(days.first()).toBeVisible();
    const weekFromNow = Date.now() + 7 * 24 * 3600_000;
    const afterWork: string[] = [];
    for (const day of await days.all()) {
      // By keyboard: at this width the phone's intro bar may lie over a day's button.
      await day.focus();
      await page.keyboard.press("Space");
      await expect(day).toBeChecked();
      const times = page.getByRole("group", { name: /^Time on/ }).getByRole("radio");
      await expect(times.first()).toBeVisible();
      for (const time of await times.all()) {
        const start = (await time.inputValue()) ?? "";
        if (Date.parse(start) <= weekFromNow && gymHour(start) >= 16)
          afterWork.push(await time.evaluate((radio) => radio.closest("label")?.textContent ?? ""));
      }
    }
    expect(afterWork.length, "times after 4 PM within a week").toBeGreaterThan(0);
    for (const label of afterWork) expect(label).toMatch(/^(4|5|6):\d\d PM$/);
  });

  test("every free-intro call to action leads to the booking page", async ({ page }) => {
    for (const path of ["/", "/about/", "/schedule/"]) {
      await page.goto(path);
      const links = await page.getByRole("link", { name: /free intro/i }).all();
      expect(links.length, `${path} has a free-intro link`).toBeGreaterThan(0);
      for (const link of links) {
        await expect(link, `${path}: ${await link.innerText()}`).toHaveAttribute("href", "/intro/");
      }
    }
  });
});
