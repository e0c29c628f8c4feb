/**
 * Scores a response's headers the way Mozilla's HTTP Observatory does (its published tests and score
 * modifiers): start at 100, apply each test's modifier, and award bonuses only when the score without
 * them is at least 90. The tests that need the live site over HTTP and HTTPS (redirection, cookies
 * set by the host) are out of scope: this site sets no cookies and the host handles HTTPS.
 */
export interface ObservatoryResult {
  score: number;
  grade: string;
  tests: Record<string, { result: string; modifier: number }>;
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), values);
  }
  return map;
}

function cspTest(csp: string | undefined): [string, number] {
  if (!csp) return ["csp-not-implemented", -25];
  const d = directives(csp);
  const fallback = d.get("default-src");
  const script = d.get("script-src") ?? fallback;
  const style = d.get("style-src") ?? fallback;
  if (!script || !fallback) return ["csp-implemented-with-unsafe-inline", -20];
  const hasHashOrNonce = script.some((v) => /^'(sha(256|384|512)|nonce)-/.test(v));
  const unsafeInline = script.includes("'unsafe-inline'") && !hasHashOrNonce;
  const insecure = (values: string[] | undefined) => (values ?? []).some((v) => v === "http:" || v.startsWith("http://") || v === "*");
  if (unsafeInline || script.includes("data:")) return ["csp-implemented-with-unsafe-inline", -20];
  if (insecure(script) || insecure(d.get("object-src") ?? fallback)) return ["csp-implemented-with-insecure-scheme", -20];
  if (script.includes("'unsafe-eval'")) return ["csp-implemented-with-unsafe-eval", -10];
  if (insecure(d.get("img-src") ?? fallback) || insecure(d.get("media-src") ?? fallback))
    return ["csp-implemented-with-insecure-scheme-in-passive-content-only", -10];
  if (style?.includes("'unsafe-inline'")) return ["csp-implemented-with-unsafe-inline-in-style-src-only", 0];
  if (fallback.length === 1 && fallback[0] === "'none'") return ["csp-implemented-with-no-unsafe-default-src-none", 10];
  return ["csp-implemented-with-no-unsafe", 0];
}

function hstsTest(value: string | undefined): [string, number] {
  if (!value) return ["hsts-not-implemented", -20];
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? NaN);
  if (!Number.isFinite(maxAge)) return ["hsts-header-invalid", -20];
  return maxAge >= 15_768_000
    ? ["hsts-implemented-max-age-at-least-six-months", 0]
    : ["hsts-implemented-max-age-less-than-six-months", -10];
}

function referrerTest(value: string | undefined): [string, number] {
  if (!value) return ["referrer-policy-not-implemented", 0];
  const policy =
    value
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean)
      .pop() ?? "";
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(policy))
    return ["referrer-policy-private", 5];
  if (["origin", "origin-when-cross-origin", "no-referrer-when-downgrade"].includes(policy))
    return ["referrer-policy-no-referrer-when-downgrade", 0];
  if (policy === "unsafe-url") return ["referrer-policy-unsafe", -5];
  return ["referrer-policy-header-invalid", -5];
}

function frameTest(xfo: string | undefined, csp: string | undefined): [string, number] {
  const ancestors = csp ? directives(csp).get("frame-ancestors") : undefined;
  if (ancestors && !ancestors.includes("*")) return ["x-frame-options-implemented-via-csp", 5];
  if (!xfo) return ["x-frame-options-not-implemented", -20];
  return ["deny", "sameorigin"].includes(xfo.trim().toLowerCase())
    ? ["x-frame-options-sameorigin-or-deny", 0]
    : ["x-frame-options-header-invalid", -20];
}

function sriTest(html: string, origin: string): [string, number] {
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"[^>]*>/gi)].map((m) => ({ tag: m[0], src: m[1] as string }));
  const external = scripts.filter(({ src }) => /^(https?:)?\/\//.test(src) && !src.startsWith(origin));
  if (scripts.length === 0) return ["sri-not-implemented-but-no-scripts-loaded", 0];
  if (external.length === 0) return ["sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0];
  if (external.every(({ tag }) => /\bintegrity=/.test(tag))) return ["sri-implemented-and-external-scripts-loaded-securely", 5];
  return ["sri-not-implemented-but-external-scripts-loaded-securely", -5];
}

function gradeFor(score: number): string {
  const grades: Array<[number, string]> = [
    [100, "A+"],
    [90, "A"],
    [85, "A-"],
    [80, "B+"],
    [70, "B"],
    [65, "B-"],
    [60, "C+"],
    [50, "C"],
    [45, "C-"],
    [40, "D+"],
    [30, "D"],
    [25, "D-"],
  ];
  return grades.find(([min]) => score >= min)?.[1] ?? "F";
}

export function observatoryScore(rawHeaders: Record<string, string>, html: string, origin: string): ObservatoryResult {
  const headers = Object.fromEntries(Object.entries(rawHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const corsValue = headers["access-control-allow-origin"];
  const results: Array<[string, [string, number]]> = [
    ["content-security-policy", cspTest(headers["content-security-policy"])],
    ["cookies", ["cookies-not-found", 0]],
    [
      "cross-origin-resource-sharing",
      corsValue === "*"
        ? ["cross-origin-resource-sharing-implemented-with-public-access", 0]
        : ["cross-origin-resource-sharing-not-implemented", 0],
    ],
    ["referrer-policy", referrerTest(headers["referrer-policy"])],
    ["strict-transport-security", hstsTest(headers["strict-transport-security"])],
    ["subresource-integrity", sriTest(html, origin)],
    [
      "x-content-type-options",
      headers["x-content-type-options"]?.toLowerCase() === "nosniff"
        ? ["x-content-type-options-nosniff", 0]
        : ["x-content-type-options-not-implemented", -5],
    ],
    ["x-frame-options", frameTest(headers["x-frame-options"], headers["content-security-policy"])],
  ];
  const penalties = results.reduce((sum, [, [, m]]) => sum + Math.min(m, 0), 0);
  const bonuses = results.reduce((sum, [, [, m]]) => sum + Math.max(m, 0), 0);
  const base = 100 + penalties;
  const score = base >= 90 ? base + bonuses : base;
  return {
    score,
    grade: gradeFor(score),
    tests: Object.fromEntries(results.map(([name, [result, modifier]]) => [name, { result, modifier }])),
  };
}
