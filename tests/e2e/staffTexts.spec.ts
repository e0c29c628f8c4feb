import { randomUUID } from "node:crypto";
import { expect, test, type BrowserContext } from "@playwright/test";
import type { LeadDetail } from "../../src/desk/leads";
import type { StaffRole } from "../../src/desk/roles";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import { mimePart, type TestSmtp } from "../support/smtp";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../support/twilioApi";
import { deliveryReport, incomingText, postAsTwilio } from "../support/twilioWebhooks";
import { type MailedSite, SHARED_INBOX, skipPostgres, startMailedSite } from "./support/mailedSite";
import { expectScreenSound } from "./support/staff";

/**
 * Two-way texting from a person's page, in real Chromium on a 320 px phone, on a production server of
 * its own with a real mail server on loopback and the local Twilio that holds each request to Twilio's
 * published description of its API, on each database the site can use: a coach texts a person who
 * agreed to texts from the page; Twilio takes it, it is on the thread with its status (and then
 * Twilio's delivery report), and the person leaves Needs action, answered. Their reply, signed as
 * Twilio signs it, is on the thread, puts them back in Needs action, and is e-mailed to the staff. A
 * person whose number never agreed gets no box, but the reason; one who asked not to be texted has
 * their texts stopped from the page. Axe and the layout check find nothing in each state.
 */
