import fs from "node:fs";
import { expect, test } from "@playwright/test";
import type { Rates } from "../../src/content/schemas";
import { addDays } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { freePort, startProductionServer, type RunningServer } from "../support/servers";
import { signInContext } from "../support/staff";
import { checkoutSession, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../support/stripe";
import { gotoReady } from "./support/page";
import { expectScreenSound } from "./support/staff";
import { newVisitor, postContact } from "./support/visitor";

/**
 * A sign-up paid through Stripe, as staff see it on a phone: a visitor who wrote to the gym signs up on
 * the site, Stripe's signed checkout.session.completed for the sign-up's reference reaches /api/stripe
 * (twice, as Stripe retries), and the person's page shows the payment once, with its amount, by Stripe,
 * and the person Joined. On a production server of its own: the build-day site has no webhook secret;
 * this one has it and the build's clock, since the sign-up's start date is checked against today.
 */

test.use({ viewport: { width: 390, height: 844 } });

const rates = JSON.parse(fs.readFileSync("content/rates.json", "utf8")) as Rates;
const plan = rates.plans.find((candidate) => candidate.id === "three-per-week")!;

let server: RunningServer;
let site: string;

test.beforeAll(async () => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = await startProductionServer({
    port,
    env: { ...BUILD_DAY_SERVER_ENV, HOST: "localhost", SITE_URL: site, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A field by the start of its label: the label's text, then "(required)", "(optional)" or a hint. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);

const stripePost = ({ body, signature }: { body: Buffer; signature: string }) =>
  fetch(`${site}/api/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: new Uint8Array(body),
  });

test("a paid sign-up is on its person's timeline once, with its amount, by Stripe, and the person is Joined", async ({ page, context }) => {
  test.setTimeout(90_000);
  const who = newVisitor("Payer");
  const [firstName, lastName] = who.name.split(" ") as [string, string];
  // The visitor wrote first: the person whose timeline the payment joins (a sign-up alone makes none).
  const contact = await postContact(site, { name: who.name, email: who.email, phone: who.phone });

  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, `${site}/membership/signup/?plan=${plan.id}`);
  await expect(page.getByRole("combobox", { name: label("Plan") })).toHaveValue(plan.id);
  await page.getByLabel(label("Start date")).fill(addDays(BUILD_DAY, 3));
  await page.getByLabel(label("Member's first name")).fill(firstName);
  await page.getByLabel(label("Member's last name")).fill(lastName);
  await page.getByLabel(label("Member's date of birth")).fill("1991-04-12");
  await page.getByLabel(label("Email")).fill(who.email);
  await page.getByLabel(label("Phone")).fill(who.phone);
  await page.getByLabel(label("Emergency contact's name")).fill("Kim Lee");
  await page.getByLabel(label("Emergency contact's phone")).fill("253-555-0143");
  await page.getByLabel(label("I have read the waiver and accept it")).check();
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Sign up" }).click();
  const success = page.getByTestId("form-success");
  await expect(success).toContainText("Welcome to the gym!");
  const reference = (await success.locator("span").last().textContent()) ?? "";
  expect(reference).toMatch(/^S-[0-9A-Z]{10}$/);

  // The visitor pays by the "Pay now" link; Stripe sends the completed checkout, then the same event again.
  const event = stripeEvent(
    "checkout.session.completed",
    checkoutSession({
      client_reference_id: reference,
      amount_subtotal: plan.price * 100,
      amount_total: plan.price * 100,
      customer_details: { ...checkoutSession().customer_details, email: who.email, name: who.name },
    }),
  );
  const first = await stripePost(signed(event));
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ received: true, recorded: true, duplicate: false });
  const again = await stripePost(signed(event));
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ received: true, recorded: false, duplicate: true });

  await signInContext(context, site, server.dataDir, `owner-${who.email}`, "owner", nowOnBuildDay());
  await gotoReady(page, `${site}/staff/lead/?id=${contact}`);
  await expect(page.getByRole("heading", { level: 1, name: who.name })).toBeVisible();
  const timeline = page.locator("ol").last();
  const payments = timeline.getByRole("listitem").filter({ hasText: /^(Paid|Bank payment|Refunded)/ });
  await expect(payments).toHaveCount(1);
  await expect(payments.locator("p").first()).toHaveText(`Paid $${plan.price}.00 for the ${plan.name} sign-up (Stripe test mode)`);
  await expect(payments.locator("p").last()).toContainText(/^Stripe, /);
  await expect(timeline.getByRole("listitem").filter({ hasText: /^Status: Joined/ })).toContainText("Stripe, ");
  await expect(page.getByLabel("Status")).toHaveValue("joined");
  await expect(page.locator("main")).toContainText("Joined");
  await expectScreenSound(page, "the paid person", [390, 1440]);
});
