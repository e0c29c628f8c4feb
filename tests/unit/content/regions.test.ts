import { REGION_NAMES, regionName } from "../../../src/content/regions";
import { json, realContent } from "../support/content";

test("the gym's state is named from its code", () => {
  expect(regionName("WA")).toBe("Washington");
});

test("the state in content/site.json has a name, so the footer never shows a bare code", () => {
  const site = json<{ address: { region: string } }>(realContent().site.data);
  expect(REGION_NAMES[site.address.region]).toBeDefined();
});

test("a code without a name is shown as it is", () => {
  expect(regionName("ZZ")).toBe("ZZ");
});
