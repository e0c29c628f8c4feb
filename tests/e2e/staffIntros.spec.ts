import { expect, test, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { IntroSlot } from "../../src/intro/availability";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { signInContext, withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";

/**
 * The free intros in the staff console and the visitor's own cancel page, against the production
 * server with a real SMTP server, in Chromium: bookings made through the booking endpoint appear by
 * day; staff mark a no-show, cancel and move them; the visitor cancels with the link from the mail.
 */

let server: RunningServer;
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startProductionServer({
    env: {
      SMTP_URL: smtp.url,
      STAFF_EMAIL: "coaches@gym.example",
      FORM_RATE_LIMIT_PER_MINUTE: "1000",
      FORM_CEILING_PER_MINUTE: "10000",
      INTRO_BOOKINGS_PER_CLIENT_PER_DAY: "1000",
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function openSlots(): Promise<IntroSlot[]> {
  const response = await fetch(`${server.url}/api/intro-slots`);
  return ((await response.json()) as { slots: IntroSlot[] }).slots;
}

/** Books as the /intro/ page does (its own endpoint); returns the reference. */
async function book(slot: IntroSlot, name: string, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/intro`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ start: slot.start, name, email, phone: "253-555-0100", goals: "Get fit", elapsedMs: MIN_FILL_MS + 2000 }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const textOf = (raw: string) => mimePart(raw, "text/plain") ?? "";

async function checkWidths(page: Page, label: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(findLayoutFaults), `${label} at ${width}px`).toEqual([]);
    await expectNoAxeViolations(page, `${label} at ${width}px`);
  }
}

test("staff see intros by day, mark a no-show, cancel and move one; every state is accessible", async ({ page, context }) => {
  const slots = await openSlots();
  const [a, b, c] = [slots[2]!, slots[Math.floor(slots.length / 2)]!, slots[slots.length - 3]!];
  const early = await book(a, "Ed Early", "ed@example.com");
  const cancelled = await book(b, "Cal Cancel", "cal@example.com");
  const moved = await book(c, "Mo Move", "mo@example.com");
  // An intro that started a moment ago (booked earlier today): only one that has started can be marked.
  const noShow = "B-NOSHOW0001";
  await withStore(server.dataDir, (store) => {
    const start = new Date(Date.now() - 10_000);
    const end = new Date(start.getTime() + 30 * 60_000);
    const payload = { start: start.toISOString(), end: end.toISOString(), coach: "Dana", name: "Nora Noshow", email: "nora@example.com" };
    const booking = { coach: "Dana", start, end, email: "nora@example.com" };
    return store.insert({
      id: noShow,
      form: "intro",
      createdAt: new Date(start.getTime() - 3_600_000),
      payload,
      spam: null,
      notify: false,
      booking,
    });
  });
  await signInContext(context, server.url, server.dataDir, "coach@gym.example", "coach");

  await page.goto(`${server.url}/staff/intros/`);
  await expect(page.getByRole("heading", { level: 1, name: "Free intros" })).toBeVisible();
  const card = (reference: string) => page.locator(`[data-reference="${reference}"]`);
  for (const reference of [early, noShow, cancelled, moved]) await expect(card(reference)).toBeVisible();
  await checkWidths(page, "the intros screen");

  // Before its start nobody can have come or missed it: no buttons, and the API refuses.
  await expect(card(early).getByRole("button", { name: /^(Came|No-show):/ })).toHaveCount(0);
  const early409 = await page.request.post(`${server.url}/api/staff/intros`, {
    headers: { Origin: server.url },
    data: { id: early, action: "no-show" },
  });
  expect(early409.status()).toBe(409);
  expect(((await early409.json()) as { error: string }).error).toMatch(
    new RegExp(`^The intro of Ed Early \\(${early}\\) has not started yet \\(\\w+day, .+\\): mark Came or No-show once it has\\.$`),
  );
  expect((await withStore(server.dataDir, (store) => store.introOf(early)))?.attendance).toBeNull();
  // The name opens the lead, which shows the intro in the gym's words: Intro booked by the booking itself.
  await card(early).getByRole("link", { name: "Ed Early" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ed Early");
  await expect(page.getByText(/^Free intro \w{3}, \w{3} \d+, \d+:\d\d [AP]M with /)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status: Intro booked" })).toContainText("the visitor");
  // Booked by the visitor and not yet spoken to: waiting, in words.
  await expect(page.getByText(/^Waiting (under a minute|\d+ \w+)$/)).toBeVisible();
  await page.getByRole("link", { name: "Free intros" }).last().click();
  await expect(card(noShow)).toBeVisible();

  await card(noShow).getByRole("button", { name: "No-show: Nora Noshow" }).click();
  await expect(page.getByRole("status")).toContainText(`Nora Noshow (${noShow}) did not come: the lead is up for follow-up`);
  await expect(card(noShow)).toContainText("No-show");
  const lead = await withStore(server.dataDir, (store) => store.leadStates([noShow]));
  expect(lead.get(noShow)?.followUpOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await card(cancelled).getByRole("button", { name: "Cancel Cal Cancel's intro" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel Cal Cancel's intro?" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, "the cancel dialog");
  await dialog.getByRole("button", { name: "Cancel the intro" }).click();
  await expect(page.getByRole("status")).toContainText(`Cancelled the intro of Cal Cancel (${cancelled})`);
  await expect(card(cancelled)).toHaveCount(0);
  await expect.poll(async () => (await openSlots()).some((s) => s.start === b.start && s.coach === b.coach)).toBe(true);
  await expect
    .poll(() => mailsTo("cal@example.com").map((mail) => mail.header("Subject") ?? ""), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/^Cancelled:/));

  await card(moved).getByRole("button", { name: "Move Mo Move's intro" }).click();
  const move = page.getByRole("dialog", { name: "Move Mo Move's intro" });
  // Where it is now, then a day and that day's times: never one list of every open time.
  await expect(move.getByText(/^Now: \w+day, \w+ \d+ at \d+:\d\d [AP]M with \w+\.$/)).toBeVisible();
  const select = move.getByLabel("New time");
  await expect(select).toBeDisabled();
  await expectNoAxeViolations(page, "the move dialog");
  await move.getByLabel("New day").selectOption({ index: 1 });
  const dayLabel = await move.getByLabel("New day").locator("option:checked").textContent();
  const target = await select.locator("option").nth(1).getAttribute("value");
  await select.selectOption(target!);
  // The choice is said in full, its day included.
  await expect(move.getByRole("status")).toHaveText(new RegExp(`^Moves to ${dayLabel} at \\d+:\\d\\d [AP]M with \\w+\\.$`));
  await expectNoAxeViolations(page, "the move dialog with a time chosen");
  await move.getByRole("button", { name: "Move the intro" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The intro of Mo Move" })).toContainText(
    `The intro of Mo Move (${moved}) moved to`,
  );
  const [newStart] = target!.split("|");
  await expect
    .poll(() => mailsTo("mo@example.com").map((mail) => mail.header("Subject") ?? ""), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/^New time for your/));
  const bookings = await withStore(server.dataDir, (store) => store.upcomingIntros(new Date(0)));
  expect(bookings.find((x) => x.submission.id === moved)).toMatchObject({ start: new Date(newStart!), sequence: 1 });
  await checkWidths(page, "the intros screen after changes");
});

test("a visitor cancels with the link from their e-mail, once; a wrong link says so", async ({ page }) => {
  const slots = await openSlots();
  const reference = await book(slots[slots.length - 5]!, "Vera Visitor", "vera@example.com");
  await expect.poll(() => mailsTo("vera@example.com").length, { timeout: 15_000 }).toBe(1);
  const link = /https?:\/\/\S+\/intro\/cancel\/#token=[A-Za-z0-9_-]{43}/.exec(textOf(mailsTo("vera@example.com")[0]!.raw))?.[0];
  expect(link, "the confirmation carries the cancel link").toBeDefined();
  const fragment = link!.slice(link!.indexOf("/intro/cancel/"));

  await page.goto(`${server.url}${fragment}`);
  const button = page.getByRole("button", { name: "Cancel my intro" });
  await expect(button).toBeVisible();
  // The token leaves the address bar once read.
  expect(new URL(page.url()).hash).toBe("");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await checkWidths(page, "the cancel page");
  await button.click();
  await expect(page.getByRole("status")).toContainText("Your free intro is cancelled");
  await checkWidths(page, "the cancel page, cancelled");
  const [booking] = await withStore(server.dataDir, async (store) =>
    (await store.bookings(new Date(0))).filter((x) => x.submission.id === reference),
  );
  expect(booking?.cancelledAt).not.toBeNull();

  // The same link again, and a link that matches nothing.
  await page.goto(`${server.url}${fragment}`);
  await page.getByRole("button", { name: "Cancel my intro" }).click();
  await expect(page.getByRole("status")).toContainText("already cancelled");
  await page.goto(`${server.url}/intro/cancel/#token=${"A".repeat(43)}`);
  await page.getByRole("button", { name: "Cancel my intro" }).click();
  await expect(page.getByRole("status")).toContainText("does not match any booking");
  await page.goto(`${server.url}/intro/cancel/`);
  await expect(page.getByText("This page needs the link from your booking e-mail")).toBeVisible();
});

test("a coach says in their settings which intro coach they are, and Free intros opens on theirs, on a phone", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Times of the later weeks: the other tests of this file book and move intros in the first days and at the very end.
  const all = await openSlots();
  const slots = all.slice(Math.floor(all.length * 0.6), -4);
  const danas = slots.find((slot) => slot.coach === "Dana")!;
  const marcuss = slots.find((slot) => slot.coach === "Marcus")!;
  const withDana = await book(danas, "Dee Dana", "dee@example.com");
  const withMarcus = await book(marcuss, "Max Marcus", "max@example.com");
  await signInContext(context, server.url, server.dataDir, "dana@gym.example", "coach");
  const card = (reference: string) => page.locator(`[data-reference="${reference}"]`);

  // Not yet an intro coach: everyone's intros, and where to say which one.
  await page.goto(`${server.url}/staff/intros/`);
  await expect(card(withMarcus)).toBeVisible();
  await expect(card(withDana)).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Show/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Your settings" }).click();

  const coach = page.getByLabel("You give free intros as");
  await expect(coach).toHaveValue("");
  await coach.selectOption("Dana");
  await expect(page.getByRole("status")).toHaveText(`"My intros" are Dana's.`);
  await expectNoAxeViolations(page, "the settings screen with an intro coach");
  expect((await withStore(server.dataDir, (store) => store.staffAccount("dana@gym.example")))?.introCoach).toBe("Dana");

  // Free intros now opens on Dana's only; everyone's is one choice away, and the address keeps it.
  await page.goto(`${server.url}/staff/intros/`);
  const show = page.getByRole("combobox", { name: /^Show/ });
  await expect(show.locator("option:checked")).toHaveText("My intros (Dana)");
  await expect(card(withDana)).toBeVisible();
  await expect(card(withMarcus)).toHaveCount(0);
  await expect(page.locator("[data-reference]").filter({ hasText: /with (Marcus|Jess)$/ })).toHaveCount(0);
  expect(await page.evaluate(findLayoutFaults), "My intros at 390 px").toEqual([]);
  await expectNoAxeViolations(page, "My intros at 390 px");
  await show.selectOption({ label: "Everyone's intros" });
  await expect(card(withMarcus)).toBeVisible();
  await expect(card(withDana)).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/intros\/\?show=everyone$/);
  await page.reload();
  await expect(card(withMarcus)).toBeVisible();
  await show.selectOption({ label: "My intros (Dana)" });
  await expect(card(withMarcus)).toHaveCount(0);
  await expect(page).toHaveURL(/\/staff\/intros\/$/);

  // Saying none again: everyone's, as before.
  await page.goto(`${server.url}/staff/settings/`);
  await page.getByLabel("You give free intros as").selectOption({ label: "Not one of the intro coaches" });
  await expect(page.getByRole("status")).toHaveText("You are none of the intro coaches.");
  await page.goto(`${server.url}/staff/intros/`);
  await expect(card(withMarcus)).toBeVisible();
  await expect(page.getByRole("combobox", { name: /^Show/ })).toHaveCount(0);
});
