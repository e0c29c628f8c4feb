import { contentSecurityPolicy, SECURITY_HEADERS } from "../../src/headers";
import { observatoryScore } from "../support/observatory";

const html = '<script src="/app-123.js" async></script>';
const origin = "https://www.gym.example";
const csp = contentSecurityPolicy({ scriptHashes: ["abc="], analytics: false });

describe("the site's headers, scored as the Observatory does", () => {
  test("A+ with the full set", () => {
    const result = observatoryScore({ ...SECURITY_HEADERS, "Content-Security-Policy": csp }, html, origin);
    expect(result.grade).toBe("A+");
    expect(result.score).toBe(110);
    expect(result.tests["content-security-policy"]?.result).toBe("csp-implemented-with-unsafe-inline-in-style-src-only");
  });

  test("still A+ with analytics (an external script without SRI costs 5)", () => {
    const withAnalytics = contentSecurityPolicy({ scriptHashes: ["abc="], analytics: true });
    const page = `${html}<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>`;
    expect(observatoryScore({ ...SECURITY_HEADERS, "Content-Security-Policy": withAnalytics }, page, origin).grade).toBe("A+");
  });

  test("the scorer fails what should fail", () => {
    expect(observatoryScore({}, html, origin)).toMatchObject({ score: 30, grade: "D" });
    const noCsp = observatoryScore({ ...SECURITY_HEADERS }, html, origin);
    expect(noCsp.score).toBe(75);
    const unsafe = observatoryScore(
      { ...SECURITY_HEADERS, "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'" },
      html,
      origin,
    );
    expect(unsafe.tests["content-security-policy"]?.modifier).toBe(-20);
    expect(unsafe.grade).not.toBe("A+");
    // Below 90 before bonuses, the bonuses are not given.
    const weak = observatoryScore(
      { ...SECURITY_HEADERS, "Strict-Transport-Security": "max-age=3600", "Referrer-Policy": "unsafe-url", "Content-Security-Policy": csp },
      html,
      origin,
    );
    expect(weak).toMatchObject({ score: 85, grade: "A-" });
  });
});
