import { readConfig, readStripeWebhookSecret } from "../../../../src/server/config";
import { TEST_WEBHOOK_SECRET } from "../../../support/stripe";

/**
 * STRIPE_WEBHOOK_SECRET (src/server/config.ts): taken when it is a signing secret as Stripe shows one;
 * otherwise one log line at start that never repeats the value, and no secret, so every event is
 * refused with a 503 (signature.ts). Unset, it is a problem only where the content has payment links.
 */

const env = (value?: string) => (value === undefined ? {} : { STRIPE_WEBHOOK_SECRET: value }) as NodeJS.ProcessEnv;

test("a signing secret is taken, without the spaces or line break it was copied with", () => {
  expect(readStripeWebhookSecret(env(TEST_WEBHOOK_SECRET), true)).toEqual({ secret: TEST_WEBHOOK_SECRET });
  expect(readStripeWebhookSecret(env(` ${TEST_WEBHOOK_SECRET}\n`), true)).toEqual({ secret: TEST_WEBHOOK_SECRET });
  // The Stripe CLI's secret for `stripe listen` is longer, and as good.
  const cli = `whsec_${"0a1b2c3d".repeat(8)}`;
  expect(readConfig(env(cli), "https://gym.example", true)).toMatchObject({ stripeWebhookSecret: cli, problems: [] });
});

test("a value that is not a signing secret is one line naming the setting, never its value; no secret is kept", () => {
  for (const wrong of ["sk_live_51Hx9secretApiKey000000", "whsec_short", "whsec_has a space inside it", "pk_test_abc"]) {
    const { secret, problem } = readStripeWebhookSecret(env(wrong), false);
    expect(secret).toBeUndefined();
    expect(problem).toBe(
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret from Stripe's dashboard, starting with whsec_: no payment can be recorded until it is (Stripe sends each event again for three days)",
    );
    expect(problem).not.toContain(wrong);
    const config = readConfig(env(wrong), "https://gym.example", false);
    expect(config.stripeWebhookSecret).toBeUndefined();
    expect(config.problems).toEqual([problem]);
  }
});

test("unset, it is a problem only where content/rates.json has payment links", () => {
  expect(readConfig(env(), "https://gym.example", false)).toMatchObject({ stripeWebhookSecret: undefined, problems: [] });
  expect(readConfig(env(""), "https://gym.example", false).problems).toEqual([]);
  expect(readConfig(env(), "https://gym.example", true).problems).toEqual([
    "STRIPE_WEBHOOK_SECRET is not set, but content/rates.json has payment links: no payment can be recorded until it is (Stripe sends each event again for three days)",
  ]);
  // The sample content has no links yet: a server started without the setting logs nothing about it.
  expect(readConfig(env()).problems).toEqual([]);
});
