import { checkContentType, checkMethod, checkOrigin, clientAddress } from "../../../src/server/guards";
import { newReference } from "../../../src/server/ids";
import { createRateLimiter } from "../../../src/server/rateLimit";
import { readConfig } from "../../../src/server/config";

describe("request guards", () => {
  test("only POST", () => {
    expect(checkMethod("POST")).toBeNull();
    expect(checkMethod("GET")).toEqual({ status: 405, error: "Send the form with POST.", headers: { Allow: "POST" } });
  });

  test("only JSON", () => {
    expect(checkContentType({ "content-type": "application/json; charset=utf-8" })).toBeNull();
    expect(checkContentType({ "content-type": "text/plain" })?.status).toBe(415);
    expect(checkContentType({})?.status).toBe(415);
  });

  test("same-site only", () => {
    const host = { host: "localhost:9000" };
    expect(checkOrigin({ ...host, origin: "http://localhost:9000" })).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://www.gym.example" }, "https://www.gym.example")).toBeNull();
    expect(checkOrigin({ ...host })).toBeNull();
    expect(checkOrigin({ ...host, origin: "https://evil.example" })?.status).toBe(403);
    expect(checkOrigin({ ...host, origin: "null" })?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "cross-site" })?.status).toBe(403);
    expect(checkOrigin({ ...host, "sec-fetch-site": "same-origin" })).toBeNull();
  });

  test("the visitor's address trusts X-Forwarded-For only behind a configured proxy", () => {
    const headers = { "x-forwarded-for": "203.0.113.9, 10.0.0.1" };
    expect(clientAddress(headers, "10.0.0.1", false)).toBe("10.0.0.1");
    expect(clientAddress(headers, "10.0.0.1", true)).toBe("203.0.113.9");
  });
});

describe("rate limit", () => {
  test("allows the limit per minute per address, then says when to come back", () => {
    const limiter = createRateLimiter(3, 60_000);
    const t0 = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.hit("a", t0 + i * 1000).allowed)).toEqual([true, true, true]);
    expect(limiter.hit("a", t0 + 3000)).toEqual({ allowed: false, retryAfterSeconds: 57 });
    expect(limiter.hit("b", t0 + 3000).allowed).toBe(true);
    expect(limiter.hit("a", t0 + 60_001).allowed).toBe(true);
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
  expect(() => readConfig({ FORM_RATE_LIMIT_PER_MINUTE: "ten" } as NodeJS.ProcessEnv)).toThrow(/FORM_RATE_LIMIT_PER_MINUTE/);
});
