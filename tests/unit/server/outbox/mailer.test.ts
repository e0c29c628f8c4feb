import { staffMail } from "../../../../src/server/forms/staffAlert";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { shownHeader, startTestSmtp, type TestSmtp } from "../../../support/smtp";

/**
 * What a mail client shows of the headers the site writes. A subject is written from stored text (a
 * visitor's name, a staff template filled in with it): whatever that text holds, the client shows that
 * text, and never decodes part of it into other characters.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.stop());

const mail = (subject: string) => ({
  to: "coaches@gym.example",
  from: "forms@gym.example",
  subject,
  text: "Hello\n",
  messageId: "<m@gym.example>",
});

test("the test's decoder reads encoded words as a mail client does", () => {
  expect(shownHeader("=?UTF-8?B?4oCuQW5h?= Ruiz")).toBe("\u202eAna Ruiz");
  expect(shownHeader("=?utf-8?q?Jos=C3=A9_N?= =?UTF-8?B?w7rDsWV6?=")).toBe("José Núñez");
  expect(shownHeader("full=? 2+2=?")).toBe("full=? 2+2=?");
});

test("a subject with an encoded word in its text is shown as that text, not decoded into a right-to-left override", async () => {
  // A contact stored before forms refused encoded words: its name is what a client would decode to "\u202eAna".
  const alert = staffMail(
    {
      id: "C-AAAAAAAAAA",
      form: "contact",
      createdAt: new Date("2026-11-20T10:00:00Z"),
      spam: null,
      payload: { name: "=?UTF-8?B?4oCuQW5h?=", email: "ana@example.com", interest: "kids", message: "Hi" },
    },
    { mailFrom: "forms@gym.example", domain: "gym.example", siteUrl: "https://gym.example" },
    { to: "coaches@gym.example" },
  );
  const subjects = [
    alert.subject,
    "Contact message from =?utf-8?q?=E2=80=AEAna?= and José [C-AAAAAAAAAA]",
    "Re: =?UTF-8*en?b?4oCuQW5h?=",
    "Plain ASCII, nothing to decode",
    `${"Ana 💪 Ruiz, with an emoji, ".repeat(4)}and =?UTF-8?B?4oCuQW5h?= at the end`,
  ];
  for (const subject of subjects) await smtpMailer(smtp.url).send(mail(subject));
  expect(smtp.received.map((received) => received.shown("Subject"))).toEqual(subjects);
  expect(smtp.received.map((received) => received.shown("Subject")).join("")).not.toContain("\u202e");
  // Headers stay within the line length mail allows.
  for (const received of smtp.received)
    expect(
      Math.max(
        ...received.raw
          .split("\r\n\r\n")[0]!
          .split("\r\n")
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(78);
});
