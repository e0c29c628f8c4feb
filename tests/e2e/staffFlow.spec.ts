import path from "node:path";
import { expect, test } from "@playwright/test";
import { MIN_FILL_MS } from "../../src/forms/schemas/fields";
import type { RunningServer } from "../support/servers";
import { mimePart, type TestSmtp } from "../support/smtp";
import { BUILD_DAY, BUILD_DAY_SERVER_ENV, BUILD_INSTANT, nowOnBuildDay } from "../support/buildDay";
import { withStore } from "../support/staff";
import { hashToken, newToken, SESSION_COOKIE } from "../../src/server/staff/auth";
import { REPLIES_PER_HOUR } from "../../src/desk/limits";
import { expectNoAxeViolations } from "./support/axe";
import { type MailedSite, skipPostgres, startMailedSite } from "./support/mailedSite";
import type { SubmissionStore } from "../../src/server/app/store";

/**
 * The whole path of a lead, on a production server of its own with a real mail server on loopback: a
 * visitor's contact form, the staff alert that links to it, the owner signing in by the e-mailed link
 * and working the lead, a server restart, and the owner's CSV. The server is on the build's day, as the
 * test's follow-up date is. Once on each database the site can use: SQLite, and a real PostgreSQL
 * (where a restart must find the lead in the database server, not in a file beside the site).
 */
