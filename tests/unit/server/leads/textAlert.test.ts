import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { site } from "../../../../src/server/content";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { mimePart, startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * The staff's alert of a person's text (leads/textAlert.ts), on a real SQLite file and a real PostgreSQL
 * server, delivered to a real SMTP server on loopback: an ordinary text is mailed to the staff with its
 * start and the link to the person; STOP, START and HELP are not (the site answers those); without
 * mail set up nothing is queued; the outbox row names the text alone; a burst from someone waiting is one
 * alert.
 */

const AT = new Date("2026-11-30T18:00:00Z");
const SETTINGS = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};
let sid = 0;
const nextSid = () => `SM${String(++sid).padStart(32, "0")}`;

function textAlertContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  let smtp: TestSmtp;
  beforeAll(async () => {
    store = await open();
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await store.close();
    await smtp.stop();
  });
  const alerts = async () => (await store.outbox()).filter((message) => message.kind === "text-alert");

  test("an ordinary text is mailed to the staff, with its start and the person's page; STOP, START, HELP and no mail are not", async () => {
    const body = `Hi, is the 6 am class open tomorrow?\nAlso: price? ${"x".repeat(400)}`;
    const received = await store.receiveText({ phone: "+12535550142", body, sid: nextSid() }, site, AT, { alert: true });
    expect(received).toMatchObject({ duplicate: false, keyword: null });
    for (const word of ["STOP", "START", "HELP"]) {
      await store.receiveText({ phone: "+12535550142", body: word, sid: nextSid() }, site, AT, { alert: true });
    }
    await store.receiveText({ phone: "+12535550143", body: "Mail is off", sid: nextSid() }, site, AT, { alert: false });
    const queued = await alerts();
    expect(queued.map((message) => message.data)).toEqual([{ textId: (received as { textId: number }).textId }]);

    const report = await deliverDue(store, smtpMailer(smtp.url), SETTINGS, new Date(AT.getTime() + 1_000), () => undefined);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const mails = smtp.received.filter((mail) => mail.shown("subject")?.startsWith("A text from"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual(["coaches@gym.example"]);
    expect(mail.shown("subject")).toBe("A text from (253) 555-0142");
    const text = mimePart(mail.raw, "text/plain") ?? "";
    expect(text).toMatch(/ {4}Hi, is the 6 am class open tomorrow\?\r?\n {4}Also: price\?/);
    // Short: the start of what they wrote, and their page for the rest.
    expect(text).not.toContain("x".repeat(300));
    expect(text).toContain(`https://gym.example/staff/lead/?id=${(received as { personId: string }).personId}`);
    expect((await alerts()).every((message) => message.status === "sent")).toBe(true);
  });

  test("a burst of texts from someone waiting is one alert; after an hour's quiet, or once answered, the next text alerts again", async () => {
    const phone = "+12535550150";
    const minutes = (count: number) => new Date(AT.getTime() + count * 60_000);
    const text = async (body: string, at: Date) => {
      const received = await store.receiveText({ phone, body, sid: nextSid() }, site, at, { alert: true });
      return (received as { textId: number }).textId;
    };
    const alerted = async () => {
      const ids = new Set((await alerts()).map((message) => message.data?.textId));
      return (await store.textsOfNumber(phone)).filter((row) => ids.has(row.id)).map((row) => row.body);
    };
    await text("Hi, do you have open gym on Sunday?", minutes(0));
    await text("Also, can I bring a friend?", minutes(2));
    await text("And is parking free?", minutes(50));
    // A keyword in the burst changes nothing; it is answered by the site, and never alerts.
    await text("HELP", minutes(55));
    expect(await alerted()).toEqual(["Hi, do you have open gym on Sunday?"]);
    // An hour after the last one, still unanswered: alerted again.
    await text("Hello? Anyone there?", minutes(111));
    expect(await alerted()).toEqual(["Hi, do you have open gym on Sunday?", "Hello? Anyone there?"]);
    // A staff member answers (a call, a reply or a text): the next text alerts at once.
    const person = (await store.textsOfNumber(phone))[0]!.personId!;
    await store.logContact(person, { channel: "call", outcome: "reached" }, "coach@gym.example", minutes(115));
    await text("Thanks! One more thing: towels?", minutes(120));
    expect(await alerted()).toEqual(["Hi, do you have open gym on Sunday?", "Hello? Anyone there?", "Thanks! One more thing: towels?"]);
  });
}

describe("SQLite: the staff's alert of a text (a real database file)", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  textAlertContract(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-alert-"));
    return Promise.resolve(openSqliteStore(path.join(dir, "s.sqlite")));
  });
});

describeWithPostgres("PostgreSQL: the staff's alert of a text (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  textAlertContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
