import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import introJson from "../../../../content/intro.json";
import siteJson from "../../../../content/site.json";
import visitJson from "../../../../content/visit.json";
import { cancelIntro, markIntro, openIntroSlots, rescheduleIntro } from "../../../../src/server/intro/changes";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { hashToken } from "../../../../src/server/staff/auth";
import { mimePart, startTestSmtp, type ReceivedMail, type TestSmtp } from "../../../support/smtp";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";
import { dayLabel, timeLabel, whenLabel } from "../../../../src/time/labels";

const settings = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};
// Later than the machine's clock: the outbox claims each message after the first at the later of the two.
const NOW = new Date("2031-03-03T17:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function event(mail: ReceivedMail) {
  const text = mimePart(mail.raw, "text/calendar");
  if (!text) throw new Error("no calendar part");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent") as ICAL.Component;
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: vevent.getFirstPropertyValue("uid"),
    sequence: vevent.getFirstPropertyValue("sequence"),
    start: (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
  };
}

/** The cancel link's token in a mail's text. */
const linkToken = (mail: ReceivedMail) =>
  /https:\/\/gym\.example\/intro\/cancel\/#token=([A-Za-z0-9_-]{43})/.exec(mimePart(mail.raw, "text/plain") ?? "")?.[1];

/** A mail's text with plain line ends. */
const textOf = (mail: ReceivedMail) => (mimePart(mail.raw, "text/plain") ?? "").replace(/\r\n/g, "\n");

