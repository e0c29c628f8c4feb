import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { formatLongDate } from "../../src/content/dates";
import { phoneLabel } from "../../src/desk/leads";
import { BUILD_DAY, BUILD_DAY_SITE, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { signInContext, withStore } from "../support/staff";
import { expectNoAxeViolations } from "./support/axe";
import { findLayoutFaults } from "./support/layout";
import { gotoReady } from "./support/page";
import { newVisitor, sendContactForm } from "./support/visitor";

/**
 * The leads inbox against the production build and server: a lead sent on the public site, worked in
 * the console, and found again by its views, search, filters and CSV.
 */

// "Follow up today" is today by the server's clock: the server and these tests are on the build's day.
test.use({ baseURL: BUILD_DAY_SITE.url });
const DATA_DIR = BUILD_DAY_SITE.dataDir;

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });

async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Name, e-mail or phone" }).fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

async function expectLaidOut(page: Page, what: string) {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const faults = await page.evaluate(findLayoutFaults);
    expect(
      faults.map((fault) => `${fault.kind}: ${fault.detail}`),
      `${what} at ${width}px`,
    ).toEqual([]);
    await expectNoAxeViolations(page, `${what} at ${width}px`);
  }
}

test("a contact form sent on the site is worked in the inbox: status, note, follow-up, views, search, CSV", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const who = newVisitor("Inbox");
  const reference = await sendContactForm(page, who);
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());

  await gotoReady(page, "/staff/?view=new");
  await search(page, who.name);
  const lead = card(page, who.name);
  await expect(lead).toContainText("New");
  await expect(lead).toContainText(who.email);
  await expectLaidOut(page, "the inbox");

  await lead.getByRole("link", { name: who.name }).click();
  // The list is of people: the card opens the person (the alert's link, with the form's reference, opens them too).
  await expect(page).toHaveURL(/\/staff\/lead\/\?id=N-[0-9A-Z]{10}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(who.name);
  await expect(page.getByText("Do you have evening classes?")).toBeVisible();
  // The topic in the words the visitor chose, not the form's code.
  await expect(page.getByRole("definition").filter({ hasText: /^Membership$/ })).toBeVisible();
  // One timeline: so far, only the form they sent.
  await expect(page.getByRole("listitem").filter({ hasText: `Sent the Contact form (${reference})` })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status:" })).toHaveCount(0);
  // Call, text and write in one tap.
  await expect(page.getByRole("link", { name: `Call ${who.name}, ${phoneLabel(who.stored)}` })).toHaveAttribute(
    "href",
    `tel:${who.stored}`,
  );
  await expect(page.getByRole("link", { name: `Text ${who.name}, ${phoneLabel(who.stored)}` })).toHaveAttribute(
    "href",
    `sms:${who.stored}`,
  );
  await expect(page.getByRole("link", { name: `E-mail ${who.name}, ${who.email}` })).toHaveAttribute("href", `mailto:${who.email}`);
  // On a phone, what Save did is said beside the button, where the eye is (not at the top of the page).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel("Status").selectOption("contacted");
  await page.getByLabel("Follow-up date").fill(BUILD_DAY);
  await page.getByRole("button", { name: "Save" }).click();
  const saved = page.getByRole("status").filter({ hasText: "Saved." });
  await expect(saved).toBeInViewport();
  await expect(page.getByRole("button", { name: "Save" })).toBeInViewport();
  await page.getByLabel("New note").fill("Called, left a message.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeInViewport();
  // The change in the history with who and when, and how fast the gym answered.
  const change = page.getByRole("listitem").filter({ hasText: "Status: Contacted" });
  await expect(change).toContainText(/^Status: Contacted.*owner-.*@example\.com, \w{3}, \w{3} \d+, \d+:\d\d [AP]M$/);
  await expect(page.getByText(/^Answered in /)).toBeVisible();
  await expectLaidOut(page, "the lead screen");

  // "All leads" goes back to the view the list was on, not to the whole list.
  await page.getByRole("link", { name: "All leads" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/\\?view=new&q=${encodeURIComponent(who.name).replace(/%20/g, "\\+")}$`));
  await expect(page.getByLabel("View")).toHaveValue("new");
  await gotoReady(page, `/staff/lead/?id=${reference}`);

  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
  await expect(page.getByLabel("Follow-up date")).toHaveValue(BUILD_DAY);
  await expect(page.getByRole("listitem").filter({ hasText: "Called, left a message." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Status: Contacted" })).toHaveCount(1);

  // Due today: in "Follow up today", no longer in "New".
  await gotoReady(page, `/staff/?view=follow-up&q=${encodeURIComponent(who.email)}`);
  await expect(card(page, who.name)).toContainText("Contacted");
  // The date in words, as everywhere else the gym's staff read one.
  await expect(card(page, who.name)).toContainText(`Follow up ${formatLongDate(BUILD_DAY)}`);
  await page.getByLabel("View").selectOption("new");
  await expect(page.getByRole("status").filter({ hasText: "0 people." })).toBeVisible();

  // Search by phone as people write it; filters by form and status.
  await page.getByLabel("View").selectOption("all");
  await search(page, who.phone);
  await expect(card(page, who.name)).toBeVisible();
  await page.getByLabel("Form").selectOption("signup");
  await expect(page.getByRole("status").filter({ hasText: "0 forms." })).toBeVisible();
  await page.getByLabel("Form").selectOption("contact");
  await page.getByLabel("Status").selectOption("contacted");
  await expect(card(page, who.name)).toBeVisible();
  await page.getByLabel("Status").selectOption("lost");
  await expect(page.getByRole("status").filter({ hasText: "0 people." })).toBeVisible();

  // The owner's CSV of the current view.
  await page.getByLabel("Status").selectOption("contacted");
  const href = await page.getByRole("link", { name: "Download this view as CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(`"${reference}"`);
  // A person reads the file: the gym's words and time, the exact instant in a column of its own.
  const [header = "", row = ""] = text.split("\r\n").filter((line) => line.includes("reference") || line.includes(reference));
  // One row per person: their reference and how many forms they sent, then their newest form's fields.
  expect(header).toContain(`"received","received (ISO 8601, UTC)","person","forms","source"`);
  expect(header).toContain(`"status","follow-up","answered in","answered in (opening hours)"`);
  expect(row).toContain(`"Contact","`);
  expect(row).toMatch(/"\w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M Pacific (Standard|Daylight) Time","\d{4}-\d\d-\d\dT[\d:.]+Z"/);
  expect(row).toContain(`"Contacted","${formatLongDate(BUILD_DAY)}"`);
  expect(row).toContain(`"Membership"`);
  expect(text).toContain(`"'${who.stored}"`);
});

test("a visit from a campaign link, browsed, then the contact form: the lead says where it came from", async ({
  page,
  context,
  baseURL,
}) => {
  const who = newVisitor("Inbox");
  await page.clock.install({ time: BUILD_INSTANT });
  // Arriving from a Facebook post's link, which carries the campaign; the referring page's own address
  // (its query here holds a token) must not be kept.
  await page.goto("/?utm_source=facebook&utm_campaign=open-house&fbclid=IwAR0secret", {
    referer: "https://l.facebook.com/l.php?u=https%3A%2F%2Fgym&h=AT0secret",
  });
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  // Browsing: a link inside the site, then another page loaded afresh in the same tab.
  const inSite = page.locator("main a[href^='/']:visible").first();
  const next = (await inSite.getAttribute("href"))!;
  await inSite.click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  const reference = await sendContactForm(page, who);
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  await gotoReady(page, `/staff/lead/?id=${reference}`);
  const source = (label: string) =>
    page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");
  // The channel the reports count, the value as the link sent it, and the page named, never a code.
  await expect(source("Came from")).toHaveText("Facebook");
  await expect(source("Source as sent")).toHaveText("facebook");
  await expect(source("Campaign")).toHaveText("open-house");
  await expect(source("Referred by")).toHaveText("l.facebook.com");
  await expect(source("Landed on")).toHaveText("the home page");
  await expect(source("Medium")).toHaveCount(0);
  await withStore(DATA_DIR, async (store) => {
    expect(await store.leadSource(reference)).toEqual({
      landingPage: "/",
      referrerHost: "l.facebook.com",
      utmSource: "facebook",
      utmMedium: null,
      utmCampaign: "open-house",
    });
    // Nothing of either address beyond that: not in the source, not in the fields.
    expect(JSON.stringify(await store.get(reference))).not.toMatch(/secret|fbclid|utm|facebook/i);
  });
  // In the owner's CSV too.
  const csv = await page.request.get(`/api/staff/leads?format=csv&q=${encodeURIComponent(who.email)}`);
  const [header = "", row = ""] = (await csv.text()).split("\r\n");
  expect(header).toContain(`"source","medium","campaign","landing page","referred by"`);
  expect(row).toContain(`"facebook","","open-house","/","l.facebook.com"`);
});

test("the owner writes reply templates; a coach reads them; without mail the lead says replies cannot go", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  const name = `Open house ${randomUUID().slice(0, 6)}`;
  // The contact form below is sent on this clock, so it is not taken for a bot's too-fast send.
  await page.clock.install({ time: BUILD_INSTANT });
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  await gotoReady(page, "/staff/replies/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reply templates");
  const fresh = page.getByRole("form", { name: "A new template" });
  await fresh.getByLabel("Name").fill(name);
  await fresh.getByLabel("Subject").fill("Come to our open house");
  await fresh.getByLabel("Reply").fill("Hi {name},\n\nJoin us Saturday. Book here: {intro}");
  await fresh.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added "${name}".` })).toBeVisible();
  const saved = page.getByRole("form", { name });
  await expect(saved.getByLabel("Subject")).toHaveValue("Come to our open house");
  await expectLaidOut(page, "the reply templates");

  // A coach reads them, and cannot write them.
  const coach = await browser.newContext({ baseURL });
  await signInContext(coach, baseURL!, DATA_DIR, `coach-${randomUUID().slice(0, 6)}@example.com`, "coach", nowOnBuildDay());
  const coachPage = await coach.newPage();
  await gotoReady(coachPage, "/staff/replies/");
  await expect(coachPage.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(coachPage.getByRole("button", { name: /^Save / })).toHaveCount(0);
  const write = await coachPage.request.post("/api/staff/reply-templates", {
    headers: { Origin: baseURL! },
    data: { action: "save", name: "Coach's own", subject: "x", body: "y" },
  });
  expect(write.status()).toBe(403);
  await coach.close();

  // This server has no mail set up: a lead's page says so instead of offering a box that cannot send.
  const who = newVisitor("Inbox");
  const reference = await sendContactForm(page, who);
  await gotoReady(page, `/staff/lead/?id=${reference}`);
  await expect(page.getByText("E-mail is not set up on this server, so replies cannot be sent from here")).toBeVisible();

  await gotoReady(page, "/staff/replies/");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Deleted "${name}".` })).toBeVisible();
  await expect(page.getByRole("form", { name })).toHaveCount(0);
});

