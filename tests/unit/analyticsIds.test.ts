import { analyticsEnabled, analyticsIds } from "../../src/analyticsIds";

describe("analytics ids from the build's environment", () => {
  test("no ids: no tool, analytics off", () => {
    expect(analyticsIds({})).toEqual({ gaMeasurementId: null, gtmId: null });
    expect(analyticsEnabled({})).toBe(false);
  });

  test("empty or whitespace-only ids count as unset", () => {
    const env = { GATSBY_GA_MEASUREMENT_ID: "   ", GATSBY_GTM_ID: "" };
    expect(analyticsIds(env)).toEqual({ gaMeasurementId: null, gtmId: null });
    expect(analyticsEnabled(env)).toBe(false);
    expect(analyticsEnabled({ GATSBY_GTM_ID: "\t\n" })).toBe(false);
  });

  test("ids are trimmed", () => {
    expect(analyticsIds({ GATSBY_GA_MEASUREMENT_ID: " G-ABC123\n", GATSBY_GTM_ID: "GTM-XYZ9 " })).toEqual({
      gaMeasurementId: "G-ABC123",
      gtmId: "GTM-XYZ9",
    });
  });

  test("either id alone turns analytics on", () => {
    expect(analyticsEnabled({ GATSBY_GA_MEASUREMENT_ID: "G-ABC123" })).toBe(true);
    expect(analyticsEnabled({ GATSBY_GTM_ID: "GTM-XYZ9" })).toBe(true);
    expect(analyticsEnabled({ GATSBY_GA_MEASUREMENT_ID: " ", GATSBY_GTM_ID: "GTM-XYZ9" })).toBe(true);
  });

  test("other variables play no part", () => {
    expect(analyticsEnabled({ GA_MEASUREMENT_ID: "G-ABC123", GTM_ID: "GTM-XYZ9" })).toBe(false);
  });
});
