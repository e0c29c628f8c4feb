import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deliverDue } from "../../../../src/server/app/outbox";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";
import { mimePart, startTestSmtp } from "../../../support/smtp";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { postgresAtVersion, sqliteAtVersion } from "../../../support/storeAtVersion";

/**
 * Migration 20 on a store of version 19: a booking made then holds only its day-before reminder. One
 * still to go gets its 2-hour one beside it, with the same cancel link; one already sent, or a
 * cancelled booking's, gets none. And a no-show's offer of a new time can be queued.
 */

const TOKEN = "t".repeat(43);
const booking = (id: string, email: string, start: string, cancelled = "NULL") => [
  `INSERT INTO submissions (id, form, created_at, payload, spam) VALUES ('${id}', 'intro', '2027-03-01T17:00:00.000Z', '{"name":"Ana","email":"${email}","coach":"Dana","start":"${start}","end":"${start.replace(":00:00.000Z", ":30:00.000Z")}"}', NULL)`,
  `INSERT INTO intro_bookings (submission_id, coach, starts_at, ends_at, email, cancelled_at) VALUES ('${id}', 'Dana', '${start}', '${start.replace(":00:00.000Z", ":30:00.000Z")}', '${email}', ${cancelled})`,
  `INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, sent_at, data) VALUES ('${id}', 'confirmation', 'sent', 1, '2027-03-01T17:00:00.000Z', '2027-03-01T17:00:00.000Z', '2027-03-01T17:00:01.000Z', NULL)`,
];
/** One statement each: a booking whose reminder waits, one whose reminder went, one cancelled, one past. */
const SEED = [
  ...booking("B-WAITS", "ana@example.com", "2027-03-05T18:00:00.000Z"),
  `INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data) VALUES ('B-WAITS', 'reminder', 'pending', 0, '2027-03-04T18:00:00.000Z', '2027-03-01T17:00:00.000Z', '{"cancelToken":"${TOKEN}"}')`,
  ...booking("B-WENT", "ben@example.com", "2027-03-02T18:00:00.000Z"),
  `INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, sent_at, data) VALUES ('B-WENT', 'reminder', 'sent', 1, '2027-03-01T18:00:00.000Z', '2027-03-01T17:00:00.000Z', '2027-03-01T18:00:01.000Z', NULL)`,
  ...booking("B-GONE", "cy@example.com", "2027-03-06T18:00:00.000Z", "'2027-03-01T18:00:00.000Z'"),
  `INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data) VALUES ('B-GONE', 'reminder', 'pending', 0, '2027-03-05T18:00:00.000Z', '2027-03-01T17:00:00.000Z', '{"cancelToken":"${"g".repeat(43)}"}')`,
  ...booking("B-PAST", "dee@example.com", "2027-03-01T18:00:00.000Z"),
];

async function checkMigrated(store: SubmissionStore) {
  const reminders = (await store.outbox()).filter((m) => m.kind === "reminder");
  expect(reminders.map((m) => [m.submissionId, m.status, m.nextAttemptAt, m.data])).toEqual([
    ["B-WAITS", "pending", new Date("2027-03-04T18:00:00.000Z"), { cancelToken: TOKEN }],
    ["B-WENT", "sent", new Date("2027-03-01T18:00:00.000Z"), null],
    ["B-GONE", "pending", new Date("2027-03-05T18:00:00.000Z"), { cancelToken: "g".repeat(43) }],
    ["B-WAITS", "pending", new Date("2027-03-05T16:00:00.000Z"), { cancelToken: TOKEN, reminder: "hours-before" }],
  ]);
  // Both go at their times, each with the booking's link.
  const smtp = await startTestSmtp();
  try {
    const settings = {
      staffEmail: "coaches@gym.example",
      mailFrom: "Website <forms@gym.example>",
      domain: "gym.example",
      siteUrl: "https://gym.example",
    };
    for (const at of ["2027-03-04T18:00:00Z", "2027-03-05T16:00:00Z"])
      await deliverDue(store, smtpMailer(smtp.url), settings, new Date(at), () => undefined);
    const toAna = smtp.received.filter((mail) => mail.to.includes("ana@example.com"));
    expect(toAna.map((mail) => (mail.header("Subject") ?? "").split(":")[0])).toEqual(["Reminder", "Starting soon"]);
    for (const mail of toAna) expect(mimePart(mail.raw, "text/plain")).toContain(`https://gym.example/intro/cancel/#token=${TOKEN}`);
  } finally {
    await smtp.stop();
  }
  // A no-show's offer, a kind of message this version adds, is queued.
  const marked = await store.markAttendance("B-PAST", "no-show", {
    by: "coach@gym.example",
    at: new Date("2027-03-01T18:40:00Z"),
    followUpOn: "2027-03-01",
  });
  expect(marked).toBe("marked");
  expect((await store.outbox(["pending"])).filter((m) => m.kind === "no-show-offer").map((m) => m.submissionId)).toEqual(["B-PAST"]);
  // The rebuilt outbox still holds a lead to one reminder.
  expect(await store.queueLeadReminder("B-WAITS", new Date("2027-03-01T18:00:00Z"))).toBe(true);
  expect(await store.queueLeadReminder("B-WAITS", new Date("2027-03-01T18:01:00Z"))).toBe(false);
}

describe("SQLite: migration 20 on a store of version 19", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  test("a waiting day-before reminder gets its 2-hour one beside it; the no-show's offer can be queued", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-intro-follow-ups-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    sqliteAtVersion(file, 19, SEED);
    const store = openSqliteStore(file);
    try {
      await checkMigrated(store);
    } finally {
      await store.close();
    }
  });
});

describeWithPostgres("PostgreSQL: migration 20 on a store of version 19 (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("a waiting day-before reminder gets its 2-hour one beside it; the no-show's offer can be queued", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    await postgresAtVersion(url, 19, SEED);
    const store = await openPostgresStore(url);
    try {
      await checkMigrated(store);
    } finally {
      await store.close();
    }
  });
});
