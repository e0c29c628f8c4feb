import { expect, test } from "@playwright/test";
import type { WebhookBody } from "../../src/server/outbox/webhook";
import { freePort, startProductionServer, type RunningServer } from "../support/servers";
import { signInContext } from "../support/staff";
import { RECEIVER_KEY, signatureValid, startWebhookReceiver, type TestReceiver } from "../support/webhookReceiver";

/**
 * A status a staff member sets in the console reaches the gym's webhook receiver, on a production
 * server of its own with LEAD_WEBHOOK_URL set (the outbox's retries and refusals:
 * tests/unit/server/outbox/webhook.test.ts).
 */
const SECRET = "whsec_console_spec_0123456789abcdef01";
let receiver: TestReceiver;
let server: RunningServer;
let site: string;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const port = await freePort();
  // localhost, as the staff's __Host- cookie needs a secure context.
  site = `http://localhost:${port}`;
  server = await startProductionServer({
    port,
    env: { SMTP_URL: "", STAFF_EMAIL: "", SITE_URL: site, HOST: "localhost", LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
});

test("a lead marked contacted in the console reaches the receiver as lead.status, signed", async ({ page, context }) => {
  test.setTimeout(90_000);
  const sent = await fetch(`${site}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Ana Ruiz",
      email: "ana@example.com",
      interest: "kids",
      message: "Can my daughter try?",
      elapsedMs: 9000,
    }),
  });
  expect(sent.status).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  await receiver.waitFor(1);

  await signInContext(context, site, server.dataDir, "owner.hook@gym.example", "owner");
  await page.goto(`${site}/staff/lead/?id=${id}`);
  await page.getByLabel("Status").selectOption("contacted");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await receiver.waitFor(2);
  const request = receiver.received[1]!;
  expect(signatureValid(SECRET, request.headers["x-signature"] as string, request.body, new Date())).toBe(true);
  const body = JSON.parse(request.body) as WebhookBody;
  expect(body).toMatchObject({ event: "lead.status", lead: { reference: id, form: "contact", status: "contacted" } });
  expect(body.id).not.toBe((JSON.parse(receiver.received[0]!.body) as WebhookBody).id);
  expect(server.output()).not.toMatch(new RegExp(`Ana|ana@|${RECEIVER_KEY}`));
});
