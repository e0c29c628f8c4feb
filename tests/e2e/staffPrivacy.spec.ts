import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { privacy, site } from "../../src/server/content";
import { newReference } from "../../src/server/forms/ids";
import { signInContext, withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { gotoReady } from "./support/page";
import { staffTime } from "../../src/time/labels";
import { uniqueEmail } from "../support/uniqueEmail";

/** The owner's privacy requests and outbox screens, against the served site and its SQLite file. */

const OWNER = "owner.privacy@gym.example";
const labelled = (text: string) => new RegExp(`^${text}(\\s|$)`);

/** No overlap, clipping or sideways scroll at a phone's width and a desk's, and axe clean at each. */
async function expectCleanAtBothWidths(page: Page, label: string): Promise<void> {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const faults = await page.evaluate(findLayoutFaults);
    expect(faults, `${label} at ${width}px`).toEqual([]);
    await expectNoAxeViolations(page, `${label} at ${width}px`);
  }
}

/** Sends a privacy request on the public form, as a visitor does; returns its reference. */
async function sendPrivacyRequest(page: Page, email: string): Promise<string> {
  await page.clock.install();
  await gotoReady(page, "/privacy/request/");
  const form = page.getByRole("form", { name: "Your request" });
  await form.getByRole("radio", { name: "Delete my data" }).check();
  await form.getByLabel(labelled("Your name")).fill("Morgan Vale");
  await form.getByLabel(labelled("Email")).fill(email);
  await page.clock.fastForward(MIN_FILL_MS + 500);
  await form.getByRole("button", { name: "Send request" }).click();
  const success = page.getByTestId("form-success");
  await expect(success).toBeFocused();
  const reference = (await success.locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^P-[0-9A-Z]{10}$/);
  return reference;
}

// A phone far from the gym: the console shows the gym's times all the same.
test.use({ timezoneId: "Asia/Tokyo" });

