import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { StaffRole } from "../../src/desk/roles";
import { mimePart, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { type MailedSite, SHARED_INBOX, skipPostgres, startMailedSite } from "./support/mailedSite";
import { expectScreenSound } from "./support/staff";

/**
 * Every staff account gets the alert of each new lead, and each turns it off for itself on Your
 * settings: in a real Chromium at a phone's width, on a production server of its own with a real mail
 * server on loopback, on each database the site can use. A visitor's contact form, sent from a campaign
 * link, is e-mailed once to the gym's shared inbox (STAFF_EMAIL) and to every account that wants it,
 * saying where the lead came from; the owner sees on Accounts who has it off.
 */
const SHARED = SHARED_INBOX;
const OWNER = "owner@gym.example";
const COACH = "coach@gym.example";

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`new-lead e-mails on ${database}`, () => {
    test.skip(skipPostgres(database), "PostgreSQL is not installed");
    let mailed: MailedSite | undefined;
    let smtp: TestSmtp;
    let site: string;

    test.beforeAll(async () => {
      mailed = await startMailedSite(database);
      ({ smtp, url: site } = mailed);
    });
    test.afterAll(async () => {
      await mailed?.stop();
    });

    /** The account and a session for it, in the server's own database; the browser context gets its cookie. */
    const signIn = (context: BrowserContext, email: string, role: StaffRole) => mailed!.signIn(context, email, role);

    /** A visitor arrives from a Facebook campaign's link and sends the contact form; the reference. */
    async function sendContact(page: Page, name: string): Promise<string> {
      await page.clock.install();
      await page.goto(`${site}/contact/?utm_source=facebook&utm_campaign=open-house`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const form = page.getByRole("form", { name: "Send us a message" });
      await form.getByLabel(/^Your name/).fill(name);
      await form.getByLabel(/^Email/).fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.com`);
      await form.getByLabel(/^What is your message about/).selectOption("membership");
      await form.getByLabel(/^Message/).fill("Do you have a 6 am class?");
      await page.clock.fastForward(MIN_FILL_MS);
      await page.getByRole("button", { name: "Send message" }).click();
      const reference = (await page.getByTestId("form-success").locator("span").last().textContent()) ?? "";
      expect(reference).toMatch(/^C-[0-9A-Z]{10}$/);
      return reference;
    }

    /** The alert of a lead, once the outbox has sent it. */
    async function alertOf(reference: string): Promise<ReceivedMail> {
      const alerts = () => smtp.received.filter((mail) => mail.header("Subject")?.endsWith(`[${reference}]`));
      await expect.poll(() => alerts().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      expect(alerts()).toHaveLength(1);
      return alerts()[0]!;
    }

    test("a coach turns new-lead e-mails off on a phone; the next lead reaches the others, with its source, and the owner sees it", async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const coach = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const visitor = await browser.newContext();
      try {
        await signIn(coach, COACH, "coach");
        await signIn(owner, OWNER, "owner");

        // Before: one mail, to the shared inbox and to both accounts.
        const first = await alertOf(await sendContact(await visitor.newPage(), "Rosa Before"));
        expect(first.to.sort()).toEqual([COACH, SHARED, OWNER]);
        const lines = (mimePart(first.raw, "text/plain") ?? "").split(/\r?\n/);
        expect(lines).toContain("Came from: Facebook");
        expect(lines).toContain("Landed on: the Contact Us page");

        // The coach finds the setting in the menu, on a phone.
        const page = await coach.newPage();
        await page.goto(`${site}/staff/`);
        await page.getByRole("button", { name: "Menu" }).click();
        await page.getByRole("navigation", { name: "Staff console" }).getByRole("link", { name: "Your settings" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your settings");
        const box = page.getByRole("checkbox", { name: "E-mail me each new lead" });
        await expect(box).toBeChecked();
        await expect(box).toHaveAccessibleDescription(/still get the reminder of a lead nobody has answered yet\.$/);
        await expectScreenSound(page, "Your settings", [390, 1440]);
        await page.setViewportSize({ width: 390, height: 844 });
        await box.uncheck();
        await expect(page.getByRole("status")).toHaveText("New-lead e-mails are off: you will not be e-mailed when a form comes in.");
        await page.reload();
        await expect(page.getByRole("checkbox", { name: "E-mail me each new lead" })).not.toBeChecked();

        // The next lead goes to the shared inbox and the owner only.
        const second = await alertOf(await sendContact(await visitor.newPage(), "Sam After"));
        expect(second.to.sort()).toEqual([SHARED, OWNER]);

        // The owner sees who has them off, and since when, in the gym's words; and it is in the activity.
        const accounts = await owner.newPage();
        await accounts.goto(`${site}/staff/accounts/`);
        // The accounts come first, before the recent activity, which names them too.
        const card = (email: string) =>
          accounts
            .getByRole("listitem")
            .filter({ has: accounts.getByText(email, { exact: true }) })
            .first();
        await expect(card(COACH)).toContainText(/New-lead e-mails off since \w{3}, \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M/);
        await expect(card(OWNER)).toContainText("(you)");
        await expect(card(OWNER)).not.toContainText("New-lead e-mails off");
        await expect(accounts.getByText(`${COACH} turned off their new-lead e-mails`)).toBeVisible();
        await expectScreenSound(accounts, "Accounts with an account's new-lead e-mails off", [390]);

        // Back on, from the keyboard: the next lead reaches the coach again.
        await page.getByRole("checkbox", { name: "E-mail me each new lead" }).focus();
        await page.keyboard.press("Space");
        await expect(page.getByRole("status")).toHaveText("New-lead e-mails are on: you will be e-mailed each new lead as it comes in.");
        await expect(page.getByRole("checkbox", { name: "E-mail me each new lead" })).toBeFocused();
        const third = await alertOf(await sendContact(await visitor.newPage(), "Kai Again"));
        expect(third.to.sort()).toEqual([COACH, SHARED, OWNER]);
      } finally {
        await Promise.all([coach.close(), owner.close(), visitor.close()]);
      }
    });
  });
}
