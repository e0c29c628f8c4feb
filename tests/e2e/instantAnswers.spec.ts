import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signInContext } from "../support/staff";
import { startProductionServer, type RunningServer } from "../support/servers";
import { mimePart, startTestSmtp, type TestSmtp } from "../support/smtp";
import { expectScreenSound } from "./support/staff";
import { gotoReady } from "./support/page";
import { newVisitor, sendContactForm } from "./support/visitor";

/**
 * The owner writes the contact form's instant answer in the console on a phone, and the next contact
 * form's visitor gets those words by e-mail: the production server with mail set up (a real SMTP server
 * on loopback), on a port of its own beside the served sites.
 */

const PORT = Number(process.env.E2E_PORT ?? 9100) + 7;
const SITE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: SITE });

let smtp: TestSmtp;
let server: RunningServer;
test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startProductionServer({
    port: PORT,
    env: { SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example", MAIL_FROM: "Website forms <forms@gym.example>", SITE_URL: SITE },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test("the owner edits the contact answer's words at 390 px; the next contact form's mail carries them", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signInContext(context, SITE, server.dataDir, `owner-${randomUUID().slice(0, 6)}@example.com`, "owner");
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoReady(page, "/staff/replies/");
  const form = page.getByRole("form", { name: "Contact form" });
  const words = form.getByLabel("Words of the contact form answer");
  await expect(words).toHaveValue(/One of them will get back to you \{when\}/);

  // A placeholder the contact answer lacks: refused, named, and the box keeps what was typed.
  const wrong = "Hello,\n\nA coach rings you {when} about {plan}.";
  await words.fill(wrong);
  await form.getByRole("button", { name: "Save the contact form answer" }).click();
  await expect(form.getByRole("status")).toHaveText("{plan} is not a placeholder of this answer: use {gym}, {name}, {when}, {introLink}.");
  await expect(words).toHaveValue(wrong);
  await expect(words).toHaveAttribute("aria-invalid", "true");

  const mine = "Hello from the coaches,\n\nA coach rings you {when}. Come and meet us first: {introLink}\n\n{gym}";
  await words.fill(mine);
  // The preview fills in a sample visitor as the owner types.
  const preview = form.getByRole("region", { name: "Preview of the contact form answer" });
  await expect(preview).toContainText(
    "A coach rings you today before 7:00 PM. Come and meet us first: https://www.crossfitgraham.com/intro/",
  );
  await form.getByRole("button", { name: "Save the contact form answer" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved the contact form answer.");
  await expect(form.getByRole("button", { name: "Put back the site's words of the contact form answer" })).toBeVisible();
  await expectScreenSound(page, "the instant answers", [390]);

  // A visitor sends the contact form on the site: their answer carries the owner's words.
  const visitor = await context.browser()!.newPage();
  const who = newVisitor("Answer");
  await sendContactForm(visitor, who);
  await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(who.email)).length, { timeout: 60_000 }).toBe(1);
  const mail = smtp.received.find((m) => m.to.includes(who.email));
  expect(mail?.shown("From")).toBe("CrossFit Graham <forms@gym.example>");
  const text = mimePart(mail?.raw ?? "", "text/plain") ?? "";
  expect(text).toContain("Hello from the coaches,");
  expect(text).toMatch(/A coach rings you (today before \d+:\d\d [AP]M|this \w+|tomorrow \w+|on \w+day \w+)\. Come and meet us first: /);
  expect(text).toContain(`Come and meet us first: ${SITE}/intro/`);
  await visitor.close();
});
