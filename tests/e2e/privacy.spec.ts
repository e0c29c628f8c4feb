import { expect, test, type Page } from "@playwright/test";
import { addDays, formatLongDate } from "../../src/content/dates";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { HEALTH_CONSENT_NEEDED } from "../../src/forms/signup/schema";
import { privacy, waiver } from "../../src/server/content";
import { pathTo } from "../../src/routes";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_DAY_SITE, BUILD_INSTANT } from "../support/buildDay";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp } from "../support/smtp";
import { expectNoAxeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { runScript } from "../support/tsxNode";

/** Washington's My Health My Data Act duties as a visitor and the staff meet them. */

// A sign-up's start date and a request's answer-by date count from today: the browser's and the
// server's, both on the build's day.
test.use({ baseURL: BUILD_DAY_SITE.url });
const DATA_DIR = BUILD_DAY_SITE.dataDir;

const submissionsCli = (dataDir: string, ...args: string[]) => runScript("scripts/submissions.ts", args, { DATA_DIR: dataDir });

/** Opens a form page with the page's clock under the test's control, so "a person took a while" needs no waiting. */
async function openForm(page: Page, path: string) {
  await page.clock.install({ time: BUILD_INSTANT });
  await gotoReady(page, path);
}

const labelled = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s|$)`);

async function fillSignup(page: Page, email: string) {
  await page.getByLabel(labelled("Plan")).selectOption("unlimited");
  await page.getByLabel(labelled("Start date")).fill(addDays(BUILD_DAY, 3));
  await page.getByLabel(labelled("Member's first name")).fill("Robin");
  await page.getByLabel(labelled("Member's last name")).fill("Hale");
  await page.getByLabel(labelled("Member's date of birth")).fill("1988-02-03");
  await page.getByLabel(labelled("Email")).fill(email);
  await page.getByLabel(labelled("Phone")).fill("253-555-0160");
  await page.getByLabel(labelled("Emergency contact's name")).fill("Alex Hale");
  await page.getByLabel(labelled("Emergency contact's phone")).fill("253-555-0161");
  await page.getByLabel(labelled("I have read the waiver and accept it")).check();
}

const HEALTH = "Torn left meniscus, surgery in March";
const CONSENT = /^I want to tell the coaches about injuries or health conditions/;

// Every page's footer links to the policy: checked where every page is opened once, tests/e2e/pages.spec.ts.
test("the footer links to the Consumer Health Data Privacy Policy, which covers what the Act lists", async ({ page }) => {
  await gotoReady(page, "/");
  await page.locator("footer").getByRole("link", { name: "Consumer Health Data Privacy Policy" }).click();
  await expect(page).toHaveURL(pathTo("healthData"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consumer Health Data Privacy Policy");
  for (const section of ["What health data we collect and why", "Who we share it with", "Your rights", "How to appeal"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.locator("main")).toContainText(`within ${privacy.requestResponseDays} days`);
  await expect(page.locator("main")).not.toContainText("{{");
  await expect(page.getByRole("link", { name: "Ask about your data" })).toHaveAttribute("href", "/privacy/request/");
});

test.describe("sign-up health information", () => {
  test("axe passes with the consent box unticked, ticked, and with errors shown", async ({ page }) => {
    await gotoReady(page, "/membership/signup/");
    const consent = page.getByRole("checkbox", { name: CONSENT });
    const field = page.getByLabel(labelled("Injuries or health conditions a coach should know about"));
    await expect(consent).not.toBeChecked();
    // Until the visitor first uses the form it is the page's HTML, every field shown (it works without
    // script so); the first focus makes it live, and the field waits for the consent.
    await expect(field).toHaveCount(1);
    await consent.focus();
    await expect(field).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Consumer Health Data Privacy Policy" }).first()).toHaveAttribute(
      "href",
      pathTo("healthData"),
    );
    await expectNoAxeViolations(page, "sign-up, health consent not given");
    await consent.check();
    await field.fill(HEALTH);
    await expectNoAxeViolations(page, "sign-up, health consent given");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByLabel(labelled("Plan"))).toBeFocused();
    await expect(field).toHaveValue(HEALTH);
    await expectNoAxeViolations(page, "sign-up, consent given, other fields missing");
  });

  test("the consent box gates the field: without consent nothing of it is sent or stored", async ({ page }) => {
    await openForm(page, "/membership/signup/");
    const consent = page.getByRole("checkbox", { name: CONSENT });
    const field = page.getByLabel(labelled("Injuries or health conditions a coach should know about"));
    await consent.check();
    await field.fill(HEALTH);

    // Changing one's mind hides the field; what was typed stays on the page, but is not sent.
    await consent.uncheck();
    await expect(field).toHaveCount(0);
    await fillSignup(page, "robin.nohealth@example.com");
    await page.clock.fastForward(MIN_FILL_MS + 500);
    const sent = page.waitForRequest("**/api/signup");
    await page.getByRole("button", { name: "Sign up" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty("healthInfo");
    expect(body).not.toHaveProperty("healthConsent");
    expect(JSON.stringify(body)).not.toContain("meniscus");
    expect(body.waiverVersion).toBe(waiver.version);
    await expect(page.getByTestId("form-success")).toContainText("Welcome to the gym!");
    const held = submissionsCli(DATA_DIR, "find", "--email", "robin.nohealth@example.com");
    expect(held).toContain("S-");
    expect(held).not.toContain("meniscus");
  });

  test("with consent the field is sent and stored with the consent and the waiver's version", async ({ page }) => {
    await openForm(page, "/membership/signup/");
    await fillSignup(page, "robin.health@example.com");
    await page.getByRole("checkbox", { name: CONSENT }).check();
    await page.getByLabel(labelled("Injuries or health conditions a coach should know about")).fill(HEALTH);
    await page.clock.fastForward(MIN_FILL_MS + 500);
    const sent = page.waitForRequest("**/api/signup");
    await page.getByRole("button", { name: "Sign up" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ healthInfo: HEALTH, healthConsent: true });
    await expect(page.getByTestId("form-success")).toBeVisible();
    const held = JSON.parse(submissionsCli(DATA_DIR, "find", "--email", "robin.health@example.com")) as {
      submissions: Array<{ reference: string }>;
    };
    expect(JSON.stringify(held)).toContain(HEALTH);
    expect(JSON.stringify(held)).toContain(waiver.version);

    // The member withdraws consent: the health information goes, the sign-up stays.
    const [signup] = held.submissions;
    expect(submissionsCli(DATA_DIR, "withdraw-consent", "--id", signup!.reference)).toContain("Removed the health information");
    const after = submissionsCli(DATA_DIR, "find", "--email", "robin.health@example.com");
    expect(after).toContain(signup!.reference);
    expect(after).not.toContain("meniscus");
  });

  test("the server refuses health text sent without consent (422) and stores nothing", async ({ request }) => {
    const body = {
      plan: "unlimited",
      startDate: addDays(BUILD_DAY, 3),
      firstName: "Quinn",
      lastName: "Ames",
      dateOfBirth: "1990-01-01",
      email: "quinn.noconsent@example.com",
      phone: "253-555-0170",
      emergencyContactName: "Pat Ames",
      emergencyContactPhone: "253-555-0171",
      waiverAccepted: true,
      waiverVersion: waiver.version,
      healthInfo: HEALTH,
      elapsedMs: 9000,
    };
    for (const consent of [{}, { healthConsent: false }]) {
      const response = await request.post("/api/signup", { data: { ...body, ...consent } });
      expect(response.status()).toBe(422);
      expect(await response.json()).toEqual({ errors: { healthConsent: HEALTH_CONSENT_NEEDED } });
    }
    expect(submissionsCli(DATA_DIR, "find", "--email", body.email)).not.toContain("S-");
  });
});

test.describe("privacy requests", () => {
  test("a visitor using only the keyboard asks for deletion and gets a reference and the answer-by date", async ({ page }) => {
    await openForm(page, "/privacy/request/");
    const form = page.getByRole("form", { name: "Your request" });
    await expectNoAxeViolations(page, "the privacy request form");
    await form.getByRole("button", { name: "Send request" }).focus();
    await page.keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: "See my data" })).toBeFocused();
    await expectNoAxeViolations(page, "the privacy request form's error state");

    // Arrow keys move through the choices and choose: See, Correct, Delete.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(form.getByRole("radio", { name: "Delete my data" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(labelled("Your name"))).toBeFocused();
    await page.keyboard.type("Jordan Keyes");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Jordan.Keyes@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Please delete my free-intro booking too.");
    await page.keyboard.press("Tab");
    await expect(form.getByRole("button", { name: "Send request" })).toBeFocused();
    await page.clock.fastForward(MIN_FILL_MS + 500);
    await page.keyboard.press("Enter");

    const success = page.getByTestId("form-success");
    await expect(success).toBeFocused();
    await expect(success).toContainText(formatLongDate(addDays(BUILD_DAY, privacy.requestResponseDays)));
    const reference = (await success.locator("span").last().textContent()) ?? "";
    expect(reference).toMatch(/^P-[0-9A-Z]{10}$/);
    await expectNoAxeViolations(page, "the privacy request's success state");

    const held = JSON.parse(submissionsCli(DATA_DIR, "find", "--email", "jordan.keyes@example.com")) as unknown;
    expect(JSON.stringify(held)).toContain(reference);
    expect(JSON.stringify(held)).toContain("deletion");

    // Only for the person it concerns: the owner checked it was Jordan (this server sends no mail, so no link).
    expect(submissionsCli(DATA_DIR, "verify-request", reference, "--how", "in-person")).toContain(`Marked ${reference} confirmed`);
    // Staff carry it out: Jordan sent nothing else, so nothing else goes; the request itself stays,
    // listed in the console until it is marked answered (the record of the answer).
    expect(submissionsCli(DATA_DIR, "delete", "--email", "jordan.keyes@example.com", "--request", reference, "--yes")).toBe(
      "Nothing else is held for the address jordan.keyes@example.com: nothing to delete.\n" +
        `${reference} stays listed in the staff console until it is marked answered there.\n`,
    );
    const kept = JSON.parse(submissionsCli(DATA_DIR, "find", "--email", "jordan.keyes@example.com")) as {
      submissions: Array<{ reference: string }>;
    };
    expect(kept.submissions.map((submission) => submission.reference)).toEqual([reference]);
    // Deleted in its turn (by its reference, as the retention purge does), the log names only the request.
    expect(submissionsCli(DATA_DIR, "delete", "--id", reference, "--yes")).toContain(`Deleted ${reference}`);
    expect(JSON.parse(submissionsCli(DATA_DIR, "find", "--email", "jordan.keyes@example.com"))).toMatchObject({ submissions: [] });
    const log = submissionsCli(DATA_DIR, "deletions");
    expect(log).toContain(`${reference}  privacy-request`);
    expect(log).not.toMatch(/jordan|keyes/i);
  });
});

test.describe("staff e-mail", () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("a privacy request reaches staff with the answer-by date in the subject; health text stays out of subjects and logs", async () => {
    const smtp = await startTestSmtp();
    try {
      server = await startProductionServer({ env: { ...BUILD_DAY_SERVER_ENV, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" } });
      const post = (path: string, body: Record<string, unknown>) =>
        fetch(`${server!.url}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ elapsedMs: 9000, ...body }),
        });
      const request = await post("/api/privacy-request", { name: "Jordan Keyes", email: "jordan@example.com", request: "access" });
      expect(request.status).toBe(201);
      const { id } = (await request.json()) as { id: string };
      const signup = await post("/api/signup", {
        plan: "unlimited",
        startDate: addDays(BUILD_DAY, 3),
        firstName: "Robin",
        lastName: "Hale",
        dateOfBirth: "1988-02-03",
        email: "robin@example.com",
        phone: "253-555-0160",
        emergencyContactName: "Alex Hale",
        emergencyContactPhone: "253-555-0161",
        waiverAccepted: true,
        waiverVersion: waiver.version,
        healthInfo: HEALTH,
        healthConsent: true,
        notes: "Mornings suit me",
      });
      expect(signup.status).toBe(201);
      // The request's address gets its link first; staff hear of the request once it is confirmed. The
      // sign-up's staff alert and its visitor's instant answer go meanwhile.
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(3);
      const link = smtp.received.find((mail) => mail.to.includes("jordan@example.com"));
      const token = /\/privacy\/confirm\/#token=([A-Za-z0-9_-]{43})/.exec(mimePart(link?.raw ?? "", "text/plain") ?? "")?.[1];
      const confirmed = await fetch(`${server.url}/api/privacy-confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token }),
      });
      expect(confirmed.status).toBe(200);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(4);

      const due = formatLongDate(addDays(BUILD_DAY, privacy.requestResponseDays));
      const requestMail = smtp.received.find((mail) => mail.to.includes("coaches@gym.example") && mail.header("Subject")?.includes(id));
      expect(requestMail?.header("Subject")).toBe(`Privacy request from Jordan Keyes (See my data): answer by ${due} [${id}]`);
      expect(requestMail?.raw).toContain(`Answer by: ${due}`);

      const signupMail = smtp.received.find((mail) => mail.header("Subject")?.startsWith("Membership sign-up"));
      expect(signupMail?.header("Subject")).not.toContain("meniscus");
      expect(signupMail?.raw).toContain("meniscus");
      // The visitor's instant answer names the plan, never the health text or the notes.
      const answer = smtp.received.find((mail) => mail.to.includes("robin@example.com"));
      expect(answer?.header("Subject")).toBe("Your sign-up at CrossFit Graham");
      expect(answer?.raw).not.toContain("meniscus");
      expect(answer?.raw).not.toContain("Mornings suit me");
      expect(server.output()).not.toContain("meniscus");
    } finally {
      await smtp.stop();
    }
  });
});