const SHARED = SHARED_INBOX;
const COACH = "coach@gym.example";

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`texts from the console on ${database}`, () => {
    test.skip(skipPostgres(database), "PostgreSQL is not installed");
    test.use({ viewport: { width: 320, height: 800 } });
    let mailed: MailedSite | undefined;
    let smtp: TestSmtp;
    let twilio: TwilioApiMock;
    let site: string;

    test.beforeAll(async () => {
      twilio = await startTwilioApi();
      mailed = await startMailedSite(database, {
        TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
        TWILIO_FROM: TEST_FROM,
        TWILIO_API_URL: twilio.url,
      });
      ({ smtp, url: site } = mailed);
    });
    test.afterAll(async () => {
      await mailed?.stop();
      await twilio?.stop();
    });

    const signIn = (context: BrowserContext, email: string, role: StaffRole) => mailed!.signIn(context, email, role);

    /** A contact message as the form's script posts it, with or without the box for texts ticked; its reference. */
    async function contact(name: string, phone: string, textConsent: boolean): Promise<string> {
      const response = await fetch(`${site}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site },
        body: JSON.stringify({
          name,
          email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
          phone,
          interest: "membership",
          message: "Do you have a 6 am class?",
          elapsedMs: MIN_FILL_MS + 2000,
          ...(textConsent && { textConsent: true }),
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    test("a coach texts a person from their page; Twilio takes it; the thread, the status, the answer; the reply comes back and alerts staff", async ({
      context,
      page,
    }) => {
      test.setTimeout(120_000);
      const tag = randomUUID().slice(0, 6);
      const digits = String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0");
      const phone = `+1253555${digits}`;
      const name = `Tess ${tag}`;
      const reference = await contact(name, phone, true);
      await signIn(context, COACH, "coach");
      const detail = async () => (await (await page.request.get(`${site}/api/staff/lead?id=${reference}`)).json()) as LeadDetail;
      expect((await detail()).lead.waitingSince).not.toBeNull();

      await page.goto(`${site}/staff/lead/?id=${reference}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      // Text on a phone goes to the box on the page, not to the phone's own messages.
      await page.getByRole("link", { name: "Text", exact: true }).click();
      const box = page.getByRole("region", { name: "Text" });
      const words = box.getByLabel(/^Text to \(253\) 555-/);
      await expect(words).toBeVisible();
      await box.getByLabel("Start from").selectOption({ label: "Text: book a free intro" });
      await expect(words).toHaveValue(/^Hi Tess, thanks for getting in touch!/);
      const written = "Hi Tess, this is Sam at the gym: yes, 6 am every weekday. Want a free intro this week?";
      await words.fill(written);
      await expect(box.getByText(`${written.length} characters, 1 segment. At most 10 segments.`)).toBeVisible();
      await expect(words).toHaveAccessibleDescription(`${written.length} characters, 1 segment. At most 10 segments.`);
      await expectScreenSound(page, "a person's page with a text written", [320, 1440]);
      await page.setViewportSize({ width: 320, height: 800 });

      await box.getByRole("button", { name: "Send text" }).click();
      await expect(box.getByRole("status")).toContainText("Sent to (253) 555-");
      // Twilio took it as its API describes (the local Twilio refuses anything else), from the gym's number.
      await expect.poll(() => twilio.messages.some((message) => message.body === written), { timeout: 15_000 }).toBe(true);
      const taken = twilio.messages.find((message) => message.body === written);
      expect(taken).toMatchObject({ to: phone, from: TEST_FROM, body: written });
      expect(twilio.requests.filter((request) => request.refusedBy)).toEqual([]);

      // On the thread, by whom and where it stands; answered: out of Needs action, the coach's first response.
      const thread = page.locator("ol").last();
      await expect
        .poll(async () => (await detail()).timeline.find((entry) => entry.kind === "sms" && entry.body === written)?.sms?.status)
        .toBe("sent to Twilio");
      await page.reload();
      await expect(thread.getByRole("listitem").filter({ hasText: written })).toContainText("Text from the gym: sent to Twilio");
      await expect(thread.getByRole("listitem").filter({ hasText: written })).toContainText(COACH);
      const answered = await detail();
      expect(answered.lead.waitingSince).toBeNull();
      expect(answered.lead.status).toBe("contacted");
      expect(answered.person?.firstResponseBy).toBe(COACH);
      await expect(page.getByText(/^Answered in /)).toBeVisible();

      // Twilio's delivery report, signed as Twilio signs it, moves it on.
      const report = await postAsTwilio(`${site}/api/sms-status`, `${site}/api/sms-status`, deliveryReport(taken!, "delivered"));
      expect(report.status).toBe(200);
      await page.reload();
      await expect(thread.getByRole("listitem").filter({ hasText: written })).toContainText("Text from the gym: delivered");

      // Their answer: on the thread, back in Needs action, and e-mailed to the staff.
      const reply = "Yes please, Thursday?";
      const posted = await postAsTwilio(`${site}/api/sms`, `${site}/api/sms`, incomingText({ from: phone, to: TEST_FROM, body: reply }));
      expect(posted.status).toBe(200);
      await page.reload();
      await expect(thread.getByRole("listitem").filter({ hasText: reply })).toContainText("Texted the gym: received");
      expect((await detail()).lead.waitingSince).not.toBeNull();
      await page.goto(`${site}/staff/?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) })).toHaveCount(1);
      const alerts = () => smtp.received.filter((mail) => mail.shown("subject")?.startsWith("A text from (253) 555-"));
      await expect.poll(() => alerts().length, { timeout: 15_000 }).toBe(1);
      expect(alerts()[0]!.to).toContain(SHARED);
      const alert = mimePart(alerts()[0]!.raw, "text/plain") ?? "";
      expect(alert).toContain(reply);
      expect(alert).toContain(`${site}/staff/lead/?id=${answered.person?.id}`);
      await page.goto(`${site}/staff/lead/?id=${reference}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expectScreenSound(page, "a person's page with a text thread", [320, 1440]);
    });

    test("the owner writes a text's template beside the replies: no subject, its segments counted; it is offered on a person's page", async ({
      context,
      page,
    }) => {
      const name = `Running late ${randomUUID().slice(0, 6)}`;
      await signIn(context, "owner@gym.example", "owner");
      await page.goto(`${site}/staff/replies/`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const fresh = page.getByRole("form", { name: "A new template" });
      await fresh.getByLabel("Sent as").selectOption({ label: "Text message" });
      await expect(fresh.getByLabel("Subject")).toHaveCount(0);
      await fresh.getByLabel("Name").fill(name);
      await fresh.getByLabel("Text", { exact: true }).fill("Hi {name}, your coach is running 5 minutes late. Sorry!");
      await expect(fresh.getByText("1 of at most 10 segments.")).toBeVisible();
      await fresh.getByRole("button", { name: "Add" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Added "${name}".` })).toBeVisible();
      await expectScreenSound(page, "the templates with a text's", [320]);

      const tag = randomUUID().slice(0, 6);
      const digits = String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0");
      const reference = await contact(`Rae ${tag}`, `+1253557${digits}`, true);
      await page.goto(`${site}/staff/lead/?id=${reference}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const box = page.getByRole("region", { name: "Text" });
      await box.getByLabel("Start from").selectOption({ label: name });
      await expect(box.getByLabel(/^Text to /)).toHaveValue("Hi Rae, your coach is running 5 minutes late. Sorry!");
    });

    test("a number that never agreed: no box, the reason, and the server refuses a text sent anyway", async ({ context, page }) => {
      const tag = randomUUID().slice(0, 6);
      const digits = String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0");
      const reference = await contact(`Noel ${tag}`, `+1253556${digits}`, false);
      await signIn(context, COACH, "coach");
      await page.goto(`${site}/staff/lead/?id=${reference}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const box = page.getByRole("region", { name: "Text" });
      await expect(box).toContainText(`(253) 556-${digits} never agreed to texts from the gym, so nothing can be sent to it`);
      await expect(box.getByRole("textbox")).toHaveCount(0);
      await expectScreenSound(page, "a person's page when they cannot be texted", [320]);
      const sent = await page.request.post(`${site}/api/staff/lead`, {
        headers: { Origin: site },
        data: { id: reference, action: "text", text: "Hi" },
      });
      expect(sent.status()).toBe(409);
      expect(((await sent.json()) as { error: string }).error).toMatch(/never agreed to texts/);
    });

    test("they asked not to be texted: the coach stops the texts from the page, and the box gives way to the reason", async ({
      context,
      page,
    }) => {
      const tag = randomUUID().slice(0, 6);
      const digits = String(Number.parseInt(tag, 16) % 10_000).padStart(4, "0");
      const reference = await contact(`Ash ${tag}`, `+1253558${digits}`, true);
      await signIn(context, COACH, "coach");
      await page.goto(`${site}/staff/lead/?id=${reference}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const box = page.getByRole("region", { name: "Text" });
      const ask = box.getByRole("button", { name: "They asked not to be texted" });
      await expect(ask).toHaveAttribute("aria-expanded", "false");
      await ask.click();
      await expect(ask).toHaveAttribute("aria-expanded", "true");
      await expect(box).toContainText(`Stop all texts to (253) 558-${digits}?`);
      await expectScreenSound(page, "a person's page asking to stop their texts", [320]);
      await box.getByRole("button", { name: `Stop texts to (253) 558-${digits}` }).click();
      await expect(box).toContainText(`(253) 558-${digits} ended its consent to texts (they asked the gym to stop)`);
      // The buttons are gone: the keyboard is on the reason, which is read out.
      await expect(box.getByText(/ended its consent to texts/)).toBeFocused();
      await expect(box.getByRole("textbox")).toHaveCount(0);
      await expect(box.getByRole("button")).toHaveCount(0);
      await expectScreenSound(page, "a person's page after their texts were stopped", [320]);
      // The server refuses a text sent anyway, with the same reason.
      const sent = await page.request.post(`${site}/api/staff/lead`, {
        headers: { Origin: site },
        data: { id: reference, action: "text", text: "Hi" },
      });
      expect(sent.status()).toBe(409);
      expect(((await sent.json()) as { error: string }).error).toMatch(/they asked the gym to stop/);
    });
  });
}
