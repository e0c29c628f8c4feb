import fs from "node:fs";
import { defaultMailFrom, readConfig, readTestClock, smtpUrlProblem } from "../../../src/server/config";
import { siteDomain } from "../../../src/server/process/settings";

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

const contentUrl = (JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { url: string }).url;
const contentHost = new URL(contentUrl).hostname;

describe("addresses the server takes from content/site.json", () => {
  test("without MAIL_FROM, staff e-mails come from no-reply at the site's domain", () => {
    expect(readConfig({} as NodeJS.ProcessEnv).mailFrom).toBe(`Website forms <no-reply@${contentHost.replace(/^www\./, "")}>`);
    expect(readConfig({} as NodeJS.ProcessEnv, "https://www.another-gym.example").mailFrom).toBe(
      "Website forms <no-reply@another-gym.example>",
    );
    expect(defaultMailFrom("https://box.gym.example/")).toBe("Website forms <no-reply@box.gym.example>");
  });

  test("MAIL_FROM still wins", () => {
    expect(readConfig({ MAIL_FROM: "Front desk <desk@gym.example>" } as NodeJS.ProcessEnv).mailFrom).toBe("Front desk <desk@gym.example>");
  });

  test("the Message-ID and UID domain is SITE_URL's host, else the content's", () => {
    expect(siteDomain("https://staging.gym.example")).toBe("staging.gym.example");
    expect(siteDomain(undefined)).toBe(contentHost);
    expect(siteDomain("not a url")).toBe(contentHost);
  });
});

/** TEST_SERVER_TIME: the tests' servers on the build's day, and never a live server by mistake. */

const machineNow = Date.parse("2026-12-03T09:15:00Z");

test("with NODE_ENV=test, the server's clock starts at the instant given and runs on from there", () => {
  expect(readTestClock({ NODE_ENV: "test", TEST_SERVER_TIME: "2026-11-25T20:00:00Z" }, machineNow)).toEqual({
    offsetMs: Date.parse("2026-11-25T20:00:00Z") - machineNow,
  });
  expect(readTestClock({ NODE_ENV: "test", TEST_SERVER_TIME: " 2026-11-25T12:00-08:00 " }, machineNow).offsetMs).toBe(
    Date.parse("2026-11-25T20:00:00Z") - machineNow,
  );
});

test("unset or blank, the machine's clock, said nothing about", () => {
  for (const env of [{}, { NODE_ENV: "test" }, { NODE_ENV: "test", TEST_SERVER_TIME: "  " }]) {
    expect(readTestClock(env, machineNow)).toEqual({ offsetMs: 0 });
  }
});

test("anywhere but a test (a live server, NODE_ENV unset or production): refused with one line, the machine's clock kept", () => {
  const refused = {
    offsetMs: 0,
    problem: "TEST_SERVER_TIME is for the tests' servers only (with NODE_ENV=test); keeping the machine's clock",
  };
  for (const NODE_ENV of [undefined, "production", "development", "TEST"]) {
    expect(readTestClock({ NODE_ENV, TEST_SERVER_TIME: "2026-11-25T20:00:00Z" }, machineNow)).toEqual(refused);
  }
  const config = readConfig({ TEST_SERVER_TIME: "2026-11-25T20:00:00Z" } as NodeJS.ProcessEnv);
  expect(config.clockOffsetMs).toBe(0);
  expect(config.problems).toEqual([refused.problem]);
});

test("an instant without its zone, or not a real one, is refused with one line naming it", () => {
  for (const value of ["2026-11-25T20:00:00", "2026-11-25", "2026-02-30T12:00Z", "noon"]) {
    expect(readTestClock({ NODE_ENV: "test", TEST_SERVER_TIME: value }, machineNow)).toEqual({
      offsetMs: 0,
      problem: `TEST_SERVER_TIME must be an ISO 8601 instant with its zone, not "${value}"; keeping the machine's clock`,
    });
  }
});
