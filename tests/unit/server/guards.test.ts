import { requestScheme } from "../../../src/server/http/clientAddress";
import { checkContentType, checkFormContentType, checkMethod, checkOrigin, MAX_DEPTH, unstorable } from "../../../src/server/http/guards";
import { newReference } from "../../../src/server/forms/ids";
import { readConfig, smtpUrlProblem } from "../../../src/server/config";
import { errorSummary } from "../../../src/server/log";

describe("request guards", () => {
  test("only POST", () => {
    expect(checkMethod("POST")).toBeNull();
    expect(checkMethod("GET")).toEqual({ status: 405, error: "Send the form with POST.", headers: { Allow: "POST" } });
  });

  test("only JSON; a visitor's form also takes what the browser posts itself", () => {
    expect(checkContentType({ "content-type": "application/json; charset=utf-8" })).toBeNull();
    expect(checkContentType({ "content-type": "application/x-www-form-urlencoded" })?.status).toBe(415);
    expect(checkFormContentType({ "content-type": "application/x-www-form-urlencoded" })).toBeNull();
    expect(checkFormContentType({ "content-type": "application/json" })).toBeNull();
    expect(checkFormContentType({ "content-type": "multipart/form-data; boundary=x" })?.status).toBe(415);
    expect(checkContentType({ "content-type": "text/plain" })?.status).toBe(415);
    expect(checkContentType({})?.status).toBe(415);
  });

  test("same origin only: scheme, host and port", () => {
    const host = { host: "localhost:9000" };
    expect(checkOrigin({ ...host, origin: "http://localhost:9000" }, undefined, "http")).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://www.gym.example" }, "https://www.gym.example", "http")).toBeNull();
    expect(checkOrigin({ ...host }, undefined, "http")).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://evil.example" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, origin: "null" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "cross-site" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "same-origin" }, undefined, "http")).toBeNull();
    // The same host on another scheme or port is another origin.
    expect(checkOrigin({ ...host, origin: "https://localhost:9000" }, undefined, "http")?.status).toBe(403);
    expect(checkOrigin({ ...host, origin: "http://localhost:9001" }, undefined, "http")?.status).toBe(403);
    const site = { host: "www.gym.example" };
    expect(checkOrigin({ ...site, origin: "http://www.gym.example" }, "https://www.gym.example", "https")?.status).toBe(403);
    expect(checkOrigin({ ...site, origin: "https://www.gym.example:8443" }, "https://www.gym.example", "https")?.status).toBe(403);
    expect(checkOrigin({ ...site, origin: "https://WWW.gym.example:443" }, "https://www.gym.example", "https")).toBeNull();
  });

  test("the request's scheme is believed only from a source the host vouches for", () => {
    const plain = { headers: { "x-forwarded-proto": "https" }, socket: { remoteAddress: "127.0.0.1" } };
    expect(requestScheme(plain, false)).toBe("http");
    expect(requestScheme(plain, true)).toBe("https");
    expect(requestScheme({ headers: {}, socket: { remoteAddress: "127.0.0.1", encrypted: true } as never }, false)).toBe("https");
    expect(requestScheme({ headers: {}, socket: null, netlifyFunctionParams: {} }, false)).toBe("https");
    expect(requestScheme({ headers: { "x-forwarded-proto": "http" }, socket: null, netlifyFunctionParams: {} }, false)).toBe("http");
  });
});

test("references are unambiguous and carry the form's letter", () => {
  const ids = new Set(Array.from({ length: 2000 }, () => newReference("signup")));
  expect(ids.size).toBe(2000);
  for (const id of ids) expect(id).toMatch(/^S-[0-9A-HJKMNP-TV-Z]{10}$/);
});

test("configuration from the environment", () => {
  expect(readConfig({ FORM_RATE_LIMIT_PER_MINUTE: "25", DATA_DIR: "/srv/gym" } as NodeJS.ProcessEnv)).toMatchObject({
    rateLimitPerMinute: 25,
    dataDir: "/srv/gym",
  });
  expect(readConfig({} as NodeJS.ProcessEnv).rateLimitPerMinute).toBe(10);
});

test("a wrong setting is one clear line and a safe fallback, never an error", () => {
  const config = readConfig({ FORM_RATE_LIMIT_PER_MINUTE: "ten", FORM_CEILING_PER_MINUTE: "0", TRUST_PROXY: "yes" } as NodeJS.ProcessEnv);
  expect(config).toMatchObject({ rateLimitPerMinute: 10, formCeilingPerMinute: 120, trustProxy: false });
  expect(config.problems).toEqual([
    'TRUST_PROXY must be 1 or 0, not "yes"; not trusting X-Forwarded-For',
    'FORM_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1, not "ten"; using 10',
    'FORM_CEILING_PER_MINUTE must be a whole number of at least 1, not "0"; using 120',
  ]);
});

test("SMTP_URL is checked before any mail is tried", () => {
  expect(smtpUrlProblem("smtps://forms%40gym.example:p%25ss@smtp.gym.example:465")).toBeNull();
  expect(smtpUrlProblem("smtp://user:50%off@smtp.gym.example:587")).toMatch(/bare "%".*%25/);
  expect(smtpUrlProblem("smtp.gym.example")).toMatch(/not a URL/);
  expect(smtpUrlProblem("https://smtp.gym.example")).toMatch(/smtp:\/\/ or smtps:\/\//);
  const config = readConfig({
    SMTP_URL: "smtp://user:50%off@smtp.gym.example:587",
    STAFF_EMAIL: "coaches@gym.example",
  } as NodeJS.ProcessEnv);
  expect(config.smtpProblem).toMatch(/bare "%"/);
  expect(config.problems).toHaveLength(1);
  expect(config.problems[0]).toMatch(/wait in the outbox/);
});

test("errors are logged without the data that caused them", () => {
  const pgError = Object.assign(new Error('invalid input syntax for type json: "ana@example.com"'), {
    code: "22P02",
    detail: "Token is invalid.",
    where: 'JSON data, line 1: {"name":"Ana Ruiz","email":"ana@example.com"',
  });
  const line = errorSummary(pgError);
  expect(line).toBe("Error [22P02]: invalid input syntax for type json: …");
  expect(line).not.toMatch(/Ana|ana@example/);
});

describe("unstorable", () => {
  test("finds a NUL or half a surrogate pair in any string of a JSON value, keys included, and nowhere else", () => {
    expect(unstorable({ note: "fine", list: ["a", { deep: "b\u0000" }] })).toBe("nul");
    expect(unstorable({ "k\u0000": 1 })).toBe("nul");
    expect(unstorable("\u0000")).toBe("nul");
    expect(unstorable({ note: "cut \ud83d" })).toBe("lone surrogate");
    expect(unstorable({ note: "\ude00 cut" })).toBe("lone surrogate");
    expect(unstorable({ note: "fine \ud83d\ude00", count: 3, none: null, list: ["a", { deep: "b" }] })).toBe(null);
  });

  test("says a value nested deeper than MAX_DEPTH is too deep, without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < MAX_DEPTH; i++) deep = [deep];
    expect(unstorable(deep)).toBe(null);
    expect(unstorable([deep])).toBe("too deep");
    for (let i = 0; i < 500_000; i++) deep = { a: deep };
    expect(unstorable(deep)).toBe("too deep");
  });
});
