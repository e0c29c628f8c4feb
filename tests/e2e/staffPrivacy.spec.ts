import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { privacy } from "../../src/server/content";
import { newReference } from "../../src/server/ids";
import { signInContext, withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { gotoReady } from "./support/page";

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

test("a privacy request from the public form is listed with its days left; its data downloads, and goes after the typed address", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `morgan.vale.${Date.now()}@example.com`;
  const reference = await sendPrivacyRequest(page, email);
  // Acted on only once confirmed: this server sends no mail, so the owner records a check made in person.
  await withStore(E2E_DATA_DIR, (store) => store.verifyRequest(reference, "in-person", new Date(), { notify: false }));
  await signInContext(context, baseURL ?? "", E2E_DATA_DIR, OWNER, "owner");

  await gotoReady(page, "/staff/privacy/");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy requests" })).toBeVisible();
  const request = page.getByRole("listitem").filter({ hasText: reference });
  await expect(request).toContainText(`${privacy.requestResponseDays} days left`);
  await expect(request).toContainText(email);
  await expectCleanAtBothWidths(page, "the privacy screen");

  const download = page.waitForEvent("download");
  await request.getByRole("link", { name: "Download everything (JSON)" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(fs.readFileSync(file, "utf8")) as {
    email: string;
    submissions: Array<{ reference: string; fields: unknown }>;
  };
  expect(exported.email).toBe(email);
  expect(exported.submissions).toEqual([
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
  expect(await withStore(E2E_DATA_DIR, (store) => store.findByEmail(email))).toHaveLength(1);

  await typed.fill(email);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toHaveText("Deleted 1 submission and everything kept with them.");
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  const log = page.getByRole("list", { name: "Deletion log" });
  await expect(log.getByRole("listitem").filter({ hasText: reference })).toContainText(`privacy-request`);
  await expect(log.getByRole("listitem").filter({ hasText: reference })).toContainText(`by ${reference}`);
  expect(await withStore(E2E_DATA_DIR, (store) => store.findByEmail(email))).toEqual([]);
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
