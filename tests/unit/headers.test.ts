import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ADMIN_HEADERS,
  adminContentSecurityPolicy,
  cacheControlFor,
  CMS_LOCAL_BACKEND,
  contentSecurityPolicy,
  isAdminPath,
  SECURITY_HEADERS,
} from "../../src/headers";
import { isPlainPath } from "../../host/site";
import { buildCsp, inlineScriptHashes, pagePath, withoutMarkdown, writeNetlifyHeaders } from "../../src/node/csp";
import { observatoryScore } from "../support/observatory";

test("each path gets the cache rule of the first source that matches it", () => {
  expect(cacheControlFor("/static/abc123/photo.avif")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/app-2f9c.js")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/styles.css")).toBe("public, max-age=31536000, immutable");
  expect(cacheControlFor("/page-data/index/page-data.json")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/schedule/")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/404.html")).toBe("public, max-age=0, must-revalidate");
});

test("the web editor's files, whose names carry no hash, are revalidated on every visit", () => {
  expect(cacheControlFor("/admin/cms.js")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/admin/decap-cms-app.js")).toBe("public, max-age=0, must-revalidate");
  expect(cacheControlFor("/admin/")).toBe("public, max-age=0, must-revalidate");
});

test("only /admin/ and what is under it is the editor", () => {
  expect(["/admin", "/admin/", "/admin/cms.js"].every(isAdminPath)).toBe(true);
  expect(["/administration/", "/", "/about/admin/"].some(isAdminPath)).toBe(false);
});

test("the editor's policy names its local backend only for `npm run cms`, never in what a build serves", () => {
  expect(adminContentSecurityPolicy()).not.toContain("localhost");
  expect(ADMIN_HEADERS["Content-Security-Policy"]).toBe(adminContentSecurityPolicy());
  expect(adminContentSecurityPolicy({ localBackend: true })).toBe(
    adminContentSecurityPolicy().replace("https://api.github.com", `https://api.github.com ${CMS_LOCAL_BACKEND}`),
  );
});

describe("Netlify's _headers", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-headers-"));
    for (const page of ["index.html", "about/index.html", "404.html", "admin/index.html"]) {
      fs.mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
      fs.writeFileSync(path.join(dir, page), "<html></html>");
    }
    fs.writeFileSync(
      path.join(dir, "_headers"),
      "# gatsby-adapter-netlify start\n/*\n  x-frame-options: DENY\n# gatsby-adapter-netlify end\n",
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("each page's policy lists only the inline scripts that page runs", () => {
    fs.writeFileSync(path.join(dir, "index.html"), '<script>window.pagePath="/"</script><script type="application/ld+json">{}</script>');
    fs.writeFileSync(path.join(dir, "about/index.html"), '<script>window.pagePath="/about/"</script><script src="/app.js"></script>');
    const policies = buildCsp(dir, false);
    const hashes = (page: string) => policies[page]?.match(/'sha256-[^']+'/g) ?? [];
    expect(Object.keys(policies)).toEqual(["/", "/404.html", "/about/"]);
    expect(hashes("/")).toHaveLength(1);
    expect(hashes("/about/")).toHaveLength(1);
    expect(hashes("/")).not.toEqual(hashes("/about/"));
    expect(hashes("/404.html")).toEqual([]);
  });

  test("with analytics, Google's hosts are in every page's policy but those of pages without analytics", () => {
    for (const page of ["staff/index.html", "staff/lead/index.html", "intro/cancel/index.html"]) {
      fs.mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
      fs.writeFileSync(path.join(dir, page), "<html></html>");
    }
    const policies = buildCsp(dir, true);
    const google = (page: string) => policies[page]?.includes("https://www.googletagmanager.com");
    expect(Object.keys(policies).map((page) => [page, google(page)])).toEqual([
      ["/", true],
      ["/404.html", true],
      ["/about/", true],
      ["/intro/cancel/", false],
      ["/staff/", false],
      ["/staff/lead/", false],
    ]);
    expect(Object.values(buildCsp(dir, false)).some((policy) => policy.includes("google"))).toBe(false);
  });

  test("a script inside staff-written markdown is never allowed by the page's own policy", () => {
    const ours = '<script>window.pagePath="/"</script>';
    const block = '<div class="prose" data-markdown=""><p>Hi</p><div><script>alert(1)</script></div><script>alert(2)</script></div>';
    const unclosed = '<div data-markdown=""><script>alert(3)</script>';
    expect(withoutMarkdown(`<p>a</p>${block}<p>b</p>`)).toBe("<p>a</p><p>b</p>");
    expect(inlineScriptHashes(`<main>${block}${ours}</main>`)).toEqual(inlineScriptHashes(ours));
    expect(inlineScriptHashes(`${ours}<main>${unclosed}<script>alert(4)</script>`)).toEqual(inlineScriptHashes(ours));
    expect(inlineScriptHashes(ours)).toHaveLength(1);
  });

  test("every policy sets base-uri 'none'", () => {
    expect(contentSecurityPolicy({ scriptHashes: [], analytics: true })).toContain("base-uri 'none'");
    expect(adminContentSecurityPolicy()).toContain("base-uri 'none'");
  });

  test("every page gets its own policy and the editor its own, with no rule matching both", () => {
    const policies = {
      "/": "default-src 'self'; script-src 'sha256-a'",
      "/404.html": "default-src 'self'",
      "/about/": "default-src 'self'; script-src 'sha256-b'",
    };
    writeNetlifyHeaders(dir, policies);
    const text = fs.readFileSync(path.join(dir, "_headers"), "utf8");
    const rules = [...text.matchAll(/^(\/\S*)\n((?: {2}.+\n)+)/gm)].map(([, source = "", body = ""]) => ({ source, body }));
    const policyOf = (source: string) => rules.find((rule) => rule.source === source)?.body.match(/Content-Security-Policy: (.*)/)?.[1];
    for (const [page, policy] of Object.entries(policies)) expect(policyOf(page)).toBe(policy);
    expect(policyOf("/admin/*")).toBe(adminContentSecurityPolicy());
    expect(rules.find((rule) => rule.source === "/admin/*")?.body).toContain("X-Robots-Tag: noindex, nofollow");
    // No catch-all policy that Netlify would join with the editor's.
    expect(rules.filter((rule) => rule.source === "/*" && rule.body.includes("Content-Security-Policy"))).toEqual([]);
    // The adapter's own section is kept.
    expect(text).toContain("# gatsby-adapter-netlify start\n/*\n  x-frame-options: DENY\n");
  });

  test("pages map to the addresses they answer at", () => {
    expect(pagePath(dir, path.join(dir, "index.html"))).toBe("/");
    expect(pagePath(dir, path.join(dir, "about", "index.html"))).toBe("/about/");
    expect(pagePath(dir, path.join(dir, "404.html"))).toBe("/404.html");
  });
});

test("a path that decoding would change in shape names no page (the server answers it with the 404 page)", () => {
  for (const raw of [
    "/admin/..%2fabout/",
    "/static/..%5cabout/",
    "/about/%2e/",
    "/about/%2e%2e/admin/",
    "/a//b/",
    "/%E0%A4%A/",
    "/x%00/",
  ]) {
    expect(isPlainPath(raw)).toBe(false);
  }
  for (const raw of ["/", "/about/", "/%61bout/", "/static/abc/photo%20one.jpg", "/page-data/index/page-data.json"])
    expect(isPlainPath(raw)).toBe(true);
});

describe("the site's headers, scored as the Observatory does", () => {
  const html = '<script src="/app-123.js" async></script>';
  const origin = "https://www.gym.example";
  const csp = contentSecurityPolicy({ scriptHashes: ["abc="], analytics: false });

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
