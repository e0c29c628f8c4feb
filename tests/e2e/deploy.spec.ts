import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminContentSecurityPolicy, API_HEADERS, SECURITY_HEADERS, type PagePolicies } from "../../src/headers";
import { redirects } from "../../src/redirects";
import { nginxConfig } from "../../scripts/self-host-config";
import { observatoryScore } from "../support/observatory";
import { startTestPostgres } from "../support/postgres";
import { freePort, startProductionServer, type RunningServer } from "../support/servers";
import { withStore } from "../support/staff";
import { gotoReady } from "./support/page";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { urls } from "./support/site";

const policies = (JSON.parse(fs.readFileSync(".cache/csp.json", "utf8")) as { pages: PagePolicies }).pages;
/** The policy the build wrote for the page at a path; a path with no page gets the 404 page's. */
const policyOf = (pathname: string) => policies[pathname] ?? policies["/404.html"];

test.describe("Netlify adapter output", () => {
  test("real 301s for every old path, and the form functions at both addresses", () => {
    const rules = fs.readFileSync("public/_redirects", "utf8");
    for (const { from, to } of redirects) {
      expect(rules).toContain(`${from}  ${to}  301!`);
      expect(rules).toContain(`${from}/  ${to}  301!`);
    }
    for (const fn of ["contact", "signup", "membership-hold"]) {
      expect(rules).toContain(`/api/${fn}  /.netlify/functions/${fn}-js  200`);
      expect(rules).toContain(`/api/${fn}/  /.netlify/functions/${fn}-js  200`);
    }
    const functions = fs.readdirSync(".netlify/functions-internal");
    expect(functions.sort()).toEqual(expect.arrayContaining(["contact-js", "membership-hold-js", "signup-js"]));
  });

  test("no source map is published (PUBLIC_SOURCE_MAPS is not set)", () => {
    const maps = (fs.readdirSync("public", { recursive: true }) as string[]).filter((file) => file.endsWith(".map"));
    expect(maps).toEqual([]);
    expect(fs.readdirSync(".cache/source-maps").length).toBeGreaterThan(10);
  });

  test("the functions count visitors by Netlify's client-IP header, and answer with the API headers", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-netlify-"));
    const event = (client: string) => ({
      httpMethod: "POST",
      path: "/api/contact",
      // A client's own X-Forwarded-For changes every time; Netlify's header is the platform's.
      multiValueHeaders: {
        "content-type": ["application/json"],
        "content-length": ["2"],
        "x-nf-client-connection-ip": [client],
        "x-forwarded-for": [`198.51.100.${Math.floor(Math.random() * 250)}`],
      },
      body: "{}",
      isBase64Encoded: false,
    });
    const events = [...Array.from({ length: 4 }, () => event("203.0.113.5")), event("203.0.113.6")];
    try {
      const output = execFileSync(
        process.execPath,
        ["tests/support/netlify-invoke.cjs", ".netlify/functions-internal/contact-js/contact-js.js", JSON.stringify(events)],
        {
          env: { ...process.env, DATA_DIR: dataDir, FORM_RATE_LIMIT_PER_MINUTE: "3" },
          encoding: "utf8",
        },
      );
      const answers = JSON.parse(output) as Array<{ statusCode: number; headers: Record<string, string[]> }>;
      expect(answers.map((a) => a.statusCode)).toEqual([422, 422, 422, 429, 422]);
      for (const [name, value] of Object.entries(API_HEADERS)) expect(answers[0]?.headers[name.toLowerCase()]).toEqual([value]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the security headers for every page, the build's CSP on every page and the editor's on /admin/", () => {
    const headers = fs.readFileSync("public/_headers", "utf8");
    for (const page of [...urls.pages, "/404.html"]) expect(headers).toContain(`\n${page}\n  Content-Security-Policy: ${policyOf(page)}\n`);
    expect(headers).toContain(`\n/admin/*\n  Content-Security-Policy: ${adminContentSecurityPolicy()}\n`);
    // No catch-all policy: Netlify would join it with the editor's.
    expect(headers).not.toMatch(/^\/\*\n {2}Content-Security-Policy/m);
    const adapterSection = headers.slice(headers.indexOf("# gatsby-adapter-netlify start"));
    const home = adapterSection.split("\n/\n")[1]?.split(/\n\/[^ ]/)[0] ?? "";
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(home).toContain(`${name}: ${value}`);
    expect(headers).toMatch(/\/static\/\*\n {2}cache-control: public, max-age=31536000, immutable/);
  });
});

test("the Content-Security-Policy lets the whole site work, with no violation", async ({ page }) => {
  test.setTimeout(90_000);
  // Each page is served with its own policy (only its own inline scripts' hashes).
  const wrongPolicy: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document") return;
    const { pathname } = new URL(response.url());
    if (response.headers()["content-security-policy"] !== policyOf(pathname)) wrongPolicy.push(pathname);
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Refused to run: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const url of [
    "/",
    "/schedule/?program=kids",
    "/rates/",
    "/announcements/",
    "/programs/crossfitkids/",
    "/membership/policies/",
    "/no-such-page/",
  ]) {
    await gotoReady(page, url);
  }
  await gotoReady(page, "/portfolio/");
  await page.locator("main a[aria-haspopup=dialog]").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  // The form is sent on the page's clock, a person's time after it appeared (faster is asked to press again).
  await page.clock.install();
  await gotoReady(page, "/contact/");
  await page.getByLabel(/^Your name/).fill("Policy Paula");
  await page.getByLabel(/^Email/).fill("paula@example.com");
  await page.getByLabel(/^What is your message about/).selectOption("general");
  await page.getByLabel(/^Message/).fill("Checking the security policy.");
  await page.clock.fastForward(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("form-success")).toBeVisible();
  await page.clock.resume();
  // Client-side navigation keeps working under the policy.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" }).click();
  await expect(page.locator("h1")).toHaveText("Rates");
  expect(violations).toEqual([]);
  expect(wrongPolicy).toEqual([]);

  // And the policy is really in force: an inline script it does not list is refused.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));

test.describe("self-hosting: nginx (deploy/nginx.conf from scripts/self-host-config.ts) in front of the production server", () => {
  test.skip(!NGINX && !process.env.CI, "nginx is not installed here (apt-get install -y nginx)");

  test("the same redirects and headers as the adapter, A+, and a client's X-Forwarded-For is ignored", async () => {
    test.setTimeout(60_000);
    const app = await startProductionServer({ env: { TRUST_PROXY: "1", FORM_RATE_LIMIT_PER_MINUTE: "3" } });
    const { origin, stop } = await startNginx([app]);
    try {
      const home = await fetch(`${origin}/`);
      const headers = Object.fromEntries(home.headers.entries());
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name.toLowerCase()]).toBe(value);
      expect(headers["content-security-policy"]).toBe(policyOf("/"));
      expect(headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      const html = await home.text();
      const score = observatoryScore(headers, html, origin);
      expect(score.grade, JSON.stringify(score.tests, null, 2)).toBe("A+");

      const staticFile = /(\/static\/[^"\s]+\.(?:avif|webp|jpg|woff2))/.exec(html)?.[1];
      expect(staticFile).toBeDefined();
      expect((await fetch(`${origin}${staticFile}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await fetch(`${origin}/page-data/index/page-data.json`)).headers.get("cache-control")).toBe(
        "public, max-age=0, must-revalidate",
      );

      const moved = await fetch(`${origin}/scedule/?program=kids`, { redirect: "manual" });
      expect(moved.status).toBe(301);
      expect(
        new URL(moved.headers.get("location") ?? "", origin).pathname + new URL(moved.headers.get("location") ?? "", origin).search,
      ).toBe("/schedule/?program=kids");
      const store = await fetch(`${origin}/membership-store?utm_source=flyer`, { redirect: "manual" });
      expect(store.status).toBe(301);
      const location = new URL(store.headers.get("location") ?? "", origin);
      expect(location.pathname).toBe("/contact/");
      expect(location.searchParams.get("interest")).toBe("membership");
      expect(location.searchParams.get("utm_source")).toBe("flyer");

      // nginx replaces X-Forwarded-For with the address it saw: a new made-up one per request is no escape.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${i + 1}` },
          body: "{}",
        });
        statuses.push(response.status);
        // The handler's own headers pass through untouched.
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      expect(statuses).toEqual([422, 422, 422, 429, 429]);
      // And a body over the forms' limit never reaches the server.
      const big = await fetch(`${origin}/api/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ notes: "x".repeat(20_000) }),
      });
      expect(big.status).toBe(413);
      // Stripe's events may be larger than a form: nginx passes one to the server, whose own answer it is.
      const event = await fetch(`${origin}/api/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: "evt_large", note: "x".repeat(40_000) }),
      });
      expect(event.status).not.toBe(413);
      expect(event.headers.get("cache-control")).toBe("no-store");
    } finally {
      stop();
      await app.stop();
    }
  });

  test("in front of two servers on one PostgreSQL database: either serves, and with one stopped the other takes every request", async () => {
    test.setTimeout(60_000);
    const pg = await startTestPostgres();
    test.skip(!pg && !process.env.CI, "PostgreSQL is not installed here (apt-get install -y postgresql)");
    const env = { TRUST_PROXY: "1", DATABASE_URL: await pg!.createDatabase() };
    const apps = await Promise.all([startProductionServer({ env }), startProductionServer({ env })]);
    const { origin, stop } = await startNginx(apps);
    const contact = (i: number) =>
      fetch(`${origin}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Ana ${i}`, email: `ana${i}@example.com`, interest: "general", message: "Hello", elapsedMs: 9000 }),
      });
    try {
      expect((await Promise.all([0, 1, 2, 3].map(contact))).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      await apps[0]!.stop();
      // nginx finds the first server gone and passes each request to the other: nothing was sent to it yet.
      const statuses = [];
      for (let i = 4; i < 8; i++) statuses.push((await contact(i)).status);
      expect(statuses).toEqual([201, 201, 201, 201]);
      expect((await fetch(`${origin}/`)).status).toBe(200);
      await withStore("", async (store) => expect(await store.list()).toHaveLength(8), env.DATABASE_URL);
    } finally {
      stop();
      await Promise.all(apps.map((app) => app.stop()));
      pg?.stop();
    }
  });
});

/** nginx with the configuration `npm run self-host-config` writes, in front of `apps`, on a port of its own. */
async function startNginx(apps: readonly RunningServer[]): Promise<{ origin: string; stop(): void }> {
  expect(NGINX, "CI installs nginx").toBeDefined();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-nginx-"));
  const site = nginxConfig({ serverName: "localhost", listen: `127.0.0.1:${port}`, upstreams: apps.map((app) => new URL(app.url).host) });
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents { worker_connections 64; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include /etc/nginx/mime.types;\n${site}}\n`,
  );
  const check = spawnSync(NGINX as string, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  const server = spawn(NGINX as string, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  const stop = () => {
    server.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await expect.poll(async () => (await fetch(origin).catch(() => null))?.status ?? 0, { timeout: 10_000 }).toBe(200);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop };
}
