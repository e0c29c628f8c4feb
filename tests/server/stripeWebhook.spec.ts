import path from "node:path";
import { expect, test } from "@playwright/test";
import { openSqliteStore } from "../../src/server/app/store";
import { startProductionServer, type RunningServer } from "../support/servers";
import { checkoutSession, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../support/stripe";

/**
 * POST /api/stripe on the production server over the build, with its own data: the body reaches the
 * signature check as the bytes Stripe signed (host/functions.ts), a signed event is recorded once and
 * changes the person, and anything wrongly signed or stale is a 400 that stores nothing.
 */

let server: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  server = await startProductionServer({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } });
});
test.afterAll(async () => {
  await server?.stop();
});

const stripePost = (body: Buffer, signature: string) =>
  fetch(`${server.url}/api/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: new Uint8Array(body),
  });

test("a paid sign-up's person is Joined once however often the event comes; a wrong or stale signature stores nothing", async () => {
  const sent = await fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ name: "Pat Payer", email: "pat@example.com", interest: "membership", message: "Hello", elapsedMs: 9000 }),
  });
  expect(sent.status).toBe(201);
  const { id: contactId } = (await sent.json()) as { id: string };
  const file = path.join(server.dataDir, "submissions.sqlite");
  // The sign-up as the form stores it (its own tests send it): the payment is what is tested here.
  const writer = openSqliteStore(file);
  await writer.insert({
    id: "S-PAT0000001",
    form: "signup",
    createdAt: new Date(),
    payload: { firstName: "Pat", lastName: "Payer", email: "pat@example.com", plan: "unlimited" },
    spam: null,
    notify: false,
  });
  await writer.close();
  const event = stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: "S-PAT0000001" }));

  const wrong = signed(event, { secret: "whsec_someoneElse00000000000000000000" });
  expect((await stripePost(wrong.body, wrong.signature)).status).toBe(400);
  const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
  const staleAnswer = await stripePost(stale.body, stale.signature);
  expect(staleAnswer.status).toBe(400);
  expect(((await staleAnswer.json()) as { error: string }).error).toContain("older than Stripe's tolerance");
  const reader = openSqliteStore(file);
  try {
    expect(await reader.paymentsOf({ references: ["S-PAT0000001"] })).toEqual([]);
    expect((await reader.personOf(contactId))?.state.status).toBe("new");
  } finally {
    await reader.close();
  }

  const good = signed(event);
  const first = await stripePost(good.body, good.signature);
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ received: true, recorded: true, duplicate: false });
  expect(await (await stripePost(good.body, good.signature)).json()).toEqual({ received: true, recorded: false, duplicate: true });

  const unknown = signed(stripeEvent("checkout.session.completed", checkoutSession({ client_reference_id: "S-NOBODY0001" })));
  expect((await stripePost(unknown.body, unknown.signature)).status).toBe(200);

  const store = openSqliteStore(file);
  try {
    expect((await store.paymentsOf({ references: ["S-PAT0000001"] })).map((payment) => payment.kind)).toEqual(["completed"]);
    expect((await store.personOf(contactId))?.state.status).toBe("joined");
    expect((await store.outbox()).filter((message) => message.kind === "payment-alert")).toHaveLength(1);
  } finally {
    await store.close();
  }
});
