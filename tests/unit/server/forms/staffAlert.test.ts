import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { VisitSource } from "../../../../src/forms/visitSource";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { errorSummary } from "../../../../src/server/log";
import { staffMail } from "../../../../src/server/forms/staffAlert";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { freePort } from "../../../support/servers";
import { mimePart, startTestSmtp, type ReceivedMail, type TestSmtp } from "../../../support/smtp";
import { describeWithPostgres } from "../../support/postgres";

test("a multi-line value is one indented block under its label: no line of it can pass for a field", () => {
  const mail = staffMail(
    {
      id: "C-AAA",
      form: "contact",
      createdAt: new Date("2026-11-20T10:00:00Z"),
      spam: null,
      payload: {
        name: "Ana Ruiz",
        email: "ana@example.com",
        message: "Hi coach,\nEmail: someone@else.example\r\nPhone: 555\n\nReference: C-FAKE",
      },
    },
    { mailFrom: "forms@gym.example", domain: "gym.example", siteUrl: "https://gym.example" },
    { to: "coaches@gym.example" },
  );
  const lines = mail.text.split("\n");
  // Every line that starts at the margin is ours; the visitor's lines are all indented.
  expect(lines.filter((line) => /^\S/.test(line))).toEqual([
    "Reference: C-AAA",
    // In the gym's zone and words, never an instant in UTC.
    "Received: Friday, November 20, 2026 at 2:00 AM Pacific Standard Time",
    "Open in the staff console: https://gym.example/staff/lead/?id=C-AAA",
    "Name: Ana Ruiz",
    "Email: ana@example.com",
    "Message: ",
  ]);
  expect(mail.text).toContain(
    "Message: \n    Hi coach,\n    Email: someone@else.example\\u000d\n    Phone: 555\n    \n    Reference: C-FAKE\n",
  );
});

test("where a lead came from, as the reports name it: the channel, the value as sent where it says more, the page in words", () => {
  const alert = (source: VisitSource | null) =>
    staffMail(
      { id: "C-SRC", form: "contact", createdAt: new Date("2026-11-20T10:00:00Z"), spam: null, payload: { name: "Ana Ruiz" } },
      { mailFrom: "forms@gym.example", domain: "gym.example", siteUrl: "https://gym.example" },
      { to: "coaches@gym.example", source },
    ).text.split("\n");
  const visit = { landingPage: null, referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null };
  expect(alert({ ...visit, referrerHost: "m.facebook.com", landingPage: "/contact/" })).toEqual(
    expect.arrayContaining(["Came from: Facebook (m.facebook.com)", "Landed on: the Contact Us page"]),
  );
  expect(alert({ ...visit, utmSource: "spring-flyer", landingPage: "/announcements/open-house/" })).toEqual(
    expect.arrayContaining(["Came from: spring-flyer", "Landed on: /announcements/open-house/"]),
  );
  const direct = alert({ ...visit });
  expect(direct).toContain("Came from: Direct");
  expect(direct.filter((line) => line.startsWith("Landed on"))).toEqual([]);
  expect(alert(null)).toContain("Came from: Unknown");
});

test("a logged error keeps what staff can act on and drops addresses and quoted values", () => {
  const refused = Object.assign(
    new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <ana@example.com>: Recipient address rejected"),
    {
      code: "EENVELOPE",
    },
  );
  expect(errorSummary(refused)).toBe(
    "Error [EENVELOPE]: Can't send mail - all recipients were rejected: 550 5.1.1 <…@…>: Recipient address rejected",
  );
});

