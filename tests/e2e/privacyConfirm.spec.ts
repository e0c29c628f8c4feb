import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { addDays, formatLongDate } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { privacy } from "../../src/server/content";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { signInContext } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { uniqueEmail } from "../support/uniqueEmail";

/**
 * A privacy request is acted on only for the person it concerns (Washington's My Health My Data Act
 * speaks of authenticated requests): the address in the request gets a link, and until it is used the
 * owner's console shows the request as unconfirmed and refuses export, deletion and consent withdrawal.
 * Against the production server, a real SMTP server on loopback, and the served SQLite file, in Chromium.
 */

const STAFF_EMAIL = "coaches@gym.example";
const OWNER = "owner.confirm@gym.example";
const LINK = /https?:\/\/\S+(\/privacy\/confirm\/#token=[A-Za-z0-9_-]{43})/;

let server: RunningServer;
let smtp: TestSmtp;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startProductionServer({
    // On the build's day, as the answer-by date the test expects is: no midnight at the gym between them.
    env: { ...BUILD_DAY_SERVER_ENV, SMTP_URL: smtp.url, STAFF_EMAIL, FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "10000" },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const labelled = (text: string) => new RegExp(`^${text}(\\s|$)`);
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
const textOf = (raw: string) => mimePart(raw, "text/plain") ?? "";

async function checkWidths(page: Page, label: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(findLayoutFaults), `${label} at ${width}px`).toEqual([]);
    await expectNoAxeViolations(page, `${label} at ${width}px`);
  }
}

/** Sends a request on the public form as a visitor does; returns its reference. */
async function sendRequest(page: Page, email: string, kind = "Delete my data"): Promise<string> {
  await page.clock.install({ time: BUILD_INSTANT });
  await page.goto(`${server.url}/privacy/request/`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const form = page.getByRole("form", { name: "Your request" });
  await form.getByRole("radio", { name: kind }).check();
  await form.getByLabel(labelled("Your name")).fill("Morgan Vale");
  await form.getByLabel(labelled("Email")).fill(email);
  await form.getByLabel(labelled("Details")).fill("Call me Morgan, and see you at the 6 am class.");
  await page.clock.fastForward(MIN_FILL_MS + 500);
  await form.getByRole("button", { name: "Send request" }).click();
  const success = page.getByTestId("form-success");
  await expect(success).toBeFocused();
  const reference = (await success.locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^P-[0-9A-Z]{10}$/);
  return reference;
}

/** The link in the mail the request's address got (the path and fragment, to open on the test's server). */
async function mailedLink(email: string): Promise<{ fragment: string; text: string; subject: string }> {
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(email)[0]!;
  const text = textOf(mail.raw);
  const fragment = LINK.exec(text)?.[1];
  expect(fragment, "the mail carries the confirmation link").toBeDefined();
  return { fragment: fragment!, text, subject: mail.header("Subject") ?? "" };
}

const refusal = (reference: string) => new RegExp(`^${reference} is not confirmed yet: .*verify-request ${reference} --how in-person`);

async function ownerCalls(context: BrowserContext, reference: string, email: string): Promise<APIResponse[]> {
  const origin = { Origin: server.url };
  return [
    await context.request.get(`${server.url}/api/staff/privacy?export=${reference}`),
    await context.request.post(`${server.url}/api/staff/privacy`, {
      headers: origin,
      data: { action: "delete", request: reference, confirm: email },
    }),
    await context.request.post(`${server.url}/api/staff/privacy`, { headers: origin, data: { action: "withdraw", request: reference } }),
  ];
}

test("a request is acted on only once the address confirms it with the mailed link; the clock starts then", async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("morgan.vale.");
  const reference = await sendRequest(page, email);
  const success = page.getByTestId("form-success");
  await expect(success).toContainText(`We have e-mailed a link to ${email}`);
  await expect(success).toContainText(`within ${privacy.requestResponseDays} days of your confirming`);

  // The address gets a link saying what was asked, in words, and nothing the sender typed.
  const { fragment, text, subject } = await mailedLink(email);
  expect(subject).toContain(reference);
  expect(text).toContain("delete everything we hold about this e-mail address");
  expect(text).toContain("works once");
  expect(text).toContain("7 days");
  expect(text).toContain("If you did not ask, ignore this e-mail: nothing happens.");
  expect(text).not.toContain("Morgan");
  expect(text).not.toContain("6 am class");
  // Staff hear of it once it is confirmed, with the date the clock then gives.
  expect(mailsTo(STAFF_EMAIL).filter((mail) => mail.header("Subject")?.includes(reference))).toEqual([]);

  await signInContext(context, server.url, server.dataDir, OWNER, "owner", nowOnBuildDay());
  await page.goto(`${server.url}/staff/privacy/`);
  const request = page.getByRole("listitem").filter({ hasText: reference });
  await expect(request).toContainText("Waiting for the visitor to confirm");
  await expect(request).toContainText(/Link e-mailed .*; it works until /);
  await expect(request).not.toContainText("days left");
  await expect(request.getByText(refusal(reference))).toBeVisible();
  await expect(request.getByRole("button", { name: "Delete everything…" })).toHaveCount(0);
  await expect(request.getByRole("link", { name: "Download everything (JSON)" })).toHaveCount(0);
  await expect(request.getByRole("button", { name: "Mark answered" })).toBeVisible();
  await checkWidths(page, "the privacy screen with an unconfirmed request");

  for (const answer of await ownerCalls(context, reference, email)) {
    expect(answer.status(), answer.url()).toBe(409);
    expect(((await answer.json()) as { error: string }).error).toMatch(refusal(reference));
  }

  // The visitor opens the link and confirms by keyboard.
  const visitor = await context.newPage();
  await visitor.goto(`${server.url}${fragment}`);
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(visitor.getByRole("heading", { level: 1, name: "Confirm your privacy request" })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The token leaves the address bar once read.
  expect(new URL(visitor.url()).hash).toBe("");
  await checkWidths(visitor, "the confirm page");
  const button = visitor.getByRole("button", { name: "Confirm my request" });
  for (let i = 0; i < 40 && !(await button.evaluate((el) => el === document.activeElement)); i++) await visitor.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await visitor.keyboard.press("Enter");
  const due = formatLongDate(addDays(BUILD_DAY, privacy.requestResponseDays));
  await expect(visitor.getByRole("status")).toHaveText(
    `Your request ${reference} is confirmed. We will answer by e-mail by ${due} at the latest.`,
  );
  await checkWidths(visitor, "the confirm page, confirmed");

  // Used once: the same link again says so; a link that matches nothing says what to do.
  await visitor.goto(`${server.url}${fragment}`);
  await visitor.getByRole("button", { name: "Confirm my request" }).click();
  await expect(visitor.getByRole("status")).toContainText(`This request (${reference}) was already confirmed on `);
  await visitor.goto(`${server.url}/privacy/confirm/#token=${"A".repeat(43)}`);
  await visitor.getByRole("button", { name: "Confirm my request" }).click();
  await expect(visitor.getByRole("status")).toContainText("This link does not match any request.");
  await expect(visitor.getByRole("link", { name: "send your request again" })).toHaveAttribute("href", "/privacy/request/");
  await checkWidths(visitor, "the confirm page, an unknown link");
  await visitor.goto(`${server.url}/privacy/confirm/`);
  await expect(visitor.getByText("This page needs the link from the e-mail we sent you")).toBeVisible();

  // Staff are told now, with the answer-by date counted from the confirmation.
  await expect
    .poll(() => mailsTo(STAFF_EMAIL).map((mail) => mail.header("Subject") ?? ""), { timeout: 15_000 })
    .toContainEqual(`Privacy request from Morgan Vale (Delete my data): answer by ${due} [${reference}]`);
  await page.reload();
  await expect(request).toContainText(`${privacy.requestResponseDays} days left`);
  await expect(request).toContainText("Confirmed by the visitor's link");
  const [exported] = await ownerCalls(context, reference, "not-this@example.com");
  expect(exported!.status()).toBe(200);
  expect(((await exported!.json()) as { email: string }).email).toBe(email);
  await checkWidths(page, "the privacy screen with a confirmed request");
});

test("an expired link says to send the request again; the console says it expired and it can be marked answered", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("kit.lane.");
  const reference = await sendRequest(page, email, "See my data");
  const { fragment } = await mailedLink(email);
  // Eight days on: the link's expiry is moved into the past in the served database file itself.
  const db = new Database(path.join(server.dataDir, "submissions.sqlite"));
  try {
    const past = new Date(nowOnBuildDay().getTime() - 86_400_000).toISOString();
    expect(db.prepare("UPDATE request_confirmations SET expires_at = ? WHERE submission_id = ?").run(past, reference).changes).toBe(1);
  } finally {
    db.close();
  }

  await page.goto(`${server.url}${fragment}`);
  await page.getByRole("button", { name: "Confirm my request" }).click();
  await expect(page.getByRole("status")).toHaveText("This link has expired: it worked for 7 days. To go on, send your request again.");
  await expect(page.getByRole("link", { name: "send your request again" })).toBeVisible();
  await checkWidths(page, "the confirm page, expired");

  await signInContext(context, server.url, server.dataDir, OWNER, "owner", nowOnBuildDay());
  await page.goto(`${server.url}/staff/privacy/`);
  const request = page.getByRole("listitem").filter({ hasText: reference });
  await expect(request).toContainText(/The link expired on .* without being used/);
  for (const answer of await ownerCalls(context, reference, email)) expect(answer.status(), answer.url()).toBe(409);
  await checkWidths(page, "the privacy screen with an expired request");
  await request.getByRole("button", { name: "Mark answered" }).click();
  await expect(page.getByRole("status")).toHaveText(`Marked ${reference} answered.`);
  await expect(page.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
});