for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`the console on ${database}`, () => {
    test.skip(skipPostgres(database), "PostgreSQL is not installed");
    let mailed: MailedSite | undefined;
    let smtp: TestSmtp;
    let server: RunningServer;
    let site: string;
    let databaseUrl: string | undefined;

    test.beforeAll(async () => {
      mailed = await startMailedSite(database, BUILD_DAY_SERVER_ENV);
      ({ smtp, server, url: site, databaseUrl } = mailed);
    });
    test.afterAll(async () => {
      await mailed?.stop();
    });

    /** The server's own database, opened beside it as another process would. */
    const onServerStore = <T>(work: (store: SubmissionStore) => Promise<T>) => withStore(server.dataDir, work, databaseUrl);

    const textOf = (index: number) => mimePart(smtp.received[index]?.raw ?? "", "text/plain") ?? "";
    /** The text of the mails to one address, oldest first (the visitor's instant answer goes between the staff's). */
    const textsTo = (address: string) =>
      smtp.received.filter((m) => m.to.includes(address)).map((m) => mimePart(m.raw, "text/plain") ?? "");

    test("contact form -> staff alert link -> sign in by e-mailed link -> worked lead survives a restart -> in the CSV", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await onServerStore((store) => store.addStaff("owner@gym.example", "owner", nowOnBuildDay()));

      // A visitor sends the contact form on the public site.
      await page.clock.install({ time: BUILD_INSTANT });
      await page.goto(`${site}/contact/`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const form = page.getByRole("form", { name: "Send us a message" });
      await form.getByLabel(/^Your name/).fill("Rosa Flow");
      await form.getByLabel(/^Email/).fill("rosa.flow@example.com");
      await form.getByLabel(/^What is your message about/).selectOption("membership");
      await form.getByLabel(/^Message/).fill("Do you have a 6 am class?");
      await page.clock.fastForward(MIN_FILL_MS);
      await page.getByRole("button", { name: "Send message" }).click();
      const reference = (await page.getByTestId("form-success").locator("span").last().textContent()) ?? "";
      expect(reference).toMatch(/^C-[0-9A-Z]{10}$/);

      // Its staff alert, one mail to the shared inbox and the owner's account, links straight to the lead.
      await expect.poll(() => smtp.received.filter((m) => m.to.includes("coaches@gym.example")).length, { timeout: 10_000 }).toBe(1);
      expect(smtp.received[0]?.to.sort()).toEqual(["coaches@gym.example", "owner@gym.example"]);
      const leadLink = /Open in the staff console: (\S+)/.exec(textOf(0))?.[1] ?? "";
      expect(leadLink).toBe(`${site}/staff/lead/?id=${reference}`);

      // Signed out, the link asks for an address; the e-mailed sign-in link brings the owner back to the lead.
      await page.clock.resume();
      await page.goto(leadLink);
      await page.getByLabel("E-mail address").fill("owner@gym.example");
      await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
      // The alert went to this address too: the link is the second mail to it.
      await expect.poll(() => smtp.received.filter((m) => m.to.includes("owner@gym.example")).length, { timeout: 10_000 }).toBe(2);
      const signIn = /(http\S+#token=[A-Za-z0-9_-]{43})/.exec(textsTo("owner@gym.example")[1] ?? "")?.[1] ?? "";
      // The link carries the page it was asked from, so a mail app's own browser lands there too.
      expect(
        signIn.startsWith(
          `${site}/staff/sign-in/?next=${encodeURIComponent(new URL(leadLink).pathname + new URL(leadLink).search)}#token=`,
        ),
      ).toBe(true);
      await page.goto(signIn);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(leadLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rosa Flow");
      await expect(page.getByLabel("Status")).toHaveValue("new");

      // Contacted, with a note and a follow-up date.
      await page.getByLabel("Status").selectOption("contacted");
      await page.getByLabel("Follow-up date").fill(BUILD_DAY);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      await page.getByLabel("New note").fill("Called her back about the 6 am class.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();

      // Still there after a reload, and after the server restarts on the same database.
      await page.reload();
      await expect(page.getByLabel("Status")).toHaveValue("contacted");
      server = await mailed!.restart();
      await page.reload();
      await expect(page.getByLabel("Status")).toHaveValue("contacted");
      await expect(page.getByLabel("Follow-up date")).toHaveValue(BUILD_DAY);
      await expect(page.getByRole("listitem").filter({ hasText: "Called her back about the 6 am class." })).toContainText(
        "owner@gym.example",
      );

      // In the owner's CSV of the inbox.
      await page.goto(`${site}/staff/?view=all`);
      const href = await page.getByRole("link", { name: "Download this view as CSV" }).getAttribute("href");
      const csv = await page.request.get(`${site}${href ?? ""}`);
      expect(csv.status()).toBe(200);
      const row = (await csv.text()).split("\n").find((line) => line.includes(reference)) ?? "";
      expect(row).toContain("rosa.flow@example.com");
      expect(row).toContain(`"Contacted"`);

      // A reply from the lead page, started from a template: it reaches her address through the outbox.
      await page.goto(leadLink);
      await page.getByLabel("Start from").selectOption({ label: "Thanks: book a free intro" });
      await expect(page.getByLabel("Reply to rosa.flow@example.com")).toHaveValue(new RegExp(`^Hi Rosa,\n\n[^]*${site}/intro/`));
      await expectNoAxeViolations(page, "the lead with its reply box");
      await page.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Sent to rosa.flow@example.com" })).toBeInViewport();
      // Her instant answer came first, at her form.
      await expect.poll(() => smtp.received.filter((m) => m.to.includes("rosa.flow@example.com")).length, { timeout: 10_000 }).toBe(2);
      const replyMail = smtp.received.filter((m) => m.to.includes("rosa.flow@example.com"))[1]!;
      expect(replyMail.header("Subject")).toBe("Thanks for getting in touch");
      expect(mimePart(replyMail.raw, "text/plain")).toContain(`${site}/intro/`);
      await expect(page.getByRole("listitem").filter({ hasText: 'E-mailed "Thanks for getting in touch"' })).toContainText(
        "owner@gym.example",
      );
      // With SCREENSHOT_DIR set, the worked lead as the owner sees it on a phone and on a desk (axe-checked at each).
      if (process.env.SCREENSHOT_DIR && database === "sqlite") {
        for (const [width, height] of [
          [390, 844],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          await expectNoAxeViolations(page, `the worked lead at ${width}px`);
          await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `lead-${width}.png`), fullPage: true });
        }
      }
    });

    test("past an account's replies for the hour, the reply box says when the next can go and keeps the reply", async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      const coach = `coach.${database}@gym.example`;
      const session = newToken();
      const reference = `C-LIMIT${database.toUpperCase()}`.slice(0, 12);
      await onServerStore(async (store) => {
        await store.addStaff(coach, "coach", nowOnBuildDay());
        await store.createSession(hashToken(session), coach, nowOnBuildDay());
        await store.insert({
          id: reference,
          form: "contact",
          createdAt: nowOnBuildDay(),
          payload: { name: "Lena Lift", email: "lena.lift@example.com", interest: "membership", message: "Saturdays?" },
          spam: null,
          notify: false,
        });
      });
      await context.addCookies([
        { name: SESSION_COOKIE, value: session, domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Strict" },
      ]);
      for (let n = 1; n <= REPLIES_PER_HOUR; n++) {
        const sent = await page.request.post(`${site}/api/staff/lead`, {
          headers: { Origin: site },
          data: { id: reference, action: "reply", subject: "Saturday classes", text: `Hi Lena (${n})` },
        });
        expect(sent.status()).toBe(200);
      }
      await page.goto(`${site}/staff/lead/?id=${reference}`);
      const box = page.getByRole("region", { name: "Reply by e-mail" });
      await box.getByLabel("Subject").fill("One more thing");
      await box.getByLabel("Reply to lena.lift@example.com").fill("Hi Lena,\n\nBring water.");
      await box.getByRole("button", { name: "Send reply" }).click();
      await expect(box.getByRole("status")).toHaveText(
        new RegExp(
          `^You have sent ${REPLIES_PER_HOUR} replies and texts in the last hour, the most one account may send\\. ` +
            "You can send again at \\d{1,2}:\\d{2} [AP]M\\.$",
        ),
      );
      await expect(box.getByLabel("Subject")).toHaveValue("One more thing");
      await expect(box.getByLabel("Reply to lena.lift@example.com")).toHaveValue("Hi Lena,\n\nBring water.");
      await expectNoAxeViolations(page, "the lead with a reply past the limit");
      // The replies within the limit reach her; the one refused was never queued.
      const toLena = () => smtp.received.filter((m) => m.to.includes("lena.lift@example.com"));
      await expect.poll(() => toLena().length, { timeout: 30_000 }).toBe(REPLIES_PER_HOUR);
      expect(
        toLena()
          .map((m) => m.raw)
          .join(),
      ).not.toContain("Bring water");
    });
  });
}
