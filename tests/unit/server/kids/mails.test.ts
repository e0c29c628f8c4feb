import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import visit from "../../../../content/visit.json";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { hashToken } from "../../../../src/server/staff/auth";
import { mimePart, startTestSmtp, type ReceivedMail, type TestSmtp } from "../../../support/smtp";
import { type SubmissionStore, openSqliteStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * A kids' trial seat's mails on their clocks, through the outbox to a real SMTP server on loopback:
 * the confirmation at once, the reminder the day before, the cancellation when the parent's link is used.
 */

const settings = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};
// Later than the machine's clock: the outbox claims each message after the first at the later of the two.
const NOW = new Date("2031-03-03T17:00:00Z");
/** Thursday 2031-03-06 at 4:00 PM in Graham (PST). */
const THURSDAY = "2031-03-07T00:00:00.000Z";

function event(mail: ReceivedMail) {
  const text = mimePart(mail.raw, "text/calendar");
  if (!text) throw new Error("no calendar part");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent") as ICAL.Component;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    start: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    location: vevent.getFirstPropertyValue("location"),
  };
}

const text = (mail: ReceivedMail | undefined) => (mail && mimePart(mail.raw, "text/plain")) ?? "";
/** Quoted-printable and folded lines aside: the plain text as the parent reads it. */
const flat = (mail: ReceivedMail | undefined) => text(mail).replace(/\s+/g, " ");
const linkToken = (mail: ReceivedMail | undefined) =>
  /https:\/\/gym\.example\/programs\/crossfitkids\/trial\/cancel\/#token=([A-Za-z0-9_-]{43})/.exec(text(mail))?.[1];

describe("kids' trial mails through the outbox, with a real SMTP server on loopback", () => {
  let dir: string;
  let store: SubmissionStore;
  let smtp: TestSmtp;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-kids-mail-"));
    store = openSqliteStore(path.join(dir, "s.sqlite"));
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await store.close();
    await smtp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function book(id: string, start = THURSDAY) {
    const email = "parent@example.com";
    const end = new Date(Date.parse(start) + 45 * 60_000);
    await store.insert({
      id,
      form: "kids-trial",
      createdAt: NOW,
      payload: {
        start,
        end: end.toISOString(),
        coach: "Jess",
        childName: "Mia",
        childAge: 7,
        name: "Ana Quill",
        email,
        phone: "+12535550100",
      },
      spam: null,
      notify: true,
      seat: { classStart: new Date(start), classEnd: end, seats: 3, email },
      confirm: true,
    });
  }
  const toParent = () => smtp.received.filter((mail) => mail.to.includes("parent@example.com"));
  const deliver = (at: Date) => deliverDue(store, smtpMailer(smtp.url), settings, at);

  test("booked: the class, the child and age, where, which door, what to bring, the cancel link and the class as .ics", async () => {
    await book("K-1");
    await deliver(NOW);
    const [confirmation] = toParent();
    expect(confirmation?.shown("subject")).toBe("Booked: Mia's free CrossFit Kids trial class, Thursday, March 6 at 4:00 PM");
    const body = flat(confirmation);
    expect(body).toContain("You're booked: Mia's free CrossFit Kids trial class at CrossFit Graham, Thursday, March 6 at 4:00 PM.");
    expect(body).toContain("When: Thursday, March 6 at 4:00 PM (45 minutes)");
    expect(body).toContain("Coach: Jess");
    expect(body).toContain("Child: Mia (age 7)");
    expect(body).toContain("Where: CrossFit Graham, 10615 224th St E, Suite B, Graham, WA 98338");
    expect(body).toContain(`Which door: ${visit.door}`);
    expect(body).toContain(`What to bring: ${visit.kidsBring}`);
    expect(linkToken(confirmation)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(event(confirmation!)).toMatchObject({ method: "PUBLISH", uid: "k-1@gym.example", start: THURSDAY });
    // The staff hear of it as of any lead; the parent's phone is the way to call.
    expect(smtp.received.filter((mail) => mail.to.includes("coaches@gym.example"))).toHaveLength(1);
  });

  test("the reminder goes the day before, not sooner, once, with the same cancel link", async () => {
    await book("K-1");
    await deliver(NOW);
    const due = new Date(Date.parse(THURSDAY) - 24 * 3_600_000);
    await deliver(new Date(due.getTime() - 1_000));
    expect(toParent()).toHaveLength(1);
    await deliver(due);
    await deliver(new Date(due.getTime() + 60_000));
    const [confirmation, reminder] = toParent();
    expect(toParent()).toHaveLength(2);
    expect(reminder?.shown("subject")).toBe("Tomorrow: Mia's free CrossFit Kids trial class, Thursday, March 6 at 4:00 PM");
    expect(flat(reminder)).toContain(`What to bring: ${visit.kidsBring}`);
    expect(linkToken(reminder)).toBe(linkToken(confirmation));
  });

  test("cancelled with the parent's link: the cancellation removes the same event, and the reminder never goes", async () => {
    await book("K-1");
    await deliver(NOW);
    const token = linkToken(toParent()[0]);
    expect(await store.cancelTrialByToken(hashToken(token ?? ""), new Date(NOW.getTime() + 3_600_000))).toBe("cancelled");
    await deliver(new Date(NOW.getTime() + 3_600_000));
    await deliver(new Date(Date.parse(THURSDAY) - 60_000));
    const mails = toParent();
    expect(mails.map((mail) => mail.shown("subject"))).toEqual([
      "Booked: Mia's free CrossFit Kids trial class, Thursday, March 6 at 4:00 PM",
      "Cancelled: Mia's free CrossFit Kids trial class, Thursday, March 6 at 4:00 PM",
    ]);
    expect(event(mails[1]!)).toMatchObject({ method: "CANCEL", uid: "k-1@gym.example", start: THURSDAY });
    expect(flat(mails[1])).toContain("https://gym.example/programs/crossfitkids/trial/");
  });
});
