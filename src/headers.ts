/**
 * THE header table: the security and caching headers every response gets, whichever way the site is
 * hosted. gatsby-config passes them to adapters; the build writes the Content-Security-Policy (which
 * needs the hashes of the build's inline scripts) next to them; scripts/self-host-config.ts turns the
 * same table into an nginx configuration. Pure.
 */

export interface HeaderRule {
  /** A path pattern in Gatsby's `headers` syntax ("/*", "/static/*"). */
  source: string;
  headers: Record<string, string>;
}

const HSTS = "max-age=31536000; includeSubDomains";

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": HSTS,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * The policy of every answer that is not a page (form answers, images, scripts, data): such a document
 * opened on its own may run nothing and load nothing. Pages get their own (src/node/csp.ts).
 */
export const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a page a form endpoint answers a post without JavaScript with (src/server/forms/
 * answerPage.ts): the built page's styles and images, no script at all, and forms only to this site.
 */
export const ANSWER_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Each built page's Content-Security-Policy by its address ("/", "/about/", "/404.html"), as the build writes them. */
export type PagePolicies = Record<string, string>;

/**
 * What every /api answer carries, set by the form handler itself so each host (the production server,
 * Netlify's functions, `gatsby serve`) sends the same: never cached, never sniffed, never framed.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Strict-Transport-Security": HSTS,
  "Content-Security-Policy": NOT_A_PAGE_POLICY,
  "Referrer-Policy": "no-referrer",
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** Hashed build output never changes under the same name; pages and their data always revalidate. */
export const CACHE_RULES: readonly HeaderRule[] = [
  // The staff console's pages are an empty shell, but nothing of it is ever kept by a browser or a proxy.
  { source: "/staff/*", headers: { "Cache-Control": "no-store" } },
  // The web editor's files keep their names from one release to the next.
  { source: "/admin/*", headers: { "Cache-Control": REVALIDATE } },
  { source: "/static/*", headers: { "Cache-Control": IMMUTABLE } },
  { source: "/*.js", headers: { "Cache-Control": IMMUTABLE } },
  { source: "/*.css", headers: { "Cache-Control": IMMUTABLE } },
  { source: "/page-data/*", headers: { "Cache-Control": REVALIDATE } },
  { source: "/*.html", headers: { "Cache-Control": REVALIDATE } },
  { source: "/*", headers: { "Cache-Control": REVALIDATE } },
];

/** Whether a path matches a rule's source ("/*", "/static/*", "/*.js" or an exact path). */
export function matchesSource(source: string, pathname: string): boolean {
  if (source === "/*") return true;
  if (source.startsWith("/*.")) return pathname.endsWith(source.slice(2));
  if (source.endsWith("/*")) return pathname.startsWith(source.slice(0, -1));
  return pathname === source;
}

/** The Cache-Control of the first cache rule that matches a path. */
export function cacheControlFor(pathname: string): string {
  return CACHE_RULES.find((rule) => matchesSource(rule.source, pathname))?.headers["Cache-Control"] ?? REVALIDATE;
}

type Directives = Array<[string, string[]]>;
const policyText = (directives: Directives) => directives.map(([name, values]) => [name, ...values].join(" ")).join("; ");

export interface CspOptions {
  /** sha256 hashes (base64) of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** Allow Google Analytics / Tag Manager (only when their ids are set). */
  analytics: boolean;
}

const GOOGLE_SCRIPT = "https://www.googletagmanager.com";
const GOOGLE_COLLECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://www.googletagmanager.com"];

export function contentSecurityPolicy({ scriptHashes, analytics }: CspOptions): string {
  const hashes = [...new Set(scriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  const directives: Directives = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...hashes, ...(analytics ? [GOOGLE_SCRIPT] : [])]],
    // Gatsby inlines each page's CSS and gatsby-plugin-image sets inline sizes: styles need 'unsafe-inline'.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...(analytics ? GOOGLE_COLLECT : [])]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...(analytics ? GOOGLE_COLLECT : [])]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["upgrade-insecure-requests", []],
  ];
  return policyText(directives);
}

/** Where the web editor (Decap CMS, src/cms/) is served: its own policy, never indexed. */
export const ADMIN_PATH = "/admin/";
/** Decap's local backend (decap-server, `npm run cms`); the editor looks for it only on localhost. */
export const CMS_LOCAL_BACKEND = "http://localhost:8081";

export interface AdminPolicyOptions {
  /**
   * Let the editor reach its local backend: only under `npm run cms` (src/node/editorInDevelop.ts).
   * A built site never does, so no page on the real site may talk to a server on a visitor's machine.
   */
  localBackend?: boolean;
}

/**
 * The editor's policy, for /admin/ only. Decap compiles its configuration validator at run time
 * ('unsafe-eval'), styles itself with inline styles, shows uploaded photos as blob: URLs and talks to
 * GitHub's API (or, on a laptop, to the local backend). Everything it loads is still served by the site.
 */
export function adminContentSecurityPolicy({ localBackend = false }: AdminPolicyOptions = {}): string {
  const directives: Directives = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", "'unsafe-eval'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https://avatars.githubusercontent.com"]],
    ["font-src", ["'self'", "data:"]],
    [
      "connect-src",
      ["'self'", "blob:", "https://api.github.com", ...(localBackend ? [CMS_LOCAL_BACKEND] : []), "https://www.githubstatus.com"],
    ],
    ["frame-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return policyText(directives);
}

/**
 * What /admin/ answers differ in from the site's headers: its policy, never indexed, and a window
 * policy that lets the GitHub sign-in pop-up report back to the editor.
 */
export function adminHeaders(options: AdminPolicyOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": adminContentSecurityPolicy(options),
    "X-Robots-Tag": "noindex, nofollow",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  };
}

/** /admin/'s headers wherever a build is served (the production server, Netlify's _headers). */
export const ADMIN_HEADERS: Readonly<Record<string, string>> = adminHeaders();

export const isAdminPath = (pathname: string) => pathname === ADMIN_PATH.slice(0, -1) || pathname.startsWith(ADMIN_PATH);

/** Every rule, in Gatsby's `headers` shape, for gatsby-config. */
export function gatsbyHeaders(): Array<{ source: string; headers: Array<{ key: string; value: string }> }> {
  const toList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  return [{ source: "/*", headers: toList(SECURITY_HEADERS) }];
}