test("a privacy request from the public form is listed with its days left; its data downloads, and goes after the typed address", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("morgan.vale.");
  const reference = await sendPrivacyRequest(page, email);
  // Acted on only once confirmed: this server sends no mail, so the owner records a check made in person.
  await withStore(E2E_DATA_DIR, (store) => store.verifyRequest(reference, "in-person", new Date(), { notify: false }));
  // Earlier, the same person sent the contact form, and staff worked it: status, follow-up date, a note.
  const contact = `C-${reference.slice(2)}`;
  await withStore(E2E_DATA_DIR, async (store) => {
    const at = new Date(Date.now() - 86_400_000);
    await store.insert({
      id: contact,
      form: "contact",
      createdAt: at,
      payload: { name: "Morgan Vale", email, interest: "membership", message: "Hi" },
      spam: null,
      notify: false,
    });
    await store.updateLead(contact, { status: "contacted", followUpOn: "2026-12-01" }, OWNER, at);
    await store.addNote(contact, OWNER, "Called Morgan about evening classes.", at);
  });
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");

  await gotoReady(page, "/staff/privacy/");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
  const request = page.getByRole("listitem").filter({ hasText: reference });
  await expect(request).toContainText(`${privacy.requestResponseDays} days left`);
  await expect(request).toContainText(email);
  // Its times in the gym's zone, though this phone is in Tokyo (the file's timezoneId).
  const received = await withStore(E2E_DATA_DIR, async (store) => (await store.get(reference))!.createdAt.toISOString());
  await expect(request).toContainText(staffTime(received, site.timeZone));
  // How long texts are kept, from content/privacy.json.
  const texts = page.getByRole("heading", { level: 2, name: "Texts" }).locator("xpath=following-sibling::p[1]");
  await expect(texts).toContainText(`go ${privacy.textMonths} months after the last text`);
  await expect(texts).toContainText(`kept ${privacy.textConsentMonths} months after its last change or the gym's last text to it`);
  await expectCleanAtBothWidths(page, "the privacy screen");

  const download = page.waitForEvent("download");
  await request.getByRole("link", { name: "Download everything (JSON)" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, "utf8")) as {
    email: string;
    people: Array<{ reference: string }>;
    submissions: Array<{ reference: string; fields: unknown; lead: unknown }>;
  };
  expect(exported.email).toBe(email);
  // Everything the gym kept about the person too, which the deletion removes: status, follow-up, the
  // timeline's changes and notes; the contact form points to them, the privacy request keeps its own.
  expect(exported.people).toEqual([
    expect.objectContaining({
      status: "contacted",
      followUpOn: "2026-12-01",
      timeline: expect.arrayContaining([
        expect.objectContaining({ kind: "status", status: "contacted", by: OWNER }),
        expect.objectContaining({ kind: "note", by: OWNER, text: "Called Morgan about evening classes." }),
      ]),
    }),
  ]);
  const person = exported.people[0]?.reference;
  expect(exported.submissions).toEqual([
    expect.objectContaining({ reference: contact, lead: expect.objectContaining({ person }) }),
    expect.objectContaining({ reference, fields: expect.objectContaining({ email, request: "deletion" }) }),
  ]);

  await request.getByRole("button", { name: "Delete everything…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete everything for this address?" });
  await expect(dialog).toBeVisible();
  const typed = dialog.getByLabel(/^Type .* to confirm$/);
  await expect(typed).toBeFocused();
  // The page behind a modal dialog lies under it by design, so the dialog is checked to fit the screen instead.
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the delete dialog fits at ${width}px`).toBe(true);
    await expectNoAxeViolations(page, `the delete dialog at ${width}px`);
  }
  await typed.fill(`not.${email}`);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The address typed does not match the request's. Nothing was deleted.");
  expect(await withStore(E2E_DATA_DIR, (store) => store.findByEmail(email))).toHaveLength(2);

  await typed.fill(email);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toHaveText(
    "Deleted 1 submission and everything kept with them. The request stays listed until you mark it answered: tell them, then mark it.",
  );
  const log = page.getByRole("list", { name: "Deletion log" });
  await expect(log.getByRole("listitem").filter({ hasText: contact })).toContainText("Contact");
  await expect(log.getByRole("listitem").filter({ hasText: contact })).toContainText(`on privacy request ${reference}`);
  // The request itself stays, with a reminder to answer it, until it is marked answered.
  expect((await withStore(E2E_DATA_DIR, (store) => store.findByEmail(email))).map((s) => s.id)).toEqual([reference]);
  const left = page.getByRole("listitem").filter({ hasText: email });
  await expect(left).toContainText(/Data deleted .*\. Tell Morgan Vale it is done, then mark the request answered\./);
  await expectCleanAtBothWidths(page, "the privacy screen after a deletion");
  await left.getByRole("button", { name: "Mark answered" }).click();
  await expect(page.getByRole("status")).toHaveText(`Marked ${reference} answered.`);
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  const audit = await withStore(E2E_DATA_DIR, (store) => store.auditLog(50));
  expect(audit.filter((entry) => entry.actor === OWNER).map((entry) => [entry.action, entry.target])).toEqual(
    expect.arrayContaining([
      ["privacy.delete", reference],
      ["privacy.export", reference],
    ]),
  );
  expect(JSON.stringify(audit)).not.toContain(email);
});

test("a coach gets 403 from the privacy and outbox APIs, and is told the screens are the owner's", async ({ page, context, baseURL }) => {
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, "coach.privacy@gym.example", "coach");
  const origin = { Origin: baseURL ?? "" };
  const answers = [
    await context.request.get("/api/staff/privacy"),
    await context.request.get("/api/staff/privacy?export=P-7K3M9QX2PA"),
    await context.request.post("/api/staff/privacy", {
      headers: origin,
      data: { action: "delete", request: "P-7K3M9QX2PA", confirm: "x@example.com" },
    }),
    await context.request.post("/api/staff/privacy", { headers: origin, data: { action: "answered", request: "P-7K3M9QX2PA" } }),
    await context.request.get("/api/staff/outbox"),
    await context.request.post("/api/staff/outbox", { headers: origin, data: { action: "retry" } }),
  ];
  for (const answer of answers) {
    expect(answer.status(), answer.url()).toBe(403);
    expect(await answer.json()).toEqual({ error: "Only the gym's owner can do this." });
  }
  for (const path of ["/staff/privacy/", "/staff/outbox/"]) {
    await gotoReady(page, path);
    await expect(page.getByText("Only the gym's owner can use this screen.")).toBeVisible();
  }
});

test("the outbox lists a failed message without its data, and Retry queues it again", async ({ page, context, baseURL }) => {
  const id = newReference("contact");
  const error = "550 5.1.1 mailbox unavailable";
  const now = new Date();
  await withStore(E2E_DATA_DIR, async (store) => {
    await store.insert({
      id,
      form: "contact",
      createdAt: now,
      payload: { name: "Riley Stone", email: "riley.stone@example.com", phone: "", message: "Do you have open gym hours?" },
      spam: null,
      notify: true,
    });
    const mine = (await store.outbox(["pending"])).find((m) => m.submissionId === id);
    if (!mine) throw new Error("the staff alert was not queued");
    await store.markFailed(mine.id, error, null);
  });
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");

  await gotoReady(page, "/staff/outbox/");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  const message = page.getByRole("listitem").filter({ hasText: id });
  await expect(message).toContainText("Staff alert");
  await expect(message).toContainText("Failed");
  await expect(message).toContainText(error);
  await expect(message).not.toContainText("Riley");
  await expectCleanAtBothWidths(page, "the outbox screen");

  await message.getByRole("button", { name: `Retry the staff alert of ${id} now` }).click();
  await expect(page.getByRole("status")).toHaveText("Queued again: it goes at the next delivery.");
  await expect(message).toContainText("Waiting");
  const after = await withStore(E2E_DATA_DIR, async (store) => (await store.outbox()).find((m) => m.submissionId === id));
  expect(after).toMatchObject({ status: "pending", attempts: 1, lastError: error });
  const audit = await withStore(E2E_DATA_DIR, (store) => store.auditLog(50));
  expect(audit).toContainEqual(expect.objectContaining({ actor: OWNER, action: "outbox.retry", target: id }));
});

test("an intro's reminder due later is scheduled, not waiting: no Retry, and the API says why", async ({ page, context, baseURL }) => {
  const id = newReference("intro");
  const start = new Date(Date.now() + 5 * 86_400_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  // A coach of its own, so no other test's booking holds this time.
  const coach = `Coach ${randomUUID().slice(0, 8)}`;
  const email = `${id.toLowerCase()}@example.com`;
  await withStore(E2E_DATA_DIR, (store) =>
    store.insert({
      id,
      form: "intro",
      createdAt: new Date(),
      payload: { start: start.toISOString(), end: end.toISOString(), coach, name: "Sam Later", email },
      spam: null,
      notify: false,
      confirm: true,
      booking: { coach, start, end, email },
    }),
  );
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");
  await gotoReady(page, "/staff/outbox/");
  // The day before's (the one 2 hours before is listed after it, scheduled the same way).
  const goes = `Goes${staffTime(new Date(start.getTime() - 86_400_000).toISOString(), site.timeZone)}`;
  const reminder = page.getByRole("listitem").filter({ hasText: id }).filter({ hasText: "Intro reminder" }).filter({ hasText: goes });
  await expect(reminder).toContainText("Scheduled");
  await expect(reminder.getByRole("button")).toHaveCount(0);
  // The screen says whether anything failed, counting as the list does.
  const failed = await page.getByRole("listitem").filter({ hasText: "none: retry it" }).count();
  await expect(
    page.getByText(
      failed === 0 ? "Nothing has failed: each message here goes on its own." : `${failed} failed: fix the cause, then retry.`,
    ),
  ).toBeVisible();

  const message = await withStore(E2E_DATA_DIR, async (store) =>
    (await store.outbox()).find((m) => m.submissionId === id && m.kind === "reminder"),
  );
  const answer = await page.request.post("/api/staff/outbox", {
    data: { action: "retry", id: message!.id },
    headers: { Origin: new URL(baseURL ?? "").origin },
  });
  expect(answer.status()).toBe(409);
  expect(((await answer.json()) as { error: string }).error).toBe("That message is not due yet: it goes at the time shown, as planned.");
  // Its time is kept: the refused retry changed nothing.
  const after = await withStore(E2E_DATA_DIR, async (store) => (await store.outbox()).find((m) => m.id === message!.id));
  expect(after).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: message!.nextAttemptAt });
});

test("the outbox names each kind of message it lists: kids' trials, instant answers, a missed intro's offer", async ({
  page,
  context,
  baseURL,
}) => {
  const id = newReference("contact");
  // Due in five days: listed as scheduled, and the server does not send them meanwhile.
  const due = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const kinds = {
    "trial-confirmation": "Kids' trial confirmation",
    "trial-reminder": "Kids' trial reminder",
    "trial-cancellation": "Kids' trial cancellation",
    "instant-answer": "Instant answer",
    "no-show-offer": "Missed intro: new time offer",
  };
  await withStore(E2E_DATA_DIR, (store) =>
    store.insert({
      id,
      form: "contact",
      createdAt: new Date(),
      payload: { name: "Kai Lane", email: `${id.toLowerCase()}@example.com`, phone: "", message: "Hi" },
      spam: null,
      notify: false,
    }),
  );
  const db = new Database(path.join(E2E_DATA_DIR, "submissions.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data) VALUES (?, ?, 'pending', 0, ?, ?, NULL)",
    );
    for (const kind of Object.keys(kinds)) insert.run(id, kind, due, new Date().toISOString());
  } finally {
    db.close();
  }
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");
  await gotoReady(page, "/staff/outbox/");
  const mine = page.getByRole("listitem").filter({ hasText: id });
  await expect(mine).toHaveCount(Object.keys(kinds).length);
  for (const label of Object.values(kinds)) await expect(mine.filter({ hasText: label })).toContainText("Scheduled");
});

/** A member's sign-up with health information and their confirmed request to withdraw consent; the references. */
async function confirmedRequest(): Promise<{ email: string; signup: string; request: string }> {
  const tag = randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase();
  const email = `member-${tag.toLowerCase()}@example.com`;
  const [signup, request] = [`S-${tag}`, `P-${tag}`];
  await withStore(E2E_DATA_DIR, async (store) => {
    const createdAt = new Date();
    await store.insert({
      id: signup,
      form: "signup",
      createdAt,
      payload: {
        plan: "unlimited",
        startDate: "2027-01-04",
        firstName: "Robin",
        lastName: "Hale",
        email,
        healthInfo: "Left knee meniscus repair",
        healthConsent: true,
      },
      spam: null,
      notify: false,
    });
    await store.insert({
      id: request,
      form: "privacy-request",
      createdAt,
      payload: { name: "Robin Hale", email, request: "withdraw-consent", details: "Please stop keeping my knee notes." },
      spam: null,
      notify: false,
    });
    // The owner checked in person that it is Robin's (the link's own flow: privacyConfirm.spec.ts).
    expect(await store.verifyRequest(request, "in-person", createdAt, { notify: false })).toMatchObject({ state: "verified" });
  });
  return { email, signup, request };
}

test("the owner withdraws consent and marks the request answered: the screen, the store and the audit log agree", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, signup, request } = await confirmedRequest();
  const owner = `owner-${randomUUID().slice(0, 6)}@example.com`;
  await signInContext(context, baseURL!, E2E_DATA_DIR, owner, "owner");
  await gotoReady(page, "/staff/privacy/");
  const item = page.getByRole("listitem").filter({ hasText: request });
  await expect(item).toContainText(`health information in ${signup}`);
  await expect(item).toContainText("Confirmed");
  await expectNoAxeViolations(page, "the privacy screen with a confirmed request");

  await item.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(page.getByRole("status")).toHaveText(`Removed the health information from ${signup}.`);
  // The request stays open, both submissions still held, the sign-up without health information.
  await expect(item).toContainText("2 submissions"); // the sign-up and the request itself
  await expect(item).not.toContainText("health information in");
  await expect(item.getByRole("button", { name: "Withdraw consent" })).toHaveCount(0);
  await withStore(E2E_DATA_DIR, async (store) => {
    const held = await store.get(signup);
    expect(held?.payload).toMatchObject({ email, firstName: "Robin" });
    expect(held?.payload).not.toHaveProperty("healthInfo");
    expect(JSON.stringify(held)).not.toContain("meniscus");
  });

  await item.getByRole("button", { name: "Mark answered" }).click();
  await expect(page.getByRole("status")).toHaveText(`Marked ${request} answered.`);
  await expect(page.getByRole("listitem").filter({ hasText: request })).toHaveCount(0);
  await expectNoAxeViolations(page, "the privacy screen after marking a request answered");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Privacy requests", level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: request })).toHaveCount(0);

  await withStore(E2E_DATA_DIR, async (store) => {
    const state = (await store.leadStates([request])).get(request);
    expect(state?.answeredAt).toBeInstanceOf(Date);
    expect(state?.updatedBy).toBe(owner);
    const log = (await store.auditLog(1000)).filter((entry) => entry.actor === owner);
    expect(log.map(({ action, target }) => ({ action, target }))).toEqual(
      expect.arrayContaining([
        { action: "privacy.withdraw", target: signup },
        { action: "privacy.answered", target: request },
      ]),
    );
    // The log names references only, never the member.
    expect(JSON.stringify(log)).not.toMatch(/robin|hale|member-/i);
  });
});

test("the API: only the owner, only from the site, and a request that names nothing is refused by name", async ({ browser, baseURL }) => {
  const { request } = await confirmedRequest();
  const post = (who: BrowserContext, data: Record<string, string>, origin = baseURL!) =>
    who.request.post("/api/staff/privacy", { headers: { Origin: origin }, data });

  const coach = await browser.newContext({ baseURL });
  await signInContext(coach, baseURL!, E2E_DATA_DIR, `coach-${randomUUID().slice(0, 6)}@example.com`, "coach");
  for (const action of ["withdraw", "answered"]) {
    const answer = await post(coach, { action, request });
    expect(answer.status(), `a coach's ${action}`).toBe(403);
  }
  await coach.close();

  const owner = await browser.newContext({ baseURL });
  await signInContext(owner, baseURL!, E2E_DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner");
  expect((await post(owner, { action: "answered", request }, "https://elsewhere.example")).status(), "another origin").toBe(403);
  const unknown = await post(owner, { action: "answered", request: "P-0000000000" });
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: string }).error).toContain("P-0000000000");
  const vague = await post(owner, { action: "forget", request });
  expect(vague.status()).toBe(400);
  expect(await vague.json()).toEqual({ error: 'Say "delete", "withdraw" or "answered".' });
  await withStore(E2E_DATA_DIR, async (store) => expect((await store.leadStates([request])).get(request)?.answeredAt ?? null).toBeNull());

  // The owner's own call marks it answered; a second withdrawal finds no health information left to remove.
  expect((await post(owner, { action: "withdraw", request })).status()).toBe(200);
  const again = await post(owner, { action: "withdraw", request });
  expect(again.status()).toBe(422);
  expect(await again.json()).toEqual({ error: "No sign-up of this address holds health information." });
  expect((await post(owner, { action: "answered", request })).status()).toBe(200);
  await withStore(E2E_DATA_DIR, async (store) => expect((await store.leadStates([request])).get(request)?.answeredAt).toBeInstanceOf(Date));
  await owner.close();
});