describe("free-intro mails through the outbox, with a real SMTP server on loopback", () => {
  let dir: string;
  let file: string;
  let store: SubmissionStore;
  let smtp: TestSmtp;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-intro-mail-"));
    file = path.join(dir, "s.sqlite");
    store = openSqliteStore(file);
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await store.close();
    await smtp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Books an open slot as the intro endpoint does. */
  async function book(id: string, slot: { start: string; end: string; coach: string }) {
    const email = "ana@example.com";
    await store.insert({
      id,
      form: "intro",
      createdAt: NOW,
      payload: { name: "Ana", email, phone: "253-555-0100", start: slot.start, end: slot.end, coach: slot.coach },
      spam: null,
      notify: true,
      booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email },
      confirm: true,
    });
  }
  const toVisitor = () => smtp.received.filter((mail) => mail.to.includes("ana@example.com"));

  test("a new time updates the same calendar event; a cancel removes it and opens the time again", async () => {
    const open = await openIntroSlots(store, NOW);
    const [first, second] = [open[0]!, open.find((slot) => slot.start !== open[0]!.start)!];
    await book("B-1", first);
    expect((await openIntroSlots(store, NOW)).filter((s) => s.start === first.start && s.coach === first.coach)).toEqual([]);
    await deliverDue(store, smtpMailer(smtp.url), settings, NOW);
    const [confirmation] = toVisitor();
    expect(event(confirmation!)).toMatchObject({ method: "PUBLISH", uid: "b-1@gym.example", sequence: 0, start: first.start });
    const firstToken = linkToken(confirmation!);
    expect(firstToken).toBeDefined();

    // Staff read who it is: the visitor's name, with the reference.
    expect(await rescheduleIntro(store, "B-1", second.start, second.coach, later(1))).toMatch(/^The intro of Ana \(B-1\) moved to /);
    await deliverDue(store, smtpMailer(smtp.url), settings, later(2));
    const moved = toVisitor()[1]!;
    expect(moved.header("Subject")).toMatch(/^New time for your free intro/i);
    expect(event(moved)).toMatchObject({ method: "PUBLISH", uid: "b-1@gym.example", sequence: 1, start: second.start });
    const secondToken = linkToken(moved);
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(firstToken);
    // The first mail's link no longer cancels: the new time came with a new one.
    expect(await store.cancelByToken(hashToken(firstToken!), later(3))).toBe("not-found");

    expect(await cancelIntro(store, "B-1", later(4), "coach@gym.example")).toBe(
      "Cancelled the intro of Ana (B-1): its time is open for booking again.",
    );
    // Its lead, moved past New by the booking, comes up for a call that day: it must not drop out of every to-do list.
    expect((await store.leadStates(["B-1"])).get("B-1")).toMatchObject({ status: "intro-booked", updatedBy: "coach@gym.example" });
    expect((await store.leadStates(["B-1"])).get("B-1")?.followUpOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await deliverDue(store, smtpMailer(smtp.url), settings, later(5));
    const cancelled = toVisitor()[2]!;
    expect(event(cancelled)).toMatchObject({ method: "CANCEL", uid: "b-1@gym.example", sequence: 2, start: second.start });
    expect(toVisitor()).toHaveLength(3);
    // Both times are offered again.
    const reopened = await openIntroSlots(store, later(5));
    expect(reopened).toEqual(expect.arrayContaining([first, second]));
  });

  test("the confirmation opens with the page's words, then the address, the door, parking, what to bring and what happens", async () => {
    const slot = (await openIntroSlots(store, NOW))[3]!;
    await book("B-1", slot);
    await deliverDue(store, smtpMailer(smtp.url), settings, NOW);
    const text = textOf(toVisitor()[0]!);
    const booked = `${dayLabel(slot.start, siteJson.timeZone)} at ${timeLabel(slot.start, siteJson.timeZone)} with Coach ${slot.coach}`;
    // The words the page shows come first, after the greeting.
    expect(text).toMatch(new RegExp(`^Hello,\n\nYou're booked: ${booked}\\.\n`));
    expect(text).toContain(`Where: ${siteJson.address.street}, ${siteJson.address.locality}`);
    expect(text).toContain("Get directions: https://www.google.com/maps/dir/?api=1&destination=");
    expect(text).toContain(`Which door: ${visitJson.door}`);
    expect(text).toContain(`Parking: ${visitJson.parking}`);
    expect(text).toContain(`What to wear and bring: ${introJson.whatToBring}`);
    expect(text).toContain(`At your free intro: ${introJson.slotMinutes} minutes, one-on-one with a coach.`);
    expect(linkToken(toVisitor()[0]!)).toBeDefined();
    expect(mimePart(toVisitor()[0]!.raw, "text/calendar")).toContain("BEGIN:VEVENT");
  });

  test("an address that holds an intro and asks for another is told first, plainly, the time it holds", async () => {
    const [held, asked] = [(await openIntroSlots(store, NOW))[2]!, (await openIntroSlots(store, NOW))[9]!];
    await book("B-1", held);
    await deliverDue(store, smtpMailer(smtp.url), settings, NOW);
    // Two hours on (one mail an hour to an address), someone asks for another time with the same address.
    const asking = later(120);
    await store.insert({
      id: "B-2",
      form: "intro",
      createdAt: asking,
      payload: { name: "Stranger Sam", email: "ana@example.com", start: asked.start, note: "already booked" },
      spam: null,
      notify: true,
      alreadyBooked: { email: "ana@example.com" },
      confirm: true,
    });
    await deliverDue(store, smtpMailer(smtp.url), settings, later(121));
    const mail = toVisitor()[1]!;
    const holds = `${dayLabel(held.start, siteJson.timeZone)} at ${timeLabel(held.start, siteJson.timeZone)} with Coach ${held.coach}`;
    expect(mail.header("Subject")).toMatch(/^You already have a free intro/i);
    expect(textOf(mail)).toMatch(new RegExp(`^Hello,\n\nYou already have a free intro booked: ${holds}\\.\n`));
    expect(textOf(mail)).toContain("nothing new was booked, and your booking stands");
    expect(textOf(mail)).not.toContain("Stranger Sam");
    expect(textOf(mail)).toContain(`Which door: ${visitJson.door}`);
    expect(event(mail)).toMatchObject({ uid: "b-1@gym.example", start: held.start });
  });
});

/**
 * The mails that follow a booking at their times, on each database: sent as the server sends them
 * (deliverDue at the clock's time, `later` runs after a restart), to a real SMTP server on loopback.
 * `place` makes an empty store's place and gives what opens it there (again after a restart).
 */
