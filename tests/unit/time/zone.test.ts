import fs from "node:fs";
import { GYM_ZONE } from "../../../src/time/zone";

test("the gym's zone is the one content/site.json names", () => {
  const site = JSON.parse(fs.readFileSync("content/site.json", "utf8")) as { timeZone: string };
  expect(GYM_ZONE).toBe(site.timeZone);
});