test("on a phone the first screen is the leads that need action: header on one row, filters and menu behind one button each", async ({
  page,
  context,
  baseURL,
}) => {
  const tag = randomUUID().slice(0, 8);
  const at = nowOnBuildDay();
  const insert = (id: string, name: string) =>
    withStore(DATA_DIR, (store) =>
      store.insert({
        id,
        form: "contact",
        createdAt: at,
        payload: { name, email: `${id.toLowerCase()}@example.com`, interest: "membership", message: "Hi" },
        spam: null,
        notify: false,
      }),
    );
  const ids = ["A", "B", "C", "D"].map((letter) => `C-${letter}${tag.toUpperCase()}X`.slice(0, 12));
  for (const [index, id] of ids.entries()) await insert(id, `Phone ${tag} ${"ABCD"[index]}`);
  await withStore(DATA_DIR, async (store) => {
    await store.updateLead(ids[1]!, { status: "contacted", followUpOn: BUILD_DAY }, "owner@example.com", at);
    await store.updateLead(ids[2]!, { status: "contacted" }, "owner@example.com", at);
  });
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoReady(page, "/staff/");
  await expect(page.getByRole("status").filter({ hasText: /^\d+ people\.$/ })).toBeVisible();
  // One row of header: the console's name and a Menu button.
  const header = await page.getByRole("banner").boundingBox();
  expect(header!.height).toBeLessThan(80);
  await expect(page.getByRole("navigation", { name: "Staff console" })).toBeHidden();
  await expect(page.getByRole("search", { name: "Leads" })).toBeHidden();
  // At least three leads, whole, on the first screen.
  const cards = page.getByRole("main").getByRole("listitem");
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  const third = await cards.nth(2).boundingBox();
  expect(third!.y + third!.height).toBeLessThanOrEqual(844);
  await expectNoAxeViolations(page, "the phone's first screen");

  // Needs action: New, and due for follow-up today; not a lead already answered with nothing due.
  await page.getByRole("button", { name: /^Filters and search: Needs action/ }).click();
  await search(page, `Phone ${tag}`);
  await expect(page.getByRole("status").filter({ hasText: "3 people." })).toBeVisible();
  await expect(card(page, `Phone ${tag} C`)).toHaveCount(0);
  await expect(card(page, `Phone ${tag} B`)).toContainText("Contacted");
  await expect(page.getByRole("button", { name: "Filters and search: Needs action, filtered" })).toHaveAttribute("aria-expanded", "true");
  await expectLaidOut(page, "the lead list with its filters open");

  // The menu opens below the header, by keyboard too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).focus();
  await page.keyboard.press("Enter");
  const nav = page.getByRole("navigation", { name: "Staff console" });
  await expect(nav).toBeVisible();
  await expectNoAxeViolations(page, "the phone's open menu");
  await nav.getByRole("link", { name: "Intros" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Free intros" })).toBeVisible();
});

test("a coach works leads but gets 403 on the CSV", async ({ page, context, baseURL }) => {
  await signInContext(context, baseURL!, DATA_DIR, `coach-${randomUUID().slice(0, 6)}@example.com`, "coach", nowOnBuildDay());
  await gotoReady(page, "/staff/");
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download this view as CSV" })).toHaveCount(0);
  const answer = await page.request.get("/api/staff/leads?format=csv");
  expect(answer.status()).toBe(403);
  expect((await answer.json()) as unknown).toEqual({ error: "Only the gym's owner can download leads." });
});

test("a false positive in the Spam view is restored to the leads", async ({ page, context, baseURL }) => {
  const who = newVisitor("Inbox");
  const reference = `C-${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;
  await withStore(DATA_DIR, (store) =>
    store.insert({
      id: reference,
      form: "contact",
      createdAt: nowOnBuildDay(),
      payload: { name: who.name, email: who.email, interest: "membership", message: "Real person, typed fast." },
      spam: "too-fast",
      notify: false,
    }),
  );
  await signInContext(context, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  await gotoReady(page, `/staff/?q=${encodeURIComponent(who.email)}`);
  await expect(page.getByRole("status").filter({ hasText: "0 people." })).toBeVisible();
  await page.getByLabel("View").selectOption("spam");
  await expect(card(page, who.name)).toContainText("Held as spam");
  await expect(card(page, who.name)).toContainText("Because it was sent faster than a person can type");
  await expectLaidOut(page, "the spam view");
  await card(page, who.name).getByRole("link", { name: who.name }).click();
  await page.getByRole("button", { name: "Not spam: move to the leads" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Moved to the leads." })).toBeVisible();
  await gotoReady(page, `/staff/?q=${encodeURIComponent(who.email)}`);
  await expect(card(page, who.name)).toContainText("New");
});

test("a coach never sees a privacy request: not in the list, the search, the form filter, a lead's history or the API", async ({
  page,
  context,
  baseURL,
}) => {
  const who = newVisitor("Inbox");
  const tag = randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase();
  const [contact, privacy] = [`C-${tag}`, `P-${tag}`];
  await withStore(DATA_DIR, async (store) => {
    const createdAt = nowOnBuildDay();
    await store.insert({
      id: contact,
      form: "contact",
      createdAt,
      payload: { name: who.name, email: who.email, interest: "membership", message: "Evening classes?" },
      spam: null,
      notify: false,
    });
    await store.insert({
      id: privacy,
      form: "privacy-request",
      createdAt,
      payload: { name: who.name, email: who.email, request: "deletion", details: "Please delete my injury notes." },
      spam: null,
      notify: false,
    });
  });
  // The owner sees both: the coach's view below leaves one out, it does not miss it.
  const owner = await context.browser()!.newContext({ baseURL });
  await signInContext(owner, baseURL!, DATA_DIR, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner", nowOnBuildDay());
  const ownersList = (await (await owner.request.get(`/api/staff/leads?q=${encodeURIComponent(who.email)}`)).json()) as {
    leads: Array<{ id: string }>;
  };
  // The people list holds the person of the contact message; the privacy request is in the forms' own list.
  expect(ownersList.leads.map((lead) => lead.id)).toEqual([expect.stringMatching(/^N-/)]);
  const ownersForms = (await (await owner.request.get(`/api/staff/leads?view=members&q=${encodeURIComponent(who.email)}`)).json()) as {
    leads: Array<{ id: string }>;
  };
  expect(ownersForms.leads.map((lead) => lead.id)).toEqual([privacy]);
  await owner.close();

  await signInContext(context, baseURL!, DATA_DIR, `coach-${randomUUID().slice(0, 6)}@example.com`, "coach", nowOnBuildDay());
  await gotoReady(page, `/staff/?q=${encodeURIComponent(who.email)}`);
  await expect(page.getByRole("status").filter({ hasText: "1 person." })).toBeVisible();
  await expect(card(page, who.name)).toContainText("Contact");
  await expect(page.getByText("Privacy request")).toHaveCount(0);
  const formChoices = await page.getByLabel("Form").locator("option").allTextContents();
  expect(formChoices).toContain("Contact");
  expect(formChoices).not.toContain("Privacy request");
  await card(page, who.name).getByRole("link", { name: who.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(who.name);
  await expect(page.getByRole("listitem").filter({ hasText: `Sent the Contact form (${contact})` })).toHaveCount(1);
  await expect(page.getByText("Privacy request")).toHaveCount(0);
  await expect(page.getByText("Please delete my injury notes.")).toHaveCount(0);

  // By its reference, the page and the API refuse; nothing the coach posts changes it.
  await gotoReady(page, `/staff/lead/?id=${privacy}`);
  await expect(page.getByRole("status").filter({ hasText: "Only the gym's owner can see privacy requests." })).toBeVisible();
  const origin = { Origin: baseURL! };
  const refusals = [
    await page.request.get(`/api/staff/lead?id=${privacy}`),
    await page.request.get("/api/staff/leads?form=privacy-request"),
    await page.request.post("/api/staff/lead", { headers: origin, data: { id: privacy, status: "contacted", note: "Seen it." } }),
    await page.request.post("/api/staff/lead", { headers: origin, data: { id: privacy, action: "restore-spam" } }),
  ];
  for (const answer of refusals) {
    expect(answer.status(), answer.url()).toBe(403);
    expect(await answer.json()).toEqual({ error: "Only the gym's owner can see privacy requests." });
  }
  await withStore(DATA_DIR, async (store) => {
    expect((await store.leadStates([privacy])).size).toBe(0);
    expect(await store.notes(privacy)).toEqual([]);
  });
});
