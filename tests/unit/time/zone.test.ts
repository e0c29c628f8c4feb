import fs from "node:fs";
import { isTimeZone } from "../../../src/time/intl";
import { GYM_ZONE } from "../../../src/time/zone";

test("the gym's zone is the one content/site.json names, and a zone Intl knows", () => {
  const site = JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { timeZone: string };
  expect(GYM_ZONE).toBe(site.timeZone);
  expect(isTimeZone(GYM_ZONE)).toBe(true);
});
