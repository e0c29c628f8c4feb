import { siteSchema } from "../../src/content/schemas";
import { MAP_POSITION, parseMapPosition } from "../../src/content/mapPosition";
import site from "../../content/site.json";

describe("the gym's map position", () => {
  test("read as Google Maps copies it, each number as written", () => {
    expect(parseMapPosition("47.053121, -122.294612")).toEqual({ latitude: "47.053121", longitude: "-122.294612" });
    expect(parseMapPosition("47.05310,-122.29460")).toEqual({ latitude: "47.05310", longitude: "-122.29460" });
    expect(parseMapPosition("  -33.86882, 151.20929 ")).toEqual({ latitude: "-33.86882", longitude: "151.20929" });
  });

  test.each([
    ["four decimals", "47.0531, -122.2946"],
    ["one number short of five decimals", "47.05312, -122.2946"],
    ["one number", "47.053121"],
    ["the other way round, off the Earth", "-122.294612, 47.053121"],
    ["longitude past 180", "47.053121, 190.000001"],
    ["degrees and minutes", "47°03'11.2\"N 122°17'40.6\"W"],
    ["a link instead", "https://maps.example/?q=47.053121,-122.294612"],
  ])("refused: %s", (_, text) => {
    expect(parseMapPosition(text)).toBeNull();
  });

  test("the build names the field and says what to paste; empty or absent publishes no position", () => {
    const result = siteSchema.safeParse({ ...site, mapPosition: "47.0531, -122.2946" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      'mapPosition: must be the latitude and longitude as Google Maps copies them, each with five decimals or more, like "47.053121, -122.294612"',
    ]);
    for (const mapPosition of ["", undefined, "47.053121, -122.294612"])
      expect(siteSchema.safeParse({ ...site, mapPosition }).success).toBe(true);
  });

  test("the web editor checks the same pattern as the build", () => {
    // Decap tests a field's pattern as a string made from the regular expression's source.
    const editor = new RegExp(MAP_POSITION.source);
    expect(editor.test("47.053121, -122.294612")).toBe(true);
    expect(editor.test("47.0531, -122.2946")).toBe(false);
  });
});
