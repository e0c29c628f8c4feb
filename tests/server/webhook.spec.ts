import path from "node:path";
import { expect, test } from "@playwright/test";
import type { WebhookBody } from "../../src/server/outbox/webhook";
import { startProductionServer } from "../support/servers";
import { RECEIVER_KEY, signatureValid, startWebhookReceiver } from "../support/webhookReceiver";
import { openSqliteStore } from "../../src/server/app/store";

/**
 * The lead webhook in the production server (host/main.ts), as the gym would run it: a contact form
 * posted to the site reaches a receiver on loopback, signed, with no mail server set up at all.
 */
const SECRET = "whsec_server_spec_0123456789abcdef0123";
const contact = { name: "Ana Ruiz", email: "ana@example.com", interest: "kids", message: "Can my daughter try a class?", elapsedMs: 9000 };
const postContact = (url: string) =>
  fetch(`${url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(contact) });
const NO_MAIL = { SMTP_URL: "", STAFF_EMAIL: "" };

test("a contact form sent to the site arrives at the webhook's receiver once, signed", async () => {
  const receiver = await startWebhookReceiver();
  const server = await startProductionServer({ env: { ...NO_MAIL, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: SECRET } });
  try {
    const response = await postContact(server.url);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await receiver.waitFor(1);
    const [request] = receiver.received;
    expect(signatureValid(SECRET, request!.headers["x-signature"] as string, request!.body, new Date())).toBe(true);
    const body = JSON.parse(request!.body) as WebhookBody;
    expect(body).toMatchObject({
      event: "lead.created",
      lead: { reference: id, form: "contact", status: "new", fields: { name: "Ana Ruiz" } },
    });
    expect(request!.headers["x-delivery-id"]).toBe(body.id);
    // Nothing personal, and not the receiver's key, in the server's log.
    expect(server.output()).not.toMatch(new RegExp(`Ana|ana@|${RECEIVER_KEY}`));
  } finally {
    await server.stop();
    await receiver.stop();
  }
  expect(receiver.received).toHaveLength(1);
});

test("a wrong webhook setting is one log line at start; forms still work and queue no webhook", async () => {
  const server = await startProductionServer({
    env: { ...NO_MAIL, LEAD_WEBHOOK_URL: `http://hooks.example.com/in?key=${RECEIVER_KEY}`, LEAD_WEBHOOK_SECRET: SECRET },
  });
  try {
    expect((await postContact(server.url)).status).toBe(201);
    const lines = server.output().split("\n");
    expect(lines.filter((line) => line.includes("LEAD_WEBHOOK"))).toEqual([
      "Setting ignored: LEAD_WEBHOOK_URL must start with https:// (http:// only for localhost), not http://; the lead webhook is off",
    ]);
    expect(server.output()).not.toContain(RECEIVER_KEY);
    const store = openSqliteStore(path.join(server.dataDir, "submissions.sqlite"));
    try {
      expect(await store.list()).toHaveLength(1);
      expect((await store.outbox()).filter((message) => message.kind === "webhook")).toEqual([]);
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }
});