test("a privacy request's alert says when it was confirmed and when the answer is due, in the gym's zone and words", () => {
  const mail = staffMail(
    {
      id: "P-AAAAAAAAAA",
      form: "privacy-request",
      createdAt: new Date("2026-07-01T16:00:00Z"),
      spam: null,
      payload: { name: "Ana Ruiz", email: "ana@example.com", request: "delete" },
    },
    { mailFrom: "forms@gym.example", domain: "gym.example", siteUrl: "https://gym.example" },
    { to: "owner@gym.example", confirmedAt: new Date("2026-07-02T03:30:00Z") },
  );
  const lines = mail.text.split("\n");
  expect(lines).toContain("Received: Wednesday, July 1, 2026 at 9:00 AM Pacific Daylight Time");
  // 03:30 UTC on July 2 is still July 1 at the gym: the 45 days count from there.
  expect(lines).toContain("Confirmed: Wednesday, July 1, 2026 at 8:30 PM Pacific Daylight Time");
  expect(mail.subject).toBe("Privacy request from Ana Ruiz (delete): answer by Saturday, August 15, 2026 [P-AAAAAAAAAA]");
  expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
});

/**
 * The staff's alert of a new lead, through the outbox to a real SMTP server on loopback, on both
 * databases: one mail to STAFF_EMAIL (the gym's shared inbox) and every staff account that has not
 * turned new-lead e-mails off, found as it goes, each address once; a privacy request's to the owners
 * and STAFF_EMAIL only; with where the lead came from.
 */
const MAIL = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website forms <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};
const QUEUED = new Date("2026-11-30T18:00:00Z");
const later = (minutes: number) => new Date(QUEUED.getTime() + minutes * 60_000);
const FACEBOOK: VisitSource = {
  landingPage: "/",
  referrerHost: "l.facebook.com",
  utmSource: "facebook",
  utmMedium: null,
  utmCampaign: "open-house",
};

function alertContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  let smtp: TestSmtp;
  beforeEach(async () => {
    store = await open();
    smtp = await startTestSmtp();
    await store.addStaff("owner@gym.example", "owner", QUEUED);
    await store.addStaff("coach@gym.example", "coach", QUEUED);
    await store.addStaff("quiet.coach@gym.example", "coach", QUEUED);
    await store.setLeadAlerts("quiet.coach@gym.example", false, QUEUED);
  });
  afterEach(async () => {
    await store.close();
    await smtp.stop();
  });
  const send = (now: Date, settings = MAIL, log: (line: string) => void = () => undefined) =>
    deliverDue(store, smtpMailer(smtp.url), settings, now, log);
  const contact = (id: string, extra: Partial<NewSubmission> = {}): NewSubmission => ({
    id,
    form: "contact",
    createdAt: QUEUED,
    payload: { name: "Ana Ruiz", email: "ana@example.com", interest: "membership", message: "Evening classes?" },
    spam: null,
    notify: true,
    ...extra,
  });
  const textOf = (mail: ReceivedMail | undefined) => mimePart(mail?.raw ?? "", "text/plain") ?? mail?.raw ?? "";

  test("a new lead: one mail to STAFF_EMAIL and every account but the one that turned it off, saying where it came from", async () => {
    await store.insert(contact("C-FACEBOOK", { source: FACEBOOK }));
    await store.insert(contact("C-NOSCRIPT"));
    expect(await send(later(0))).toEqual({ sent: 2, failed: 0, gaveUp: 0, more: false });
    expect(smtp.received.map((mail) => [mail.header("Subject"), mail.to.sort()])).toEqual([
      ["Contact message from Ana Ruiz (Membership) [C-FACEBOOK]", ["coach@gym.example", "coaches@gym.example", "owner@gym.example"]],
      ["Contact message from Ana Ruiz (Membership) [C-NOSCRIPT]", ["coach@gym.example", "coaches@gym.example", "owner@gym.example"]],
    ]);
    // The channel as the reports name it (utm_source "facebook" says no more), and the page in words.
    expect(textOf(smtp.received[0]).split(/\r?\n/)).toEqual(expect.arrayContaining(["Came from: Facebook", "Landed on: the home page"]));
    // Sent without JavaScript, or before sources were kept: said so, as the console says it.
    expect(textOf(smtp.received[1]).split(/\r?\n/)).toContain("Came from: Unknown");
    expect(smtp.received[0]?.header("Reply-To")).toBe("ana@example.com");
    // Replies go to the visitor: a "reply all" must not give them the staff's addresses. Only the gym's
    // shared inbox is in the headers; the accounts are blind copies.
    expect(smtp.received[0]?.header("To")).toBe("coaches@gym.example");
    expect(smtp.received[0]?.header("Cc")).toBeUndefined();
    expect(smtp.received[0]?.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/(owner|coach)@gym\.example/);
    // The outbox held no address: it was found as the mail went.
    expect(JSON.stringify((await store.outbox()).map((message) => message.data))).not.toContain("@");
  });

  test("nobody gets it twice: STAFF_EMAIL that is also an account, in any case, is one recipient", async () => {
    await store.insert(contact("C-ONCE"));
    expect(await send(later(0), { ...MAIL, staffEmail: "Owner@Gym.Example" })).toMatchObject({ sent: 1 });
    const [mail] = smtp.received;
    expect(mail?.to.map((address) => address.toLowerCase()).sort()).toEqual(["coach@gym.example", "owner@gym.example"]);
    // The shared inbox written with a name, or two of them, is read as its addresses.
    await store.insert(contact("C-NAMED"));
    expect(await send(later(1), { ...MAIL, staffEmail: "Front desk <desk@gym.example>, coach@gym.example" })).toMatchObject({ sent: 1 });
    expect(smtp.received[1]?.to.sort()).toEqual(["coach@gym.example", "desk@gym.example", "owner@gym.example"]);
  });

  test("sent to the staff of the moment it goes: a mail outage later, not to one removed or turned off meanwhile", async () => {
    await store.insert(contact("C-OUTAGE"));
    const down = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverDue(store, down, MAIL, later(0), () => undefined)).toMatchObject({ failed: 1 });
    await store.removeStaff("coach@gym.example");
    await store.addStaff("new.coach@gym.example", "coach", later(1));
    await store.setLeadAlerts("owner@gym.example", false, later(1));
    await store.setLeadAlerts("quiet.coach@gym.example", true, later(1));
    expect(await send(later(2))).toMatchObject({ sent: 1 });
    expect(smtp.received.map((mail) => mail.to.sort())).toEqual([
      ["coaches@gym.example", "new.coach@gym.example", "quiet.coach@gym.example"],
    ]);
  });

  test("a privacy request's alert, once confirmed: the owners and STAFF_EMAIL, an owner who turned new-lead e-mails off too", async () => {
    await store.addStaff("second.owner@gym.example", "owner", QUEUED);
    await store.setLeadAlerts("owner@gym.example", false, QUEUED);
    await store.insert({
      ...contact("P-REQUEST"),
      form: "privacy-request",
      payload: { name: "Ana Ruiz", email: "ana@example.com", request: "access" },
    });
    expect(await store.verifyRequest("P-REQUEST", "in-person", later(1), { notify: true })).toMatchObject({ state: "verified" });
    expect(await send(later(2))).toMatchObject({ sent: 2 });
    const alert = smtp.received.find((mail) => mail.header("Subject")?.startsWith("Privacy request"));
    expect(alert?.to.sort()).toEqual(["coaches@gym.example", "owner@gym.example", "second.owner@gym.example"]);
  });

  test("with no account and no STAFF_EMAIL left it is dropped, said in the log without an address", async () => {
    await store.insert(contact("C-NOBODY"));
    for (const email of ["coach@gym.example", "quiet.coach@gym.example"]) await store.removeStaff(email);
    await store.setLeadAlerts("owner@gym.example", false, QUEUED);
    const logged: string[] = [];
    expect(await send(later(0), { ...MAIL, staffEmail: "" }, (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(logged).toEqual(["Staff e-mail for contact C-NOBODY not sent: it has no staff to go to"]);
    expect(smtp.received).toEqual([]);
  });
}

describe("SQLite: the staff's alert (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  alertContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-alert-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: the staff's alert (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  alertContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
