import { expect, test } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../support/twilioApi";
import { incomingText, postAsTwilio } from "../support/twilioWebhooks";

/**
 * Texts on the production server (host/main.ts over the built site), with a real SMTP server on loopback
 * and the local Twilio that holds each request to Twilio's published API description
 * (tests/support/twilioApi.ts):
 * - a contact form that ticked the box is answered by text and by e-mail within a minute; one that did
 *   not, by e-mail only;
 * - the host routes Twilio's webhook (/api/sms): a signed HELP is answered; an unsigned text is refused
 *   and answered by nothing; STOP ends texts and is confirmed once.
 * The server's clock is set to a Tuesday noon at the gym, inside the hours automated texts keep (8 am to
 * 8 pm), so the answer is not held for the morning. How long the answers take over 100 forms is
 * `npm run bench:instant-answer`.
 */

const json = { "Content-Type": "application/json" };
const SITE_URL = "https://gym.example";
const NOON_AT_THE_GYM = "2026-12-01T20:00:00.000Z";

let smtp: TestSmtp;
let twilio: TwilioApiMock;
let server: RunningServer;
test.beforeAll(async () => {
  [smtp, twilio] = await Promise.all([startTestSmtp(), startTwilioApi()]);
  server = await startProductionServer({
    env: {
      NODE_ENV: "test",
      TEST_SERVER_TIME: NOON_AT_THE_GYM,
      SMTP_URL: smtp.url,
      STAFF_EMAIL: "coaches@gym.example",
      MAIL_FROM: "Website forms <forms@gym.example>",
      SITE_URL,
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      TWILIO_FROM: TEST_FROM,
      TWILIO_API_URL: twilio.url,
      FORM_RATE_LIMIT_PER_MINUTE: "1000",
      FORM_CEILING_PER_MINUTE: "1000",
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.stop(), twilio?.stop()]);
});

async function contact(email: string, phone: string, textConsent: boolean): Promise<void> {
  const body = {
    name: "Ana Ruiz",
    email,
    phone,
    textConsent,
    interest: "membership",
    message: "Do you have evening classes?",
    elapsedMs: 9000,
  };
  const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: json, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
}

/** Waits (every 5 ms, a minute at most) until `found` holds; how long it took from `started`. */
async function within(started: number, what: string, found: () => boolean): Promise<number> {
  while (!found()) {
    if (performance.now() - started > 60_000) throw new Error(`${what} did not come within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

const textsTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);
const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

test("a form with the box ticked is answered by text and e-mail within a minute; one without, by e-mail only", async () => {
  const started = performance.now();
  await contact("nobox@example.com", "(253) 555-0161", false);
  await contact("box@example.com", "(253) 555-0162", true);
  const texted = await within(started, "the text", () => textsTo("+12535550162").length > 0);
  const mailed = await within(
    started,
    "the e-mail",
    () => mailsTo("box@example.com").length > 0 && mailsTo("nobox@example.com").length > 0,
  );
  expect(texted).toBeLessThan(60_000);
  expect(mailed).toBeLessThan(60_000);

  const [text] = textsTo("+12535550162");
  expect(text?.from).toBe(TEST_FROM);
  expect(text?.body).toMatch(/^CrossFit Graham/);
  expect(text?.statusCallback).toBe(`${SITE_URL}/api/sms-status`);
  // Both forms went into the outbox together, the one without the box first: its text, had one been
  // queued, would have been sent before the other's.
  expect(textsTo("+12535550161")).toEqual([]);
  expect(twilio.requests.every((request) => request.status === 201)).toBe(true);
});

test("the host takes Twilio's webhook: HELP answered, an unsigned text refused, STOP confirmed once", async () => {
  const gym = TEST_FROM;
  const ana = "+12535550163";
  const signedUrl = `${SITE_URL}/api/sms`;
  const target = `${server.url}/api/sms`;

  const unsigned = await postAsTwilio(target, signedUrl, incomingText({ from: ana, to: gym, body: "HELP" }), { signature: null });
  expect(unsigned.status).toBe(403);
  const forged = await postAsTwilio(target, signedUrl, incomingText({ from: ana, to: gym, body: "HELP" }), { authToken: "0".repeat(32) });
  expect(forged.status).toBe(403);

  const help = await postAsTwilio(target, signedUrl, incomingText({ from: ana, to: gym, body: "help" }));
  expect(help.status).toBe(200);
  await within(performance.now(), "the HELP answer", () => textsTo(ana).length > 0);
  expect(textsTo(ana)[0]?.body).toMatch(/^CrossFit Graham: texts about your enquiry\. Call us at .+ Reply STOP to end\.$/);

  const stop = incomingText({ from: ana, to: gym, body: "STOP" });
  expect((await postAsTwilio(target, signedUrl, stop)).status).toBe(200);
  // Twilio posts again when it heard nothing: the same MessageSid is one text, confirmed once.
  expect((await postAsTwilio(target, signedUrl, stop)).status).toBe(200);
  await within(performance.now(), "STOP's confirmation", () => textsTo(ana).length >= 2);
  expect(textsTo(ana)[1]?.body).toBe("CrossFit Graham: you will get no more texts from us. Reply START to have them again.");

  // A second STOP, a new text, changes nothing and is not confirmed again. Another number's HELP after
  // it is answered, and the outbox sends oldest first: once that answer is in, a second confirmation
  // (and an answer to either refused post above) would be too.
  expect((await postAsTwilio(target, signedUrl, incomingText({ from: ana, to: gym, body: "stop" }))).status).toBe(200);
  const bea = "+12535550164";
  expect((await postAsTwilio(target, signedUrl, incomingText({ from: bea, to: gym, body: "HELP" }))).status).toBe(200);
  await within(performance.now(), "the other number's HELP answer", () => textsTo(bea).length > 0);
  expect(textsTo(ana)).toHaveLength(2);
  expect(server.output()).not.toContain("555-0163");
  expect(server.output()).not.toContain("5550163");
});
