import { siteSchema } from "../../../src/content/schemas";
import { cmsConfig } from "../../../src/cms/config";
import { parseMapPosition } from "../../../src/content/mapPosition";
import site from "../../../content/site.json";

const REFUSED: Array<[string, string]> = [
  ["three decimals", "47.053, -122.295"],
  ["one number short of four decimals", "47.0531, -122.295"],
  ["one number", "47.053121"],
  ["the other way round, off the Earth", "-122.294612, 47.053121"],
  ["longitude past 180", "47.053121, 190.000001"],
  ["degrees and minutes", "47°03'11.2\"N 122°17'40.6\"W"],
  ["a link instead", "https://maps.example/?q=47.053121,-122.294612"],
];

describe("the gym's map position", () => {
  test("read as Google Maps copies it, each number as written", () => {
    expect(parseMapPosition("47.053121, -122.294612")).toEqual({ latitude: "47.053121", longitude: "-122.294612" });
    expect(parseMapPosition("47.05310,-122.29460")).toEqual({ latitude: "47.05310", longitude: "-122.29460" });
    // Four decimals (about 11 m), as content/site.json holds today.
    expect(parseMapPosition("47.0531, -122.2946")).toEqual({ latitude: "47.0531", longitude: "-122.2946" });
    expect(parseMapPosition("  -33.86882, 151.20929 ")).toEqual({ latitude: "-33.86882", longitude: "151.20929" });
  });

  test.each(REFUSED)("refused: %s", (_, text) => {
    expect(parseMapPosition(text)).toBeNull();
  });

  test("the build names the field and says what to paste; empty or absent publishes no position", () => {
    const result = siteSchema.safeParse({ ...site, mapPosition: "47.053, -122.295" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      'mapPosition: must be the latitude and longitude as Google Maps copies them, each with four decimals or more, like "47.053121, -122.294612"',
    ]);
    for (const mapPosition of ["", undefined, "47.0531, -122.2946", "47.053121, -122.294612"])
      expect(siteSchema.safeParse({ ...site, mapPosition }).success).toBe(true);
  });

  test("the web editor's field refuses what the build refuses, and lets staff empty it", () => {
    const config = cmsConfig({ repo: "gym/site", branch: "main", review: false }) as unknown as {
      collections: Array<{
        name: string;
        files?: Array<{ name: string; fields: Array<{ name: string; required?: boolean; pattern?: [string, string] }> }>;
      }>;
    };
    const field = config.collections
      .find((collection) => collection.name === "settings")
      ?.files?.find((file) => file.name === "site")
      ?.fields.find((f) => f.name === "mapPosition");
    expect(field?.required).toBe(false);
    // Decap tests a field's pattern as a regular expression made from this string.
    const editor = new RegExp(field?.pattern?.[0] ?? "(no pattern)");
    for (const text of ["47.053121, -122.294612", "47.05310,-122.29460", "47.0531, -122.2946", "-90.0000, 180.0000", "0.00001, -0.00001"]) {
      expect([text, editor.test(text)]).toEqual([text, true]);
      expect(parseMapPosition(text)).not.toBeNull();
    }
    for (const text of [...REFUSED.map(([, refused]) => refused), "90.0001, 0.0000", "47.053121, -180.000001", "47.053121, 200.00000"]) {
      expect([text, editor.test(text)]).toEqual([text, false]);
      expect(parseMapPosition(text)).toBeNull();
    }
  });
});
