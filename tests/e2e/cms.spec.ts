import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import matter from "gray-matter";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { CMS_LOCAL_BACKEND } from "../../src/headers";
import { loadCheckedContent } from "../../src/node/contentChecks";
import { editorHeadersInDevelop } from "../../src/node/editorInDevelop";

/**
 * The web editor at /admin/ (the built Decap CMS) against the real local backend, decap-server,
 * writing to a scratch copy of content/. Each test makes an edit the staff make most and checks the
 * file it wrote with the build's own content checks. The production server serves the editor with a
 * policy that leaves the local backend out; the edits are made as under `npm run cms`: the built
 * editor's files with the development server's own editor headers (src/node/editorInDevelop.ts).
 */

// Where Decap's local backend listens; the editor looks for it only when opened on localhost.
const LOCAL_BACKEND_PORT = Number(new URL(CMS_LOCAL_BACKEND).port);

/** `npm run screenshots -- --editor` runs this file to retake CONTENT.md's pictures of the editor. */
const SHOTS = process.env.EDITOR_SCREENSHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.jpg`), type: "jpeg", quality: 80 });
}

let repo: string;
let server: ChildProcess;
let serverOutput = "";
let editor: Server;
let editorUrl: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "gym-cms-"));
  fs.cpSync("content", path.join(repo, "content"), { recursive: true });
  server = spawn(process.execPath, ["node_modules/decap-server/dist/index.js"], {
    env: {
      ...process.env,
      PORT: String(LOCAL_BACKEND_PORT),
      BIND_HOST: "127.0.0.1",
      GIT_REPO_DIRECTORY: repo,
      MODE: "fs",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
  // Its own "listening" line, not just an answer on the port: another local backend left running
  // there would answer too, with another folder behind it.
  await expect
    .poll(
      () => {
        if (server.exitCode !== null) throw new Error(`decap-server exited with ${server.exitCode}:\n${serverOutput}`);
        return serverOutput;
      },
      { timeout: 15_000, message: "decap-server is listening on the local backend port" },
    )
    .toContain(`listening on 127.0.0.1:${LOCAL_BACKEND_PORT}`);
});

/** public/ as `npm run cms` serves the editor: its headers from the development server's middleware. */
test.beforeAll(async () => {
  const app = express();
  editorHeadersInDevelop(app);
  app.use(express.static("public"));
  editor = app.listen(0, "localhost");
  await once(editor, "listening");
  editorUrl = `http://localhost:${(editor.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  editor?.close();
  server?.kill();
  if (repo) fs.rmSync(repo, { recursive: true, force: true });
});

const scratch = (...parts: string[]) => path.join(repo, "content", ...parts);

/** The site's content checks over the scratch copy: the build would accept it. */
function expectContentValid() {
  expect(loadCheckedContent(path.join(repo, "content")).lines).toEqual([]);
}