test("someone who only texted: the owner downloads what is kept and deletes them by reference", async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  // A number that is nobody's texts the gym: a person with no form and no address.
  const phone = `+1253555${String(Date.now() % 10_000).padStart(4, "0")}`;
  const sid = () => `SM${randomUUID().replaceAll("-", "")}`;
  const person = await withStore(E2E_DATA_DIR, async (store) => {
    const received = await store.receiveText({ phone, body: "Please delete my number and my texts.", sid: sid() }, site, new Date());
    if (received.duplicate || !received.personId) throw new Error("the text made no person");
    return received.personId;
  });
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");
  await gotoReady(page, "/staff/privacy/");
  await expect(page.getByRole("heading", { level: 2, name: "Someone who only texted" })).toBeVisible();
  const reference = page.getByLabel("Person's reference");
  // Typed wrong, as long as a reference: said so, without waiting for more.
  await reference.fill("N-0000-00000");
  await expect(reference).toHaveAccessibleDescription("A person's reference looks like N-7K3M9QX2PA: N, a dash and ten letters or digits.");
  // A reference nobody has is said at once, with nothing offered to download or delete.
  await reference.fill("N-0000000000");
  await expect(page.getByText("No person has the reference N-0000000000.")).toBeVisible();
  await expect(reference).toHaveAccessibleDescription("No person has the reference N-0000000000.");
  await expect(page.getByRole("link", { name: "Download what is kept" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete this person…" })).toHaveCount(0);
  await expectCleanAtBothWidths(page, "the privacy screen with a reference nobody has");
  // Lower case, as a phone's keyboard may type it: the screen reads it as the reference, and says whose texts they are.
  await reference.fill(person.toLowerCase());
  await expect(reference).toHaveAccessibleDescription(new RegExp(`^${person}: 1 text with the number ending …${phone.slice(-4)}, on `));
  await expectCleanAtBothWidths(page, "the privacy screen with a person's reference");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download what is kept" }).click();
  const exported = JSON.parse(fs.readFileSync(await (await download).path(), "utf8")) as Record<string, unknown>;
  expect(JSON.stringify(exported)).toContain("Please delete my number and my texts.");

  await page.getByRole("button", { name: "Delete this person…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this person?" });
  const typed = dialog.getByLabel(/^Type .* to confirm$/);
  await expect(typed).toBeFocused();
  await expectNoAxeViolations(page, "the dialog deleting a person");
  await typed.fill("N-0000000000");
  await dialog.getByRole("button", { name: "Delete this person" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The reference typed does not match the person's. Nothing was deleted.");
  expect(await withStore(E2E_DATA_DIR, (store) => store.personOf(person))).toBeTruthy();

  await typed.fill(person);
  await dialog.getByRole("button", { name: "Delete this person" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toHaveText(`Deleted ${person}: their texts, timeline and their numbers' consent to texts.`);
  // Nothing left to download: the reference leaves the field.
  await expect(page.getByLabel("Person's reference")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Download what is kept" })).toHaveCount(0);
  await withStore(E2E_DATA_DIR, async (store) => {
    expect(await store.personOf(person)).toBeFalsy();
    expect(await store.textsOfNumber(phone)).toEqual([]);
    const audit = await store.auditLog(50);
    expect(audit.filter((entry) => entry.target === person).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["privacy.export", "privacy.delete"]),
    );
  });
});
