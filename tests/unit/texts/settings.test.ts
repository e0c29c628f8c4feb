import { readConfig, readTwilio } from "../../../src/server/config";
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, TEST_MESSAGING_SERVICE } from "../../support/twilioApi";

/**
 * Twilio's settings: all of them usable, or texting is off with one line in the log saying why; a
 * wrong setting never stops the forms, and the auth token is never repeated.
 */

const FULL = { TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID, TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN, TWILIO_FROM: TEST_FROM };
const problem = (env: NodeJS.ProcessEnv) => readTwilio(env).problem;

describe("TWILIO_* settings", () => {
  test("none set: texting is off, and nothing is wrong", () => {
    expect(readTwilio({})).toEqual({});
    expect(readConfig({ DATA_DIR: "/tmp/x" }).twilio).toBeUndefined();
  });

  test("a number in TWILIO_FROM sends from it, to Twilio itself", () => {
    expect(readTwilio(FULL)).toEqual({ twilio: { accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, sender: { from: TEST_FROM } } });
  });

  test("a Messaging Service SID in TWILIO_FROM sends through it", () => {
    expect(readTwilio({ ...FULL, TWILIO_FROM: ` ${TEST_MESSAGING_SERVICE} ` }).twilio?.sender).toEqual({
      messagingServiceSid: TEST_MESSAGING_SERVICE,
    });
  });

  test("TWILIO_API_URL sends the SDK's requests there, without a trailing slash", () => {
    expect(readTwilio({ ...FULL, TWILIO_API_URL: "http://127.0.0.1:4010/" }).twilio?.apiUrl).toBe("http://127.0.0.1:4010");
    expect(readTwilio({ ...FULL, TWILIO_API_URL: "https://gateway.example/twilio" }).twilio?.apiUrl).toBe("https://gateway.example/twilio");
  });

  test.each<[string, NodeJS.ProcessEnv, RegExp]>([
    [
      "one missing",
      { ...FULL, TWILIO_FROM: "" },
      /^TWILIO_FROM must be set with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; texting is off$/,
    ],
    ["two missing", { TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID }, /^TWILIO_AUTH_TOKEN and TWILIO_FROM must be set with TWILIO_ACCOUNT_SID/],
    ["only the API URL", { TWILIO_API_URL: "http://127.0.0.1:4010" }, /^TWILIO_API_URL is set but/],
    [
      "an account SID that is not one",
      { ...FULL, TWILIO_ACCOUNT_SID: "SK0123456789abcdef0123456789abcdef" },
      /TWILIO_ACCOUNT_SID must be AC and 32 hexadecimal/,
    ],
    ["a token with a line break", { ...FULL, TWILIO_AUTH_TOKEN: `${TEST_AUTH_TOKEN}\n` }, /TWILIO_AUTH_TOKEN must be the Auth Token/],
    ["a sender with punctuation", { ...FULL, TWILIO_FROM: "253-555-0100" }, /TWILIO_FROM must be .* not "253-555-0100"/],
    ["a sender SID that is not a Messaging Service", { ...FULL, TWILIO_FROM: "PN0123456789abcdef0123456789abcdef" }, /TWILIO_FROM must be/],
    ["an API URL that is not one", { ...FULL, TWILIO_API_URL: "gateway" }, /TWILIO_API_URL is not a URL/],
    ["plain http beyond this machine", { ...FULL, TWILIO_API_URL: "http://gateway.example" }, /must start with https:\/\//],
    [
      "credentials in the API URL",
      { ...FULL, TWILIO_API_URL: "https://user:pass@gateway.example" },
      /without a user name, password, query or fragment/,
    ],
    [
      "a query in the API URL",
      { ...FULL, TWILIO_API_URL: "https://gateway.example/?key=secret-key-1" },
      /without a user name, password, query or fragment/,
    ],
  ])("%s: texting is off, said in one line", (_, env, message) => {
    const { twilio, problem: line } = readTwilio(env);
    expect(twilio).toBeUndefined();
    expect(line).toMatch(message);
    expect(line).toMatch(/texting is off$/);
    expect(line).not.toContain(TEST_AUTH_TOKEN);
    expect(line).not.toContain("secret-key-1");
  });

  test("the wrong setting is among the server's problems, and every other setting still holds", () => {
    const config = readConfig({ ...FULL, TWILIO_FROM: "the gym", SMTP_URL: "smtp://mail.example:587", DATA_DIR: "/tmp/x" });
    expect(config.twilio).toBeUndefined();
    expect(config.smtpUrl).toBe("smtp://mail.example:587");
    expect(config.problems).toEqual([expect.stringMatching(/^TWILIO_FROM must be/)]);
  });

  test("a token is never in a problem, whichever setting is wrong", () => {
    for (const env of [
      { ...FULL, TWILIO_FROM: "x" },
      { ...FULL, TWILIO_ACCOUNT_SID: "x" },
      { ...FULL, TWILIO_API_URL: "ftp://x" },
    ])
      expect(problem(env)).not.toContain(TEST_AUTH_TOKEN);
  });
});