/** Opens the editor, failing on any Content-Security-Policy violation it causes. */
async function openEditor(page: Page, hash: string): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${editorUrl}/admin/`);
  await page.getByRole("button", { name: "Login" }).click();
  await page.evaluate((route) => (window.location.hash = route), hash);
  return violations;
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now", { exact: true }).click();
  await expect(page.getByText(/Entry saved/i)).toBeVisible({ timeout: 15_000 });
}

test("the editor is served from the site with its own policy and is never indexed", async ({ request }) => {
  const response = await request.get("/admin/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  // The local backend is for `npm run cms` on a laptop; a built site never lets the editor reach it.
  expect(headers["content-security-policy"]).toContain("connect-src 'self' blob: https://api.github.com https://www.githubstatus.com");
  expect(headers["content-security-policy"]).not.toContain("localhost");
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="none"/>');
  // Everything it loads comes from the site itself.
  for (const [, src] of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)) expect(src).not.toMatch(/^(https?:)?\/\//);
  // The public pages keep the site's strict policy.
  const home = await request.get("/");
  expect(home.headers()["content-security-policy"]).not.toContain("api.github.com");
  expect(await (await request.get("/sitemap-0.xml")).text()).not.toContain("/admin");
});

test("staff write an announcement and it lands as a valid markdown file", async ({ page }) => {
  const violations = await openEditor(page, "/collections/announcements/new");
  await page.getByLabel("Title").fill("Holiday potluck after Saturday class");
  await page.getByLabel("Date").fill("2026-12-12");
  await page.getByLabel("Summary").fill("Bring a dish to share after the 9:00 class on December 12. Families welcome.");
  const body = page.locator('[data-slate-editor="true"]');
  await body.click();
  await body.pressSequentially("Sign-up sheet is on the whiteboard.");
  await shot(page, "new-announcement");
  await publish(page);

  const file = scratch("announcements", "2026-12-12-holiday-potluck-after-saturday-class.md");
  expect(fs.readdirSync(scratch("announcements"))).toContain(path.basename(file));
  const { data, content } = matter(fs.readFileSync(file, "utf8"));
  expect(data).toMatchObject({
    title: "Holiday potluck after Saturday class",
    summary: "Bring a dish to share after the 9:00 class on December 12. Families welcome.",
  });
  expect(String(data.date instanceof Date ? data.date.toISOString().slice(0, 10) : data.date)).toBe("2026-12-12");
  expect(content).toContain("Sign-up sheet is on the whiteboard.");
  expectContentValid();
  expect(violations).toEqual([]);
});

test.describe("in a browser on another time zone's clock", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("staff add an event and its times land as typed, on the gym's clock", async ({ page }) => {
    const violations = await openEditor(page, "/collections/events/new");
    await page.getByLabel("Title").fill("Spring Throwdown 2027");
    await page.getByLabel("Starts").fill("2027-04-17T09:00");
    await page.getByLabel("Ends").fill("2027-04-17T11:00");
    await page.getByLabel("Price in dollars").fill("0");
    await page.getByLabel("Sign-up link").fill("/contact/");
    await page.getByLabel("Summary").fill("Teams of two, three workouts, every level welcome.");
    const body = page.locator('[data-slate-editor="true"]');
    await body.click();
    await body.pressSequentially("Sign up at the front desk.");
    await publish(page);

    const file = scratch("events", "spring-throwdown-2027.md");
    const { data } = matter(fs.readFileSync(file, "utf8"));
    expect(data).toMatchObject({ title: "Spring Throwdown 2027", start: "2027-04-17 09:00", end: "2027-04-17 11:00", price: 0 });
    expectContentValid();
    expect(violations).toEqual([]);
  });
});

test("staff post tomorrow's workout from a phone and it lands as content/wod/<day>.md", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const violations = await openEditor(page, "/collections/wod/new");
  await page.getByLabel("Day").fill("2026-12-01");
  await page.getByLabel("Title").fill("Tuesday Thrusters");
  await page.getByRole("button", { name: /Add Parts/i }).click();
  const part = page.locator('[class*="SortableListItem"]').last();
  await part.getByLabel("Part").fill("Metcon");
  await part.getByLabel("Rx", { exact: true }).fill("21-15-9 for time:\nThrusters (95/65 lb)\nPull-ups");
  await part.getByLabel("Scaled", { exact: true }).fill("21-15-9 for time:\nThrusters (65/45 lb)\nBanded pull-ups");
  await part.getByLabel("Foundations", { exact: true }).fill("15-12-9:\nDumbbell thrusters\nRing rows");
  await page.getByLabel("Coach's notes").fill("Pick a load you can move in two sets.");
  // The picture in CONTENT.md: the day, the title and the first part, as a phone shows them.
  await page.getByLabel("Title").evaluate((field) => field.scrollIntoView({ block: "center" }));
  await shot(page, "post-a-workout");
  await publish(page);

  const { data } = matter(fs.readFileSync(scratch("wod", "2026-12-01.md"), "utf8"));
  expect(String(data.date instanceof Date ? data.date.toISOString().slice(0, 10) : data.date)).toBe("2026-12-01");
  expect(data.parts).toEqual([
    {
      name: "Metcon",
      rx: "21-15-9 for time:\nThrusters (95/65 lb)\nPull-ups",
      scaled: "21-15-9 for time:\nThrusters (65/45 lb)\nBanded pull-ups",
      foundations: "15-12-9:\nDumbbell thrusters\nRing rows",
    },
  ]);
  expectContentValid();
  expect(violations).toEqual([]);
});

test("staff change a plan's price and rates.json still passes the checks", async ({ page }) => {
  const before = JSON.parse(fs.readFileSync(scratch("rates.json"), "utf8")) as {
    plans: Array<{ id: string; name: string; price: number; period: string }>;
  };
  // The plan as the content has it today, so a price the staff changed in the editor does not break this test.
  const unlimited = before.plans.find((plan) => plan.id === "unlimited");
  expect(unlimited, "rates.json has the unlimited plan").toBeDefined();
  const newPrice = unlimited!.price + 5;
  const violations = await openEditor(page, "/collections/settings/entries/rates");
  // Plans are listed folded, each under its own summary (src/cms/settings.ts); the first button of an item unfolds it.
  const plan = page
    .locator('[class*="SortableListItem"]')
    .filter({ hasText: `${unlimited!.name}: $${unlimited!.price} / ${unlimited!.period}` });
  await plan.getByRole("button").first().click();
  const price = plan.getByLabel("Price in dollars");
  await price.fill(String(newPrice));
  await shot(page, "change-a-price");
  await publish(page);

  const after = JSON.parse(fs.readFileSync(scratch("rates.json"), "utf8")) as typeof before;
  expect(after.plans.find((plan) => plan.id === "unlimited")?.price).toBe(newPrice);
  // Nothing else changed.
  expect(after.plans.map(({ id }) => id)).toEqual(before.plans.map(({ id }) => id));
  expect(after.plans.filter((plan) => plan.id !== "unlimited")).toEqual(before.plans.filter((plan) => plan.id !== "unlimited"));
  expectContentValid();
  expect(violations).toEqual([]);
});

/**
 * Replaces a field's text as staff do, by selecting it and typing: Decap's text field puts its caret
 * back after each change, so Playwright's fill and clear may add to the old text or leave it.
 */
async function typeOver(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press("ControlOrMeta+a");
  if (text) await page.keyboard.insertText(text);
  else await page.keyboard.press("Backspace");
  await expect(field).toHaveValue(text);
}

test("staff paste the gym's map position: three decimals are refused in the editor, six land in site.json", async ({ page }) => {
  const before = JSON.parse(fs.readFileSync(scratch("site.json"), "utf8")) as Record<string, unknown>;
  const violations = await openEditor(page, "/collections/settings/entries/site");
  // Decap adds "(optional)" to the label of a field it does not require.
  const position = page.getByLabel("Map position (optional)");
  await position.fill("47.053, -122.295");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now", { exact: true }).click();
  // The build's own words, before anything is written.
  await expect(page.getByText("each with four decimals or more").first()).toBeVisible();
  expect(JSON.parse(fs.readFileSync(scratch("site.json"), "utf8"))).toEqual(before);

  await typeOver(page, position, "47.053121, -122.294612");
  await publish(page);
  const after = JSON.parse(fs.readFileSync(scratch("site.json"), "utf8")) as Record<string, unknown>;
  expect(after).toEqual({ ...before, mapPosition: "47.053121, -122.294612" });
  expectContentValid();

  // Emptied again: Decap writes "", which the build reads as no position. The saved entry is loaded
  // back into the form after publishing; emptied before then, the change would be lost.
  await expect(page.getByText("Changes saved")).toBeVisible();
  await typeOver(page, position, "");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();
  // The first save's notice goes first, so the one publish() waits for is this save's.
  await expect(page.getByText(/Entry saved/i)).toHaveCount(0, { timeout: 15_000 });
  await publish(page);
  // Read until decap-server's write is done.
  const saved = () => {
    try {
      return JSON.parse(fs.readFileSync(scratch("site.json"), "utf8")) as unknown;
    } catch {
      return "(being written)";
    }
  };
  await expect.poll(saved).toEqual({ ...before, mapPosition: "" });
  expectContentValid();
  expect(violations).toEqual([]);
});

test("staff add a photo with its description to a gallery", async ({ page }) => {
  const galleryFile = scratch("galleries", "events", "gallery.json");
  const before = JSON.parse(fs.readFileSync(galleryFile, "utf8")) as { images: Array<{ id: string; src: string; alt: string }> };
  const violations = await openEditor(page, "/collections/galleries");
  await page.getByText("Event Photography").click();
  await page.getByRole("button", { name: /Add Photos/i }).click();
  const item = page.locator('[class*="SortableListItem"]').last();
  await item.getByLabel("Id").fill("events-7");
  await item.getByLabel("Photo description").fill("Members stacking plates after the holiday workout");
  await item.getByRole("button", { name: /Choose an image/i }).click();
  await page.locator('input[type="file"]').setInputFiles("content/images/hero.jpg");
  await page.getByRole("button", { name: /Choose selected/i }).click();
  await expect(page.getByRole("button", { name: /Choose selected/i })).toBeHidden();
  await expect(item.getByRole("img").first()).toBeVisible();
  await shot(page, "add-a-photo");
  await publish(page);

  const gallery = JSON.parse(fs.readFileSync(galleryFile, "utf8")) as typeof before;
  // The photo is stored in the gallery's own folder and named relative to its gallery.json.
  expect(gallery.images.at(-1)).toEqual({ id: "events-7", src: "hero.jpg", alt: "Members stacking plates after the holiday workout" });
  expect(fs.readFileSync(scratch("galleries", "events", "hero.jpg"))).toEqual(fs.readFileSync("content/images/hero.jpg"));
  expect(gallery.images.slice(0, -1)).toEqual(before.images);
  expectContentValid();
  expect(violations).toEqual([]);
});
