import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { processState } from "../../../../src/server/process/state";
import { BATCH } from "../../../../src/server/outbox/sender";
import { deliverNow, getStore, kickOutbox, stopBackgroundWork } from "../../../../src/server/app/runtime";
import { startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { contactSubmission as submission } from "../../../support/submissions";

/**
 * The production server's outbox runs (src/server/app/runtime.ts), with a real database file and a real
 * SMTP server on loopback. A submission kicks a run; none may be left for the 30 s timer.
 */

describe("kickOutbox", () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, SMTP_URL: process.env.SMTP_URL, STAFF_EMAIL: process.env.STAFF_EMAIL };
  let dir: string;
  let smtp: TestSmtp;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-kick-"));
    smtp = await startTestSmtp();
    Object.assign(process.env, { DATA_DIR: dir, SMTP_URL: smtp.url, STAFF_EMAIL: "coaches@gym.example" });
  });
  afterEach(async () => {
    await stopBackgroundWork(Promise.resolve());
    const state = processState();
    for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await smtp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a submission stored just after a run last looked for mail is sent by another run, not the timer", async () => {
    const store = await getStore();
    const claimDue = store.claimDue.bind(store);
    let late = false;
    // A visitor's form arrives the moment the run has found nothing more to send, and kicks as the handler does.
    store.claimDue = async (...args) => {
      const claimed = await claimDue(...args);
      if (claimed.length === 0 && !late) {
        late = true;
        await store.insert(submission("C-LATE000001"));
        kickOutbox({ timer: false });
      }
      return claimed;
    };
    await store.insert(submission("C-FIRST00001"));
    kickOutbox({ timer: false });
    const state = processState();
    while (state.delivering) await state.delivering;

    expect(late).toBe(true);
    expect(smtp.received.map((mail) => mail.header("Subject"))).toEqual([
      expect.stringContaining("[C-FIRST00001]"),
      expect.stringContaining("[C-LATE000001]"),
    ]);
  });

  test("a backlog longer than one run's batch is all sent by one kick, not a batch per 30 s", async () => {
    const store = await getStore();
    const backlog = BATCH * 2 + 5;
    for (let i = 0; i < backlog; i++) await store.insert(submission(`C-BACKLOG${String(i).padStart(3, "0")}`));
    kickOutbox({ timer: false });
    const state = processState();
    while (state.delivering) await state.delivering;

    expect(smtp.received).toHaveLength(backlog);
    expect(await store.claimDue(new Date(Date.now() + 60_000), 1, 1_000, ["staff"])).toEqual([]);
    // Each message is its own SMTP exchange, and the loopback server greets after 100 ms.
  }, 30_000);

  test("Netlify's scheduled run: a staff member's sign-in link queued behind strangers' requests and a backlog goes in that run", async () => {
    const store = await getStore();
    const now = new Date();
    await store.addStaff("owner@gym.example", "owner", now);
    // A stranger asks for links for many addresses that are not staff (each queued, then dropped by the
    // sender), and the forms have queued more mail than one batch, before the owner asks for a link.
    for (let i = 0; i < BATCH * 3; i++) await store.requestSignIn(`nobody${i}@example.com`, now);
    for (let i = 0; i < BATCH + 5; i++) await store.insert(submission(`C-QUEUED${String(i).padStart(4, "0")}`));
    await store.requestSignIn("owner@gym.example", now);
    await deliverNow();

    const subjects = smtp.received.map((mail) => mail.header("Subject"));
    expect(subjects[0]).toMatch(/^Sign in to the .* staff console$/);
    expect(smtp.received[0]?.header("To")).toBe("owner@gym.example");
    // The rest of the time the run has goes to the backlog; none of the strangers' requests became mail.
    expect(subjects.filter((subject) => /Sign in/.test(subject ?? ""))).toHaveLength(1);
  }, 60_000);
});
