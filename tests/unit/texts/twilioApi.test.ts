import {
  startTwilioApi,
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM,
  TEST_MESSAGING_SERVICE,
  type TwilioApiMock,
} from "../../support/twilioApi";

/**
 * The tests' Twilio is only worth something if it refuses what Twilio's published description of its
 * API does not allow: a stub that accepts anything would let a wrong request pass every test and fail
 * against Twilio. Each request below is sent as raw HTTP, as no SDK would send it.
 */

const MESSAGES = `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`;
const basic = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
const GOOD = {
  To: "+12535550199",
  From: TEST_FROM,
  Body: "See you at 6:00.",
  StatusCallback: "https://www.crossfitgraham.com/api/sms-status",
};

interface Sent {
  status: number;
  body: Record<string, unknown>;
}

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

async function send(
  fields: Record<string, string>,
  { path = MESSAGES, method = "POST", authorization = basic(TEST_ACCOUNT_SID, TEST_AUTH_TOKEN) as string | null, json = false } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded" };
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers,
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const without = (name: keyof typeof GOOD) => Object.fromEntries(Object.entries(GOOD).filter(([key]) => key !== name));

describe("the tests' Twilio API", () => {
  test("answers a valid new message as the description's example does, with its own sid", async () => {
    const { status, body } = await send(GOOD);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: "queued",
      to: GOOD.To,
      from: TEST_FROM,
      body: GOOD.Body,
      account_sid: TEST_ACCOUNT_SID,
      num_segments: "1",
    });
    expect(body.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(api.messages).toEqual([
      expect.objectContaining({ sid: body.sid, to: GOOD.To, body: GOOD.Body, statusCallback: GOOD.StatusCallback }),
    ]);
    // A second message is another message.
    const second = await send(GOOD);
    expect(second.body.sid).not.toBe(body.sid);
  });

  test("takes a Messaging Service in place of a From number", async () => {
    const { status, body } = await send({ ...without("From"), MessagingServiceSid: TEST_MESSAGING_SERVICE });
    expect(status).toBe(201);
    expect(body).toMatchObject({ messaging_service_sid: TEST_MESSAGING_SERVICE, from: null });
  });

  // What Twilio's OpenAPI description refuses, as Prism reads it.
  test.each<[string, Record<string, string>, Parameters<typeof send>[1], number, RegExp]>([
    ["a path the API does not have", GOOD, { path: `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Message.json` }, 404, /Route not resolved/],
    ["a method the path does not take", GOOD, { method: "PUT" }, 405, /no method matched/],
    ["a JSON body", GOOD, { json: true }, 415, /Invalid content type/],
    ["no credentials", GOOD, { authorization: null }, 401, /security/i],
    ["no To", without("To"), {}, 422, /To/],
    ["an account SID of the wrong shape", GOOD, { path: "/2010-04-01/Accounts/AC123/Messages.json" }, 422, /accountsid|pattern|length/i],
    ["a Messaging Service SID of the wrong shape", { ...without("From"), MessagingServiceSid: "MG123" }, {}, 422, /MessagingServiceSid/],
    ["a field of the wrong type", { ...GOOD, ValidityPeriod: "a while" }, {}, 422, /ValidityPeriod must be integer/],
    ["a status callback that is not a URL", { ...GOOD, StatusCallback: "not a url" }, {}, 422, /StatusCallback/],
  ])("refuses %s, as the description does", async (_, fields, options, status, problem) => {
    const answer = await send(fields, options);
    expect(answer.status).toBe(status);
    expect(api.requests).toEqual([expect.objectContaining({ status, refusedBy: "description" })]);
    expect(api.requests[0]?.problem).toMatch(problem);
    expect(api.messages).toEqual([]);
  });

  // What the description says in words, refused with Twilio's own codes.
  test.each<[string, Record<string, string>, Parameters<typeof send>[1], number, number]>([
    ["another account's auth token", GOOD, { authorization: basic(TEST_ACCOUNT_SID, "0".repeat(32)) }, 401, 20003],
    ["another account's path", GOOD, { path: `/2010-04-01/Accounts/AC${"1".repeat(32)}/Messages.json` }, 401, 20003],
    ["a To that is not E.164", { ...GOOD, To: "253-555-0199" }, {}, 400, 21211],
    ["neither From nor MessagingServiceSid", without("From"), {}, 400, 21603],
    ["a From that is not a phone number", { ...GOOD, From: "the gym" }, {}, 400, 21212],
    ["no Body", without("Body"), {}, 400, 21602],
    ["a Body over 1,600 characters", { ...GOOD, Body: "a".repeat(1601) }, {}, 400, 21617],
  ])("refuses %s, as Twilio does", async (_, fields, options, status, code) => {
    const answer = await send(fields, options);
    expect(answer).toEqual({ status, body: expect.objectContaining({ status, code }) });
    expect(api.requests).toEqual([expect.objectContaining({ status, refusedBy: "twilio" })]);
    expect(api.messages).toEqual([]);
  });

  test("answers a valid request with a test's error in Twilio's place, then accepts again", async () => {
    api.refuseNext({ status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" });
    expect(await send(GOOD)).toEqual({ status: 400, body: expect.objectContaining({ code: 21610 }) });
    expect((await send(GOOD)).status).toBe(201);
    expect(api.messages).toHaveLength(1);
  });

  test("a malformed request is refused even when a test's error is waiting", async () => {
    api.refuseNext({ status: 500 });
    expect((await send(without("To"))).status).toBe(422);
    expect((await send(GOOD)).status).toBe(500);
  });
});
