import { expect, test } from "@playwright/test";
import { startProductionServer, type RunningServer } from "../support/servers";
import { startTestSmtp, type ReceivedMail, type TestSmtp } from "../support/smtp";
import { mimePart } from "../support/smtp";

/**
 * The instant answer on the production server (host/main.ts over the built site), to a real SMTP server
 * on loopback: a contact form's visitor has the gym's e-mail within a minute, from the gym's name, with
 * the link to book a free intro at SITE_URL; the same address gets no second one that day. How long it
 * takes over 100 forms is `npm run bench:instant-answer`.
 */

const json = { "Content-Type": "application/json" };
const SITE_URL = "https://gym.example";
const contact = (email: string) => ({
  name: "Ana Ruiz",
  email,
  interest: "membership",
  message: "Do you have evening classes?",
  elapsedMs: 9000,
});

let smtp: TestSmtp;
let server: RunningServer;
test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startProductionServer({
    env: {
      SMTP_URL: smtp.url,
      STAFF_EMAIL: "coaches@gym.example",
      MAIL_FROM: "Website forms <forms@gym.example>",
      SITE_URL,
      FORM_RATE_LIMIT_PER_MINUTE: "1000",
      FORM_CEILING_PER_MINUTE: "1000",
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const post = async (email: string) => {
  const response = await fetch(`${server.url}/api/contact`, { method: "POST", headers: json, body: JSON.stringify(contact(email)) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const answersTo = (email: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to.includes(email));

/** Milliseconds from the start of the POST until the visitor's answer has arrived (checked every 2 ms). */
async function timeToAnswer(email: string): Promise<number> {
  const started = performance.now();
  await post(email);
  const deadline = started + 60_000;
  while (answersTo(email).length === 0) {
    if (performance.now() > deadline) throw new Error(`no answer to ${email} within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return performance.now() - started;
}

test("a contact form is answered within a minute, from the gym's name, with the intro link; once a day per address", async () => {
  const ms = await timeToAnswer("visitor@example.com");
  expect(ms).toBeLessThan(60_000);
  const [mail] = answersTo("visitor@example.com");
  expect(mail?.to).toEqual(["visitor@example.com"]);
  expect(mail?.shown("From")).toBe("CrossFit Graham <forms@gym.example>");
  expect(mail?.header("Subject")).toBe("Thanks for your message to CrossFit Graham");
  const text = mimePart(mail?.raw ?? "", "text/plain") ?? "";
  expect(text).toContain(`book a free intro at a time that suits you: ${SITE_URL}/intro/`);
  expect(text).toMatch(/One of them will get back to you (today before \d+:\d\d [AP]M|this \w+|tomorrow \w+|on \w+day \w+)\./);

  // The same address again, spelled otherwise: stored and alerted, not answered. The outbox sends oldest
  // first, so once a later form's answer has arrived, a second answer to the first address would have.
  const again = await post("Visitor+again@Example.com");
  await timeToAnswer("someone.else@example.com");
  expect(answersTo("visitor@example.com")).toHaveLength(1);
  expect(answersTo("visitor+again@example.com")).toHaveLength(0);
  expect(smtp.received.some((m) => m.to.includes("coaches@gym.example") && m.header("Subject")?.includes(again))).toBe(true);
  // Nothing the visitor typed in the server's log.
  expect(server.output()).not.toContain("visitor");
  expect(server.output()).not.toContain("evening classes");
});
