/**
 * How long a visitor waits for the gym's instant answer (issue 57: within a minute), on the production
 * server (host/main.ts over the built site: run `npm run build` first), with a real SMTP server on
 * loopback and the local Twilio that holds each request to Twilio's published API description
 * (tests/support/twilioApi.ts). Sends contact forms one after another, each from its own address and
 * number with the box for texts ticked, and times from the start of each POST until its e-mail is at
 * the SMTP server and its text at Twilio. Prints the median and the worst of each.
 *
 * The server's clock is set to a Tuesday noon at the gym (TEST_SERVER_TIME), inside the hours automated
 * texts keep: at 9 pm the text would wait for 8 am, by design.
 *
 *   npm run bench:instant-answer [-- --forms 100]
 */
import { performance } from "node:perf_hooks";
import { startProductionServer } from "../tests/support/servers";
import { startTestSmtp } from "../tests/support/smtp";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM } from "../tests/support/twilioApi";

const index = process.argv.indexOf("--forms");
const FORMS = index >= 0 ? Number(process.argv[index + 1]) : 100;
if (!Number.isInteger(FORMS) || FORMS < 1 || FORMS > 199) {
  console.error("--forms takes a whole number from 1 to 199 (the fictional numbers it texts)");
  process.exit(2);
}

/** A number of the 555-01xx range kept for fiction, in one of two area codes: 199 distinct. */
const numberOf = (n: number) => ({
  typed: `(${n < 100 ? 253 : 206}) 555-01${String(n % 100).padStart(2, "0")}`,
  e164: `+1${n < 100 ? 253 : 206}55501${String(n % 100).padStart(2, "0")}`,
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main(): Promise<void> {
  const [smtp, twilio] = await Promise.all([startTestSmtp(), startTwilioApi()]);
  const server = await startProductionServer({
    env: {
      NODE_ENV: "test",
      TEST_SERVER_TIME: "2026-12-01T20:00:00.000Z",
      SMTP_URL: smtp.url,
      STAFF_EMAIL: "coaches@gym.example",
      MAIL_FROM: "Website forms <forms@gym.example>",
      SITE_URL: "https://gym.example",
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      TWILIO_FROM: TEST_FROM,
      TWILIO_API_URL: twilio.url,
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      FORM_CEILING_PER_MINUTE: "10000",
    },
  });
  const mailMs: number[] = [];
  const textMs: number[] = [];
  try {
    // The test number (TEST_FROM, 253-555-0100) is the gym's: the visitors start at 0101.
    for (let n = 1; n <= FORMS; n++) {
      const email = `visitor${n}@example.com`;
      const phone = numberOf(n);
      const started = performance.now();
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Ana Ruiz",
          email,
          phone: phone.typed,
          textConsent: true,
          interest: "membership",
          message: "Evening classes?",
          elapsedMs: 9000,
        }),
      });
      if (response.status !== 201) throw new Error(`form ${n}: ${response.status} ${await response.text()}`);
      let mailed: number | undefined;
      let texted: number | undefined;
      while (mailed === undefined || texted === undefined) {
        const now = performance.now();
        if (now - started > 60_000) throw new Error(`form ${n}: no ${mailed === undefined ? "e-mail" : "text"} within a minute`);
        if (mailed === undefined && smtp.received.some((mail) => mail.to.includes(email))) mailed = now - started;
        if (texted === undefined && twilio.messages.some((message) => message.to === phone.e164)) texted = now - started;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      mailMs.push(mailed);
      textMs.push(texted);
    }
  } finally {
    await server.stop();
    await Promise.all([smtp.stop(), twilio.stop()]);
  }
  const line = (what: string, values: number[]) =>
    `${what}: median ${median(values).toFixed(0)} ms, worst ${Math.max(...values).toFixed(0)} ms`;
  console.log(`Instant answer, ${FORMS} contact forms on the production server, from the POST:`);
  console.log(`  ${line("e-mail at the SMTP server", mailMs)}`);
  console.log(`  ${line("text at Twilio (the local mock)", textMs)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
