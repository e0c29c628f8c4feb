import { site } from "../../../../src/server/content";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { fromTheGym, visitorMail } from "../../../../src/server/outbox/visitorMail";
import { startTestSmtp } from "../../../support/smtp";

/**
 * A mail from the gym to a visitor (a reply from a lead's page, an intro's confirmation, ...) shows the
 * gym's name from content/site.json, at the address MAIL_FROM gives, whatever name MAIL_FROM carries:
 * sent to a real SMTP server on loopback and read as a mail client shows it.
 */

test.each([
  ["Website forms <no-reply@crossfitgraham.com>", "no-reply@crossfitgraham.com"],
  ["no-reply@crossfitgraham.com", "no-reply@crossfitgraham.com"],
  ['"Forms, the website" <forms@gym.example>', "forms@gym.example"],
  ["<forms@gym.example>", "forms@gym.example"],
])("MAIL_FROM %s: the gym's name at %s", async (mailFrom, address) => {
  const smtp = await startTestSmtp();
  try {
    await smtpMailer(smtp.url).send(
      visitorMail(
        { mailFrom },
        { to: "ana@example.com", subject: "Your free intro", lines: ["See you Tuesday."], messageId: "<t@gym.example>" },
      ),
    );
    const [mail] = smtp.received;
    expect(mail?.shown("From")).toBe(`${site.name} <${address}>`);
    expect(mail?.from).toBe(address);
    // Replies go to the gym's own address, which the desk reads (content/site.json).
    expect(mail?.header("Reply-To")).toBe(site.email);
  } finally {
    await smtp.stop();
  }
});

test("a gym's name with a comma, quotes or letters beyond ASCII is one name, as written", async () => {
  const smtp = await startTestSmtp();
  try {
    for (const name of ['Graham "Barbell", Club', "CrossFit Graham – Mt. Rainier"]) {
      await smtpMailer(smtp.url).send({
        to: "ana@example.com",
        from: fromTheGym("Website forms <no-reply@gym.example>", name),
        subject: "Hello",
        text: "Hello",
        messageId: `<${name.length}@gym.example>`,
      });
    }
    expect(smtp.received.map((mail) => mail.shown("From"))).toEqual([
      '"Graham \\"Barbell\\", Club" <no-reply@gym.example>',
      "CrossFit Graham – Mt. Rainier <no-reply@gym.example>",
    ]);
    expect(smtp.received.map((mail) => mail.to)).toEqual([["ana@example.com"], ["ana@example.com"]]);
  } finally {
    await smtp.stop();
  }
});

test("a MAIL_FROM with no address in it is used as it is", () => {
  expect(fromTheGym("Website forms")).toBe("Website forms");
});
