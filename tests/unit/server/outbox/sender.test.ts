import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { DEFAULT_LOCK_MS, MAX_ATTEMPTS, retryDelayMs } from "../../../../src/server/outbox/sender";
import { startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { contactSubmission as submission } from "../../../support/submissions";
import { type SubmissionStore, openSqliteStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

const settings = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("staff e-mail through the outbox, with a real SMTP server on loopback", () => {
  let dir: string;
  let store: SubmissionStore;
  let smtp: TestSmtp | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-outbox-"));
    store = openSqliteStore(path.join(dir, "s.sqlite"));
  });
  afterEach(async () => {
    await store.close();
    await smtp?.stop();
    smtp = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("each submission is e-mailed to staff once, with every field and a reply-to the visitor", async () => {
    smtp = await startTestSmtp();
    await store.insert(submission("C-AAA"));
    await store.insert(submission("C-BBB"));
    const report = await deliverDue(store, smtpMailer(smtp.url), settings);
    expect(report).toEqual({ sent: 2, failed: 0, gaveUp: 0, more: false });
    expect(smtp.received).toHaveLength(2);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["coaches@gym.example"]);
    // The topic in the words the visitor chose, not the form's code ("kids").
    expect(mail.header("Subject")).toBe("Contact message from Ana Ruiz (CrossFit Kids) [C-AAA]");
    expect(mail.raw).toMatch(/^Interest: CrossFit Kids$/m);
    expect(mail.header("Reply-To")).toBe("ana@example.com");
    expect(mail.header("Message-ID")).toBe("<C-AAA@gym.example>");
    expect(mail.raw).toContain("Can my 8-year-old try a class?");
    // A second run finds nothing to send.
    expect(await deliverDue(store, smtpMailer(smtp.url), settings)).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
    expect(smtp.received).toHaveLength(2);
  });

  test("SMTP server down, then back: nothing lost, nothing sent twice", async () => {
    const port = await closedPort();
    await store.insert(submission("C-DOWN1"));
    await store.insert(submission("C-DOWN2"));
    const start = new Date();
    const logged: string[] = [];
    const down = await deliverDue(store, smtpMailer(`smtp://127.0.0.1:${port}`), settings, start, (line) => logged.push(line));
    expect(down).toEqual({ sent: 0, failed: 2, gaveUp: 0, more: false });
    // One line per failed send: which message, which attempt, why; no address, no name.
    expect(logged).toEqual([
      expect.stringMatching(/^Staff e-mail for contact C-DOWN1 failed \(attempt 1 of 12\): .*ECONNREFUSED/),
      expect.stringMatching(/^Staff e-mail for contact C-DOWN2 failed \(attempt 1 of 12\): .*ECONNREFUSED/),
    ]);
    expect(logged.join("\n")).not.toMatch(/@|Ana/);
    const pending = await store.outbox(["pending"]);
    expect(pending.map((m) => [m.submissionId, m.attempts])).toEqual([
      ["C-DOWN1", 1],
      ["C-DOWN2", 1],
    ]);
    expect(pending[0]!.lastError).toMatch(/ECONNREFUSED/);
    expect(pending[0]!.nextAttemptAt?.getTime()).toBe(start.getTime() + retryDelayMs(1));

    smtp = await startTestSmtp(port);
    // Before the retry time nothing is sent...
    expect(await deliverDue(store, smtpMailer(smtp.url), settings, new Date(start.getTime() + 1_000))).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    // ...after it, each message exactly once, even with two senders racing.
    const later = new Date(start.getTime() + retryDelayMs(1) + 1_000);
    const reports = await Promise.all([
      deliverDue(store, smtpMailer(smtp.url), settings, later),
      deliverDue(store, smtpMailer(smtp.url), settings, later),
    ]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect(smtp.received.map((m) => m.header("Message-ID")).sort()).toEqual(["<C-DOWN1@gym.example>", "<C-DOWN2@gym.example>"]);
    expect((await store.outbox(["sent"])).length).toBe(2);
  });

  test("a temporary refusal is retried; a message that keeps failing stays visible as failed", async () => {
    smtp = await startTestSmtp();
    await store.insert(submission("C-SLOW"));
    smtp.rejectNext(1);
    const start = new Date();
    const slowLines: string[] = [];
    expect(await deliverDue(store, smtpMailer(smtp.url), settings, start, (line) => slowLines.push(line))).toEqual({
      sent: 0,
      failed: 1,
      gaveUp: 0,
      more: false,
    });
    expect(slowLines).toEqual([expect.stringMatching(/^Staff e-mail for contact C-SLOW failed \(attempt 1 of \d+\): .*451/)]);
    expect((await store.outbox(["pending"]))[0]?.lastError).toMatch(/451/);
    expect(await deliverDue(store, smtpMailer(smtp.url), settings, new Date(start.getTime() + retryDelayMs(1)))).toEqual({
      sent: 1,
      failed: 0,
      gaveUp: 0,
      more: false,
    });

    await store.insert(submission("C-STUCK"));
    smtp.rejectNext(MAX_ATTEMPTS);
    let clock = Date.now();
    let gaveUp = 0;
    const lines: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const report = await deliverDue(store, smtpMailer(smtp.url), settings, new Date(clock), (line) => lines.push(line));
      gaveUp += report.gaveUp;
      clock += retryDelayMs(attempt) + 1;
    }
    expect(gaveUp).toBe(1);
    // One line per attempt, naming the submission and the attempt, the last one saying it gave up.
    expect(lines).toHaveLength(MAX_ATTEMPTS);
    expect(lines[0]).toMatch(/C-STUCK failed \(attempt 1 of \d+\): .*451/);
    expect(lines.at(-1)).toMatch(new RegExp(`C-STUCK failed \\(attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}, giving up\\)`));
    const failed = await store.outbox(["failed"]);
    expect(failed.map((m) => [m.submissionId, m.attempts])).toEqual([["C-STUCK", MAX_ATTEMPTS]]);
    expect(smtp.received.map((m) => m.header("Message-ID"))).toEqual(["<C-SLOW@gym.example>"]);
  });

  test("backoff grows from 30 seconds and is capped at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});

test("SMTP timeouts reach the transport and stay under the outbox lock", () => {
  const timeouts = smtpMailer("smtp://forms:secret@127.0.0.1:2525").timeouts();
  expect(timeouts).toEqual({ connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  expect(Object.values(timeouts).reduce((sum: number, ms) => sum + Number(ms), 0)).toBeLessThan(DEFAULT_LOCK_MS);
});
