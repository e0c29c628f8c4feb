import { formParams, signedByTwilio, type SignedRequest } from "../../../src/server/texts/signature";
import { TEST_AUTH_TOKEN, TEST_FROM } from "../../support/twilioApi";
import { deliveryReport, incomingText, twilioSignature } from "../../support/twilioWebhooks";

/**
 * Only Twilio may tell the site that a text came in or how one went: each request is signed with the
 * account's auth token over the address Twilio was given and the fields. Signed here with the SDK's
 * own helper, as Twilio signs; checked with the SDK's validateRequest.
 */

const SITE = "https://www.crossfitgraham.com";
const text = incomingText({ from: "+12535550199", to: TEST_FROM, body: "Can I bring a friend on Saturday? 🙂 Thanks & see you" });
/** The body as Twilio posts it, read back the way the route will read it. */
const posted = (fields: Record<string, string>) => formParams(new URLSearchParams(fields).toString());

const request = (overrides: Partial<SignedRequest> = {}): SignedRequest => ({
  authToken: TEST_AUTH_TOKEN,
  siteOrigin: SITE,
  target: "/api/sms",
  params: posted(text),
  signature: twilioSignature(`${SITE}/api/sms`, text),
  ...overrides,
});

describe("a request signed by Twilio", () => {
  test("an incoming text, signed for SITE_URL and /api/sms, is Twilio's", () => {
    expect(signedByTwilio(request())).toBe(true);
  });

  test("a delivery report, signed for /api/sms-status, is Twilio's", () => {
    const report = deliveryReport({ sid: `SM${"a".repeat(32)}`, to: "+12535550199", from: TEST_FROM }, "undelivered", 30007);
    const signature = twilioSignature(`${SITE}/api/sms-status`, report);
    expect(signedByTwilio(request({ target: "/api/sms-status", params: posted(report), signature }))).toBe(true);
  });

  test("a field named more than once is signed with each of its values", () => {
    const fields = new URLSearchParams([
      ...Object.entries(text),
      ["MediaUrl0", "https://api.twilio.com/media/1"],
      ["MediaUrl0", "https://api.twilio.com/media/2"],
    ]);
    const params = formParams(fields.toString());
    expect(params.MediaUrl0).toEqual(["https://api.twilio.com/media/1", "https://api.twilio.com/media/2"]);
    const signature = twilioSignature(`${SITE}/api/sms`, params as Record<string, string>);
    expect(signedByTwilio(request({ params, signature }))).toBe(true);
  });
});

describe("a request not signed by Twilio is refused", () => {
  test.each<[string, Partial<SignedRequest>]>([
    ["without the header", { signature: undefined }],
    ["with an empty header", { signature: "" }],
    ["with the header twice", { signature: [twilioSignature(`${SITE}/api/sms`, text), twilioSignature(`${SITE}/api/sms`, text)] }],
    ["signed with another auth token", { signature: twilioSignature(`${SITE}/api/sms`, text, "0".repeat(32)) }],
    ["signed for another address", { signature: twilioSignature("https://attacker.example/api/sms", text) }],
    ["signed for the other webhook", { signature: twilioSignature(`${SITE}/api/sms-status`, text) }],
    ["sent to another path than it was signed for", { target: "/api/sms-status" }],
    ["with a field changed", { params: posted({ ...text, Body: "STOP" }) }],
    ["with a field added", { params: posted({ ...text, Extra: "1" }) }],
    ["with a field removed", { params: posted(Object.fromEntries(Object.entries(text).filter(([name]) => name !== "FromCity"))) }],
    ["with a signature of the right length but wrong", { signature: "A".repeat(28) }],
    ["with a target that is not a path", { target: "api/sms" }],
    ["with a target naming another host", { target: "//attacker.example/api/sms" }],
  ])("%s", (_, overrides) => {
    expect(signedByTwilio(request(overrides))).toBe(false);
  });

  test("when SITE_URL's origin is not the one Twilio was given", () => {
    expect(signedByTwilio(request({ siteOrigin: "https://staging.crossfitgraham.com" }))).toBe(false);
  });
});

describe("formParams", () => {
  test("reads a urlencoded body as Twilio sent it, + as a space and every character decoded", () => {
    expect(formParams("Body=See+you+at+6%3A00+%F0%9F%92%AA&To=%2B12535550100")).toEqual({ Body: "See you at 6:00 💪", To: "+12535550100" });
  });

  test("a field named __proto__ is a field like any other", () => {
    const params = formParams("__proto__=x&Body=hi");
    expect(Object.keys(params)).toEqual(["__proto__", "Body"]);
    expect(params.__proto__).toBe("x");
  });
});
