import type { TwilioSettings } from "../../../src/server/config";
import { apiTarget, createTwilioSender, outcomeOfError } from "../../../src/server/texts/twilio";
import {
  HANG_UP,
  startTwilioApi,
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM,
  TEST_MESSAGING_SERVICE,
  type TwilioApiMock,
} from "../../support/twilioApi";

/**
 * The SMS client is Twilio's own SDK; every request it makes here goes (through TWILIO_API_URL) to the
 * tests' Twilio, which refuses anything Twilio's OpenAPI description does not allow, so a text that
 * passes here is one Twilio's API takes.
 */

const SITE = "https://www.crossfitgraham.com";
const TO = "+12535550199";

let api: TwilioApiMock;
// Prism reads Twilio's 2 MB description first: about a second alone, several on a busy machine.
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());
beforeEach(() => {
  api.requests.length = 0;
  api.messages.length = 0;
});

const settings = (overrides: Partial<TwilioSettings> = {}): TwilioSettings => ({
  accountSid: TEST_ACCOUNT_SID,
  authToken: TEST_AUTH_TOKEN,
  sender: { from: TEST_FROM },
  apiUrl: api.url,
  ...overrides,
});
const sender = (overrides: Partial<TwilioSettings> = {}, timeoutMs?: number) =>
  createTwilioSender(settings(overrides), { siteOrigin: SITE, timeoutMs });

describe("sending a text with Twilio's SDK", () => {
  test("from the gym's number, with delivery reports to /api/sms-status", async () => {
    const result = await sender().send({ to: TO, body: "Hi Sam, it's CrossFit Graham. A coach will call you by 9 am." });
    expect(result).toEqual({ outcome: "accepted", sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: "queued" });
    // The SDK's request passed the description and Twilio's rules: nothing was refused on the way.
    expect(api.requests).toEqual([expect.objectContaining({ method: "POST", status: 201 })]);
    expect(api.requests[0]?.refusedBy).toBeUndefined();
    expect(api.messages).toHaveLength(1);
    const [message] = api.messages;
    expect(message).toMatchObject({ to: TO, from: TEST_FROM, statusCallback: `${SITE}/api/sms-status` });
    expect(message?.messagingServiceSid).toBeUndefined();
    expect(message?.sid).toBe(result.outcome === "accepted" ? result.sid : "");
    // The first text loads the SDK: half a second alone, several seconds on a busy machine.
  }, 30_000);

  test("through a Messaging Service when TWILIO_FROM names one", async () => {
    const result = await sender({ sender: { messagingServiceSid: TEST_MESSAGING_SERVICE } }).send({
      to: TO,
      body: "Reminder: your intro is tomorrow at 6:00.",
    });
    expect(result.outcome).toBe("accepted");
    expect(api.messages[0]).toMatchObject({ messagingServiceSid: TEST_MESSAGING_SERVICE, from: undefined });
  });

  test("a text in UCS-2 and over several segments goes whole", async () => {
    const body = `${"See you Saturday 💪 ".repeat(10)}`;
    expect((await sender().send({ to: TO, body })).outcome).toBe("accepted");
    expect(api.messages[0]?.body).toBe(body);
  });

  test("the wrong auth token is refused for good, and the refusal names no secret", async () => {
    const result = await sender({ authToken: "f".repeat(32) }).send({ to: TO, body: "Hello" });
    expect(result).toEqual({
      outcome: "refused",
      httpStatus: 401,
      code: 20003,
      optedOut: false,
      reason: expect.stringContaining("TWILIO_AUTH_TOKEN"),
    });
    expect(JSON.stringify(result)).not.toContain("f".repeat(32));
    expect(api.messages).toEqual([]);
  });

  test("a person who texted STOP to Twilio (21610) is refused and marked opted out", async () => {
    api.refuseNext({ status: 400, code: 21610, message: `Attempt to send to unsubscribed recipient ${TO}` });
    const result = await sender().send({ to: TO, body: "Hello" });
    expect(result).toMatchObject({ outcome: "refused", code: 21610, optedOut: true });
    // Twilio's own words can quote the number; the reason the outbox logs never does.
    expect(JSON.stringify(result)).not.toContain(TO);
  });

  test.each([
    [429, 20429],
    [500, undefined],
    [503, undefined],
  ])("Twilio answering %s leaves the text to be tried again", async (status, code) => {
    api.refuseNext({ status, code });
    expect(await sender().send({ to: TO, body: "Hello" })).toMatchObject({ outcome: "unavailable" });
    expect(api.messages).toEqual([]);
  });

  test("no answer in time: Twilio may have taken the text, so it is not known", async () => {
    api.refuseNext(HANG_UP);
    const result = await sender({}, 500).send({ to: TO, body: "Hello" });
    expect(result).toMatchObject({ outcome: "unknown" });
    expect(api.requests).toHaveLength(1);
  });

  test("Twilio out of reach: nothing was sent, so it may be tried again", async () => {
    const gone = await startTwilioApi();
    const url = gone.url;
    await gone.stop();
    expect(await sender({ apiUrl: url }).send({ to: TO, body: "Hello" })).toMatchObject({
      outcome: "unavailable",
      reason: expect.stringContaining("ECONNREFUSED"),
    });
  });

  test.each([
    ["a number not in E.164", { to: "253-555-0199", body: "Hello" }],
    ["an empty text", { to: TO, body: "  " }],
    ["a text over 1,600 characters", { to: TO, body: "a".repeat(1601) }],
  ])("%s is refused before Twilio is asked", async (_, text) => {
    expect(await sender().send(text)).toMatchObject({ outcome: "refused", optedOut: false });
    expect(api.requests).toEqual([]);
  });
});

describe("TWILIO_API_URL", () => {
  const uri = `https://api.twilio.com/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json?PageSize=20`;

  test("unset, the SDK's requests go to Twilio as they are", () => {
    expect(apiTarget(uri, undefined)).toBe(uri);
  });

  test("set, each request goes to the same path and query there, under the URL's own path", () => {
    expect(apiTarget(uri, "http://127.0.0.1:4010")).toBe(
      `http://127.0.0.1:4010/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json?PageSize=20`,
    );
    expect(apiTarget(uri, "https://gateway.example/twilio")).toBe(
      `https://gateway.example/twilio/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json?PageSize=20`,
    );
  });
});

describe("an error that is not Twilio's answer", () => {
  const sdk = { RestException: class extends Error {} } as unknown as Parameters<typeof outcomeOfError>[1];

  test.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_TLS_CERT_ALTNAME_INVALID", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"])(
    "%s means nothing reached Twilio",
    (code) => {
      expect(outcomeOfError(Object.assign(new Error("x"), { code }), sdk).outcome).toBe("unavailable");
    },
  );

  test.each(["ECONNABORTED", "ECONNRESET", "ETIMEDOUT", undefined])("%s may have come after Twilio took the text", (code) => {
    expect(outcomeOfError(Object.assign(new Error("x"), { code }), sdk).outcome).toBe("unknown");
  });
});