function followUpMails(name: string, place: () => Promise<() => Promise<SubmissionStore>>) {
  describe(name, () => {
    let openStore: () => Promise<SubmissionStore>;
    let store: SubmissionStore;
    let smtp: TestSmtp;
    let log: string[];
    beforeEach(async () => {
      openStore = await place();
      store = await openStore();
      smtp = await startTestSmtp();
      log = [];
    });
    afterEach(async () => {
      await store.close();
      await smtp.stop();
    });
    const deliver = (at: Date) => deliverDue(store, smtpMailer(smtp.url), settings, at, (line) => log.push(line));
    const restart = async () => {
      await store.close();
      store = await openStore();
    };
    const toVisitor = () => smtp.received.filter((mail) => mail.to.includes("ana@example.com"));
    const subjects = () => toVisitor().map((mail) => mail.header("Subject") ?? "");

    /** Books, at NOW, the first open slot at least `hoursAhead` away, as the intro endpoint does. */
    async function book(id: string, hoursAhead: number, email = "ana@example.com") {
      const slot = (await openIntroSlots(store, NOW)).find((s) => Date.parse(s.start) - NOW.getTime() >= hoursAhead * 3_600_000)!;
      await store.insert({
        id,
        form: "intro",
        createdAt: NOW,
        payload: { name: "Ana", email, phone: "253-555-0100", start: slot.start, end: slot.end, coach: slot.coach },
        spam: null,
        notify: true,
        booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email },
        confirm: true,
      });
      return { ...slot, at: (hoursBefore: number, ms = 0) => new Date(Date.parse(slot.start) - hoursBefore * 3_600_000 + ms) };
    }

    test("each reminder goes once at its time, whatever the runs and restarts, and carries the cancel link", async () => {
      const slot = await book("B-1", 36);
      await deliver(NOW);
      expect(subjects()).toEqual([expect.stringMatching(/^Your free intro/i)]);
      await deliver(slot.at(24, -1_000));
      expect(toVisitor()).toHaveLength(1);
      await deliver(slot.at(24));
      await deliver(slot.at(24));
      await restart();
      await deliver(slot.at(24, 60_000));
      expect(subjects().slice(1)).toEqual([`Reminder: your free intro session at ${siteJson.name}, ${whenLabel(slot.start)}`]);
      await deliver(slot.at(2, -1_000));
      expect(toVisitor()).toHaveLength(2);
      await deliver(slot.at(2));
      await restart();
      await deliver(slot.at(2, 60_000));
      expect(subjects().slice(2)).toEqual([`Starting soon: your free intro session at ${siteJson.name}, ${whenLabel(slot.start)}`]);
      const [confirmation, dayBefore, hoursBefore] = toVisitor();
      expect(textOf(hoursBefore!)).toMatch(
        new RegExp(
          `^Hello,\n\nYour free intro session at ${siteJson.name} is coming up soon: ${dayLabel(slot.start, siteJson.timeZone)} at `,
        ),
      );
      expect(textOf(hoursBefore!)).toContain(`Which door: ${visitJson.door}`);
      // Both carry the link of the confirmation, and say how to change the time.
      for (const reminder of [dayBefore!, hoursBefore!]) {
        expect(linkToken(reminder)).toBe(linkToken(confirmation!));
        expect(textOf(reminder)).toContain("To change the time, reply to this e-mail or call");
      }
      expect(new Set(toVisitor().map((mail) => mail.header("Message-ID"))).size).toBe(3);
    });

    test("held back by an outage, the day-before reminder gives way to the one 2 hours before, and both to the start", async () => {
      const first = await book("B-1", 36);
      await deliver(NOW);
      // Mail was down from the day before until the second reminder's time: that one goes, alone.
      await deliver(first.at(2));
      expect(subjects().slice(1)).toEqual([expect.stringMatching(/^Starting soon:/)]);
      expect(log).toEqual([expect.stringMatching(/^Intro reminder for intro B-1 not sent: the reminder two hours before goes instead$/)]);
      await cancelIntro(store, "B-1", first.at(1), "coach@gym.example");
      await deliver(first.at(1));
      // Down until the intro began: neither goes.
      const second = await book("B-2", 36, "bo@example.com");
      await deliver(second.at(0));
      expect(smtp.received.filter((mail) => mail.to.includes("bo@example.com")).map((mail) => mail.header("Subject"))).toEqual([
        expect.stringMatching(/^Your free intro/),
      ]);
      expect(log.filter((line) => line.includes("B-2"))).toEqual([
        "Intro reminder for intro B-2 not sent: the intro has begun",
        "Intro reminder for intro B-2 not sent: the intro has begun",
      ]);
    });

    /** Books, is mailed the confirmation, misses the intro, and staff mark it 40 minutes in; the offer's row. */
    async function missed(id: string, email: string, hoursAhead = 36) {
      const slot = await book(id, hoursAhead, email);
      await deliver(NOW);
      const marked = slot.at(0, 40 * 60_000);
      expect(await markIntro(store, id, "no-show", "coach@gym.example", marked)).toMatch(/did not come/);
      const offer = (await store.outbox(["pending"])).find((m) => m.submissionId === id && m.kind === "no-show-offer");
      if (!offer?.nextAttemptAt) throw new Error(`no offer queued for ${id}`);
      return { slot, due: offer.nextAttemptAt };
    }
    const offersTo = (email: string) =>
      smtp.received.filter((mail) => mail.to.includes(email) && /^We missed you/.test(mail.header("Subject") ?? ""));

    test("the morning after a no-show, one offer of a new time goes at the gym's opening, once across runs and restarts", async () => {
      const { slot, due } = await missed("B-1", "ana@example.com");
      // The next day the gym is open, at its opening (content/site.json, read here without the code under test).
      const introDay = new Intl.DateTimeFormat("en-CA", { timeZone: siteJson.timeZone }).format(new Date(slot.start));
      const dueDay = new Intl.DateTimeFormat("en-CA", { timeZone: siteJson.timeZone }).format(due);
      const weekday = (instant: Date) => new Intl.DateTimeFormat("en-US", { timeZone: siteJson.timeZone, weekday: "long" }).format(instant);
      const daysBetween = Math.round((Date.parse(dueDay) - Date.parse(introDay)) / 86_400_000);
      const openDays = siteJson.hours.flatMap((hours) => hours.days);
      expect(daysBetween).toBeGreaterThanOrEqual(1);
      for (let skipped = 1; skipped < daysBetween; skipped += 1) {
        expect(openDays).not.toContain(weekday(new Date(Date.parse(slot.start) + skipped * 86_400_000)));
      }
      const opens = siteJson.hours.find((hours) => hours.days.includes(weekday(due)))?.opens;
      expect(new Intl.DateTimeFormat("en-GB", { timeZone: siteJson.timeZone, hour: "2-digit", minute: "2-digit" }).format(due)).toBe(opens);

      await deliver(new Date(due.getTime() - 1_000));
      expect(offersTo("ana@example.com")).toEqual([]);
      await deliver(due);
      await deliver(due);
      await restart();
      await deliver(new Date(due.getTime() + 60_000));
      const [offer, ...more] = offersTo("ana@example.com");
      expect(more).toEqual([]);
      expect(offer!.header("Subject")).toBe(`We missed you at your free intro session at ${siteJson.name}`);
      const text = textOf(offer!);
      expect(text).toMatch(
        new RegExp(
          `^Hello,\n\nWe missed you at your free intro session at ${siteJson.name}: ${dayLabel(slot.start, siteJson.timeZone)} at `,
        ),
      );
      expect(text).toContain("If you would still like to come, choose a new time here:\nhttps://gym.example/intro/\n");
      expect(text).toContain("Your reference: B-1");
      // The booking is past: no cancel link.
      expect(linkToken(offer!)).toBeUndefined();
    });

    test("no offer once the mark is back to Came, the person booked again or asked for deletion", async () => {
      const ana = await missed("B-1", "ana@example.com");
      const ben = await missed("B-2", "ben@example.com", 60);
      const cy = await missed("B-3", "cy@example.com", 84);
      await markIntro(store, "B-1", "attended", "coach@gym.example", ana.slot.at(0, 50 * 60_000));
      // Ben books again, with a +tag of his address, before his offer's morning.
      const again = (await openIntroSlots(store, ben.due)).find((slot) => Date.parse(slot.start) > ben.due.getTime() + 86_400_000)!;
      await store.insert({
        id: "B-4",
        form: "intro",
        createdAt: new Date(ben.due.getTime() - 3_600_000),
        payload: { name: "Ben", email: "ben+again@example.com", start: again.start, end: again.end, coach: again.coach },
        spam: null,
        notify: true,
        booking: { coach: again.coach, start: new Date(again.start), end: new Date(again.end), email: "ben+again@example.com" },
        confirm: true,
      });
      await store.insert({
        id: "P-CYCYCYCY01",
        form: "privacy-request",
        createdAt: new Date(cy.due.getTime() - 3_600_000),
        payload: { name: "Cy", email: "CY@example.com", request: "deletion", details: "" },
        spam: null,
        notify: true,
      });
      for (const { due } of [ana, ben, cy].sort((a, b) => a.due.getTime() - b.due.getTime())) await deliver(due);
      for (const email of ["ana@example.com", "ben@example.com", "ben+again@example.com", "cy@example.com"])
        expect(offersTo(email)).toEqual([]);
      expect(log.filter((line) => line.startsWith("New-time offer"))).toEqual([
        "New-time offer after a missed intro for intro B-2 not sent: the person has booked again",
        "New-time offer after a missed intro for intro B-3 not sent: its person asked for their data to be deleted",
      ]);
    });

    test("an offer held back past its morning by a mail outage is not sent", async () => {
      const { due } = await missed("B-1", "ana@example.com");
      await deliver(new Date(due.getTime() + 86_400_000));
      expect(offersTo("ana@example.com")).toEqual([]);
      expect(log).toContain("New-time offer after a missed intro for intro B-1 not sent: its morning has passed");
    });
  });
}

describe("SQLite: an intro's later mails (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  followUpMails("mails after the booking", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-intro-follow-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    return async () => openSqliteStore(file);
  });
});

describeWithPostgres("PostgreSQL: an intro's later mails (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  followUpMails("mails after the booking", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    return () => openPostgresStore(url);
  });
});
