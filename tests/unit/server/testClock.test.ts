import { readConfig, readTestClock } from "../../../src/server/config";

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
