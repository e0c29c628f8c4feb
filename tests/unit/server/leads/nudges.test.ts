import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { prepareDigest, prepareLeadReminder, queueNudges } from "../../../../src/server/leads/nudges";
import { site } from "../../../../src/server/content";
import { mimePart, startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { freePort } from "../../../support/servers";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * Nobody forgets a lead: the reminder of a lead still New 15 minutes into opening hours, the owners'
 * morning digest, and a reply from the lead page, each through the outbox to a real SMTP server on
 * loopback, on both databases, with an injected clock. The gym (content/site.json) is open Mon-Fri
 * 05:00-19:00 and Sat 09:00-11:00, Pacific time (UTC-8 in these weeks).
 */

const at = (iso: string) => new Date(iso);
const SETTINGS = { reminderMinutes: 15, digest: true, siteUrl: "https://gym.example" };
const MAIL = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};

function lead(id: string, createdAt: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at(createdAt),
    payload: {
      name: `Ana ${id}`,
      email: `${id.toLowerCase()}@example.com`,
      phone: "+12535550199",
      interest: "membership",
      message: "Evening classes?",
    },
    spam: null,
    notify: false,
    ...extra,
  };
}

function nudgeContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  let smtp: TestSmtp;
  beforeEach(async () => {
    store = await open();
    smtp = await startTestSmtp();
    await store.addStaff("owner@gym.example", "owner", at("2026-11-01T00:00:00Z"));
    await store.addStaff("coach@gym.example", "coach", at("2026-11-01T00:00:00Z"));
  });
  afterEach(async () => {
    await store.close();
    await smtp.stop();
  });
  const send = (now: Date) => deliverDue(store, smtpMailer(smtp.url), MAIL, now);
  const kinds = async (kind: string) => (await store.outbox()).filter((m) => m.kind === kind);

  test("a lead still New 15 minutes into opening hours: one reminder to every staff account, linking to it", async () => {
    // Monday, November 30, 10:00 at the gym.
    await store.insert(lead("C-MON", "2026-11-30T18:00:00Z"));
    expect((await queueNudges(store, at("2026-11-30T18:14:59Z"), SETTINGS)).reminders).toEqual([]);
    expect((await queueNudges(store, at("2026-11-30T18:15:00Z"), SETTINGS)).reminders).toEqual(["C-MON"]);
    // Once: the next passes find it reminded.
    expect((await queueNudges(store, at("2026-11-30T18:15:30Z"), SETTINGS)).reminders).toEqual([]);
    expect((await queueNudges(store, at("2026-11-30T20:00:00Z"), SETTINGS)).reminders).toEqual([]);
    expect(await send(at("2026-11-30T18:15:30Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const [mail] = smtp.received;
    expect(mail?.to.sort()).toEqual(["coach@gym.example", "owner@gym.example"]);
    expect(mail?.header("Subject")).toBe("Still new: Contact message from Ana C-MON [C-MON]");
    const text = mimePart(mail?.raw ?? "", "text/plain") ?? mail?.raw ?? "";
    expect(text).toContain("came in Monday, November 30, 2026 at 10:00 AM Pacific Standard Time and nobody has answered it yet");
    expect(text).toContain("Open it: https://gym.example/staff/lead/?id=C-MON");
    // Not the visitor's message: staff open the lead for that.
    expect(text).not.toContain("Evening classes?");
  });

  test("a reminder that waited out a mail outage is not sent about a lead answered meanwhile", async () => {
    await store.insert(lead("C-WAIT", "2026-11-30T18:00:00Z"));
    await store.insert(lead("C-STILL", "2026-11-30T18:00:00Z"));
    expect((await queueNudges(store, at("2026-11-30T18:15:00Z"), SETTINGS)).reminders).toEqual(["C-WAIT", "C-STILL"]);
    // The mail server is down (nothing listens on its port): both wait for their next attempt.
    const logged: string[] = [];
    const down = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverDue(store, down, MAIL, at("2026-11-30T18:15:30Z"), (line) => logged.push(line))).toMatchObject({
      sent: 0,
      failed: 2,
    });
    await store.updateLead("C-WAIT", { status: "contacted" }, "coach@gym.example", at("2026-11-30T18:20:00Z"));
    // Back up: only the lead still New is reminded of; the other's reminder leaves the outbox unsent, said in the log.
    logged.length = 0;
    const up = smtpMailer(smtp.url);
    expect(await deliverDue(store, up, MAIL, at("2026-11-30T19:00:00Z"), (line) => logged.push(line))).toEqual({
      sent: 1,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(logged).toEqual(["New-lead reminder for contact C-WAIT not sent: its lead is no longer New"]);
    expect(smtp.received.map((mail) => mail.header("Subject"))).toEqual(["Still new: Contact message from Ana C-STILL [C-STILL]"]);
    expect((await kinds("lead-reminder")).map((message) => [message.submissionId, message.status])).toEqual([
      ["C-WAIT", "sent"],
      ["C-STILL", "sent"],
    ]);
  });

  test("a reminder goes to the staff of the moment it is sent: not to a coach removed meanwhile, also on a retry", async () => {
    await store.insert(lead("C-STAFF", "2026-11-30T18:00:00Z"));
    expect((await queueNudges(store, at("2026-11-30T18:15:00Z"), SETTINGS)).reminders).toEqual(["C-STAFF"]);
    // The outbox holds the lead, not a list of addresses.
    expect(JSON.stringify((await kinds("lead-reminder")).map((message) => message.data))).not.toContain("@");
    // Its first try meets a mail server that is down; meanwhile the coach leaves and someone joins.
    const down = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverDue(store, down, MAIL, at("2026-11-30T18:15:30Z"), () => undefined)).toMatchObject({ failed: 1 });
    expect(await store.removeStaff("coach@gym.example")).toBe("removed");
    await store.addStaff("new.coach@gym.example", "coach", at("2026-11-30T18:16:00Z"));
    expect(await send(at("2026-11-30T18:17:00Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(smtp.received.map((mail) => mail.to.sort())).toEqual([["new.coach@gym.example", "owner@gym.example"]]);

    // One queued by the version before this one lists its addresses: it goes to the staff of now too.
    await store.insert(lead("C-OLDROW", "2026-11-30T18:00:00Z"));
    expect((await queueNudges(store, at("2026-11-30T18:20:00Z"), SETTINGS)).reminders).toEqual(["C-OLDROW"]);
    const [queued] = (await kinds("lead-reminder")).filter((message) => message.status === "pending");
    const earlier = { ...queued!, data: { to: "coach@gym.example, owner@gym.example" }, submission: (await store.get("C-OLDROW"))! };
    const prepared = await prepareLeadReminder(store, earlier, MAIL);
    expect("dropped" in prepared ? prepared : prepared.data?.to).toBe("new.coach@gym.example, owner@gym.example");
  });

  test("a reminder with nobody left to go to is dropped, said in the log without an address", async () => {
    const empty = await open();
    try {
      await empty.insert(lead("C-NOBODY", "2026-11-30T18:00:00Z"));
      // No staff account yet: STAFF_EMAIL gets it, as when it was queued.
      expect((await queueNudges(empty, at("2026-11-30T18:15:00Z"), { ...SETTINGS, staffEmail: "coaches@gym.example" })).reminders).toEqual([
        "C-NOBODY",
      ]);
      const logged: string[] = [];
      const report = await deliverDue(empty, smtpMailer(smtp.url), { ...MAIL, staffEmail: "" }, at("2026-11-30T18:15:30Z"), (line) =>
        logged.push(line),
      );
      expect(report).toEqual({ sent: 0, failed: 0, gaveUp: 0, more: false });
      expect(logged).toEqual(["New-lead reminder for contact C-NOBODY not sent: it has no staff to go to"]);
      expect(smtp.received).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  test("only in opening hours: a lead from Friday evening is reminded of 15 open minutes later, on Saturday", async () => {
    // Friday, November 27, 18:55 at the gym: five open minutes left that day.
    await store.insert(lead("C-FRI", "2026-11-28T02:55:00Z"));
    // Friday 19:30 (closed), Saturday 09:09 (14 open minutes): nothing.
    expect((await queueNudges(store, at("2026-11-28T03:30:00Z"), SETTINGS)).reminders).toEqual([]);
    expect((await queueNudges(store, at("2026-11-28T17:09:00Z"), SETTINGS)).reminders).toEqual([]);
    expect((await queueNudges(store, at("2026-11-28T17:10:00Z"), SETTINGS)).reminders).toEqual(["C-FRI"]);
    // A lead that passed 15 open minutes just before closing is not reminded at night, but at opening.
    await store.insert(lead("C-LATE", "2026-11-28T18:30:00Z")); // Saturday 10:30
    expect((await queueNudges(store, at("2026-11-28T20:00:00Z"), SETTINGS)).reminders).toEqual([]); // Saturday 12:00, closed
    expect((await queueNudges(store, at("2026-11-30T13:00:00Z"), SETTINGS)).reminders).toEqual(["C-LATE"]); // Monday 05:00
  });

  test("no reminder for a lead answered, spam, a privacy request, or with reminders off; one for an intro nobody spoke to", async () => {
    await store.insert(lead("C-ANSWERED", "2026-11-30T18:00:00Z"));
    await store.updateLead("C-ANSWERED", { status: "contacted" }, "coach@gym.example", at("2026-11-30T18:05:00Z"));
    await store.insert(lead("C-SPAM", "2026-11-30T18:00:00Z", { spam: "honeypot" }));
    await store.insert(lead("P-PRIVACY", "2026-11-30T18:00:00Z", { form: "privacy-request" }));
    const start = "2026-12-04T18:00:00.000Z";
    const booking = { coach: "Dana", start: at(start), end: at("2026-12-04T18:30:00.000Z"), email: "b-booked@example.com" };
    await store.insert(
      lead("B-BOOKED", "2026-11-30T18:00:00Z", { form: "intro", payload: { name: "Bo", email: booking.email, start }, booking }),
    );
    await store.insert(lead("C-OFF", "2026-11-30T18:00:00Z"));
    expect((await queueNudges(store, at("2026-11-30T19:00:00Z"), { ...SETTINGS, reminderMinutes: 0 })).reminders).toEqual([]);
    // Booking their own intro answers nobody: until staff speak to them, they are reminded like anyone waiting.
    expect((await queueNudges(store, at("2026-11-30T19:00:00Z"), SETTINGS)).reminders.sort()).toEqual(["B-BOOKED", "C-OFF"]);
  });

  test("two servers looking at once queue one reminder and one digest", async () => {
    await store.insert(lead("C-RACE", "2026-11-30T18:00:00Z"));
    const results = await Promise.all([1, 2, 3].map(() => store.queueLeadReminder("C-RACE", at("2026-11-30T18:20:00Z"))));
    expect(results.filter(Boolean)).toHaveLength(1);
    const digests = await Promise.all([1, 2, 3].map(() => store.queueDigest("2026-12-01", true, at("2026-12-01T13:00:00Z"))));
    expect(digests.filter(Boolean)).toHaveLength(1);
    expect(await kinds("lead-reminder")).toHaveLength(1);
    expect(await kinds("digest")).toHaveLength(1);
  });

  test("the morning digest on a seeded day: new and late leads, follow-ups due, today's intros; once, at opening, to the owners", async () => {
    // Tuesday, December 1. A lead from yesterday evening (late), one from this morning, one due for follow-up today, an intro at 7:30.
    await store.insert(lead("C-EVENING", "2026-12-01T02:00:00Z")); // Monday 18:00
    await store.insert(lead("C-DUE", "2026-11-28T18:00:00Z"));
    await store.updateLead("C-DUE", { status: "contacted", followUpOn: "2026-12-01" }, "coach@gym.example", at("2026-11-28T18:10:00Z"));
    await store.insert(lead("C-LATER", "2026-11-28T18:00:00Z"));
    await store.updateLead("C-LATER", { status: "contacted", followUpOn: "2026-12-02" }, "coach@gym.example", at("2026-11-28T18:10:00Z"));
    const booking = { coach: "Dana", start: at("2026-12-01T15:30:00.000Z"), end: at("2026-12-01T16:00:00.000Z"), email: "kai@example.com" };
    await store.insert(
      lead("B-KAI", "2026-11-29T18:00:00Z", {
        form: "intro",
        payload: { name: "Kai Lee", email: booking.email, start: "2026-12-01T15:30:00.000Z" },
        booking,
      }),
    );
    const tomorrow = { ...booking, start: at("2026-12-02T15:30:00.000Z"), end: at("2026-12-02T16:00:00.000Z"), email: "zoe@example.com" };
    await store.insert(
      lead("B-ZOE", "2026-11-29T18:05:00Z", {
        form: "intro",
        payload: { name: "Zoe", email: tomorrow.email, start: "2026-12-02T15:30:00.000Z" },
        booking: tomorrow,
      }),
    );
    const quiet = { ...SETTINGS, reminderMinutes: 0 };
    // 04:59 at the gym: not yet.
    expect((await queueNudges(store, at("2026-12-01T12:59:00Z"), quiet)).digest).toBe(false);
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), quiet)).digest).toBe(true);
    expect((await queueNudges(store, at("2026-12-01T13:00:30Z"), quiet)).digest).toBe(false);
    expect(await send(at("2026-12-01T13:00:30Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["owner@gym.example"]);
    // Kai and Zoe booked their own intros and nobody has spoken to them: they wait, the longest waiting first.
    expect(mail?.header("Subject")).toBe(`Today at ${site.name}: 3 new leads, 1 follow-up, 1 free intro`);
    const text = (mimePart(mail?.raw ?? "", "text/plain") ?? "").replace(/\r\n/g, "\n");
    const person = async (id: string) => (await store.personOf(id))?.id ?? "";
    expect(text).toBe(
      [
        `Good morning. Tuesday, December 1, 2026 at ${site.name}:`,
        "",
        "New leads nobody has answered yet (3):",
        `- Free intro booking from Kai Lee (late): https://gym.example/staff/lead/?id=${await person("B-KAI")}`,
        `- Free intro booking from Zoe (late): https://gym.example/staff/lead/?id=${await person("B-ZOE")}`,
        `- Contact message from Ana C-EVENING (late): https://gym.example/staff/lead/?id=${await person("C-EVENING")}`,
        "",
        "Follow-ups due today (1):",
        `- Contact message from Ana C-DUE: https://gym.example/staff/lead/?id=${await person("C-DUE")}`,
        "",
        "Free intros today (1):",
        "- 7:30 AM with Dana: Free intro booking from Kai Lee, https://gym.example/staff/lead/?id=B-KAI",
        "",
        "The console: https://gym.example/staff/",
        "",
      ].join("\n"),
    );
  });

  test("the digest is written as it goes: nothing of a lead deleted or answered meanwhile, and not once its day is over", async () => {
    await store.insert(lead("C-GONE", "2026-12-01T02:00:00Z")); // Monday 18:00
    await store.insert(lead("C-STAYS", "2026-12-01T02:30:00Z"));
    await store.insert(lead("C-ANSWERED", "2026-12-01T02:40:00Z"));
    const quiet = { ...SETTINGS, reminderMinutes: 0 };
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), quiet)).digest).toBe(true);
    // The outbox holds the day, no visitor's name.
    expect((await kinds("digest")).map((message) => message.data)).toEqual([{ day: "2026-12-01" }]);
    // The mail server is down at opening; meanwhile one lead is deleted on request, another answered.
    const down = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverDue(store, down, MAIL, at("2026-12-01T13:00:30Z"), () => undefined)).toMatchObject({ failed: 1 });
    await store.deleteSubmissions(["C-GONE"], { kind: "request", requestedBy: "staff" }, at("2026-12-01T13:05:00Z"));
    await store.updateLead("C-ANSWERED", { status: "contacted" }, "coach@gym.example", at("2026-12-01T13:06:00Z"));
    expect(await send(at("2026-12-01T13:10:00Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const [mail] = smtp.received;
    expect(mail?.header("Subject")).toBe(`Today at ${site.name}: 1 new lead, 0 follow-ups, 0 free intros`);
    const text = mimePart(mail?.raw ?? "", "text/plain") ?? "";
    expect(text).toContain("C-STAYS");
    expect(text).not.toMatch(/C-GONE|C-ANSWERED/);
    expect((await kinds("digest")).map((message) => message.data)).toEqual([null]);

    // Wednesday's digest (C-STAYS is still New), queued at opening, unsent through an outage until 08:00:01,
    // three hours and a second after opening: not sent, as it would not have been queued then.
    expect((await queueNudges(store, at("2026-12-02T13:00:00Z"), quiet)).digest).toBe(true);
    const logged: string[] = [];
    const late = at("2026-12-02T16:00:01Z");
    const [queued] = (await kinds("digest")).filter((message) => message.status === "pending");
    // One queued by the version before (its text written, no day) goes as written in time, and not late.
    const earlier = { ...queued!, data: { to: "owner@gym.example", subject: "Today", text: "As counted" } };
    const settings = { siteUrl: "https://gym.example" };
    expect(await prepareDigest(store, earlier, { ...settings, now: at("2026-12-02T14:00:00Z") })).toBe(earlier);
    expect(await prepareDigest(store, earlier, { ...settings, now: late })).toEqual({ dropped: "it would be more than three hours late" });
    expect(await deliverDue(store, smtpMailer(smtp.url), MAIL, late, (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(logged).toEqual([expect.stringMatching(/^Morning digest .*not sent: it would be more than three hours late$/)]);
    expect(smtp.received).toHaveLength(1);
  });

  test("the digest goes to the owners of the moment it is sent: not to one who left or became a coach meanwhile", async () => {
    await store.addStaff("partner@gym.example", "owner", at("2026-11-01T00:00:00Z"));
    await store.addStaff("manager@gym.example", "owner", at("2026-11-01T00:00:00Z"));
    await store.insert(lead("C-OWNERS", "2026-12-01T02:00:00Z"));
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), { ...SETTINGS, reminderMinutes: 0 })).digest).toBe(true);
    // The outbox holds the day, not a list of addresses.
    expect((await kinds("digest")).map((message) => message.data)).toEqual([{ day: "2026-12-01" }]);
    const down = smtpMailer(`smtp://127.0.0.1:${await freePort()}`);
    expect(await deliverDue(store, down, MAIL, at("2026-12-01T13:00:30Z"), () => undefined)).toMatchObject({ failed: 1 });
    expect(await store.removeStaff("partner@gym.example")).toBe("removed");
    expect(await store.addStaff("manager@gym.example", "coach", at("2026-12-01T13:01:00Z"))).toBe("updated");
    expect(await send(at("2026-12-01T13:05:00Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    expect(smtp.received.map((mail) => mail.to)).toEqual([["owner@gym.example"]]);
    // One queued by the version before this one, with the day and the owners of then: the owners of now.
    const [queued] = await kinds("digest");
    const earlier = { ...queued!, data: { day: "2026-12-01", to: "partner@gym.example, owner@gym.example" } };
    const prepared = await prepareDigest(store, earlier, { siteUrl: "https://gym.example", now: at("2026-12-01T13:06:00Z") });
    expect("dropped" in prepared ? prepared : prepared.data?.to).toBe("owner@gym.example");
  });

  test("the digest leaves out a privacy request until its person confirms it, as the staff alert waits", async () => {
    const request = (id: string) =>
      lead(id, "2026-12-01T02:00:00Z", {
        form: "privacy-request",
        notify: true,
        payload: { name: `Pat ${id}`, email: `${id}@example.com`, request: "access" },
      });
    await store.insert(request("P-WAITING"));
    await store.insert(request("P-CHECKED"));
    await store.insert(request("P-DUE"));
    await store.updateLead("P-DUE", { followUpOn: "2026-12-01" }, "owner@gym.example", at("2026-12-01T02:10:00Z"));
    // Only unconfirmed requests: nothing to tell the owners.
    const quiet = { ...SETTINGS, reminderMinutes: 0 };
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), quiet)).digest).toBe(false);
    // The next day, one is confirmed (checked in person) and a contact message came in.
    expect(await store.verifyRequest("P-CHECKED", "in-person", at("2026-12-01T20:00:00Z"), { notify: false })).toMatchObject({
      state: "verified",
    });
    await store.updateLead("P-DUE", { followUpOn: "2026-12-02" }, "owner@gym.example", at("2026-12-01T20:00:00Z"));
    await store.insert(lead("C-CONTACT", "2026-12-02T02:00:00Z"));
    expect((await queueNudges(store, at("2026-12-02T13:00:00Z"), quiet)).digest).toBe(true);
    // The three requests' confirmation links go too; one digest, to the owner.
    expect(await send(at("2026-12-02T13:00:30Z"))).toEqual({ sent: 4, failed: 0, gaveUp: 0, more: false });
    const digests = smtp.received.filter((mail) => mail.header("Subject")?.startsWith("Today at"));
    expect(digests.map((mail) => mail.to)).toEqual([["owner@gym.example"]]);
    expect(digests[0]?.header("Subject")).toBe(`Today at ${site.name}: 2 new leads, 0 follow-ups, 0 free intros`);
    const text = mimePart(digests[0]?.raw ?? "", "text/plain") ?? "";
    expect(text).toContain("P-CHECKED");
    expect(text).toContain("C-CONTACT");
    expect(text).not.toMatch(/P-WAITING|P-DUE/);
  });

  test("a digest whose one lead was answered before it went is not sent", async () => {
    await store.insert(lead("C-ONLY", "2026-12-01T02:00:00Z"));
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), { ...SETTINGS, reminderMinutes: 0 })).digest).toBe(true);
    await store.updateLead("C-ONLY", { status: "contacted" }, "coach@gym.example", at("2026-12-01T13:00:10Z"));
    const logged: string[] = [];
    const up = smtpMailer(smtp.url);
    expect(await deliverDue(store, up, MAIL, at("2026-12-01T13:00:30Z"), (line) => logged.push(line))).toEqual({
      sent: 0,
      failed: 0,
      gaveUp: 0,
      more: false,
    });
    expect(logged).toEqual([expect.stringMatching(/^Morning digest .*not sent: nothing is left in it$/)]);
    expect(smtp.received).toEqual([]);
  });

  test("nothing sent on a day with nothing in it, on a closed day, or long after opening", async () => {
    expect((await queueNudges(store, at("2026-12-01T13:00:00Z"), SETTINGS)).digest).toBe(false);
    expect(await store.digestDone("2026-12-01")).toBe(true);
    await store.insert(lead("C-SUNDAY", "2026-12-05T20:00:00Z"));
    // Sunday, December 6: the gym is closed, no digest.
    expect((await queueNudges(store, at("2026-12-06T18:00:00Z"), SETTINGS)).digest).toBe(false);
    expect(await store.digestDone("2026-12-06")).toBe(false);
    // Monday 08:01, three hours after opening (the server was down): the day is marked, nothing sent late.
    expect((await queueNudges(store, at("2026-12-07T16:01:00Z"), { ...SETTINGS, reminderMinutes: 0 })).digest).toBe(false);
    expect(await store.digestDone("2026-12-07")).toBe(true);
    expect(await kinds("digest")).toEqual([]);
    expect((await queueNudges(store, at("2026-12-08T13:00:00Z"), { ...SETTINGS, digest: false })).digest).toBe(false);
  });

  test("a reply from the lead page reaches the visitor, is noted, and is the lead's first response", async () => {
    await store.insert(lead("C-REPLY", "2026-11-30T18:00:00Z"));
    const reply = { subject: "Thanks for getting in touch", text: "Hi Ana,\n\nBook a free intro: https://gym.example/intro/" };
    expect(await store.queueReply("C-REPLY", reply, "coach@gym.example", at("2026-11-30T18:12:00Z"))).toBe(true);
    expect(await store.queueReply("C-NONE", reply, "coach@gym.example", at("2026-11-30T18:12:00Z"))).toBe(false);
    expect((await store.leadStates(["C-REPLY"])).get("C-REPLY")).toMatchObject({
      status: "contacted",
      firstResponseAt: at("2026-11-30T18:12:00Z"),
    });
    expect((await store.notes("C-REPLY")).map((note) => note.body)).toEqual([`E-mailed "Thanks for getting in touch":\n\n${reply.text}`]);
    expect(await send(at("2026-11-30T18:12:05Z"))).toEqual({ sent: 1, failed: 0, gaveUp: 0, more: false });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(["c-reply@example.com"]);
    expect(mail?.header("Subject")).toBe("Thanks for getting in touch");
    expect(mail?.header("Reply-To")).toBe(site.email);
    // From the gym by name, at MAIL_FROM's address, whatever name MAIL_FROM gives.
    expect(mail?.header("From")).toBe(`${site.name} <forms@gym.example>`);
    const text = mimePart(mail?.raw ?? "", "text/plain") ?? "";
    expect(text).toContain("Book a free intro: https://gym.example/intro/");
    // The visitor's own words are not sent back to an address nobody confirmed.
    expect(mail?.raw).not.toContain("Evening classes?");
    // Answered: no reminder.
    expect((await queueNudges(store, at("2026-11-30T19:00:00Z"), SETTINGS)).reminders).toEqual([]);
  });

  test("a reply to a lead the visitor's own booking moved is its first response, and the status stays", async () => {
    const booking = { coach: "Dana", start: at("2026-12-04T18:00:00.000Z"), end: at("2026-12-04T18:30:00.000Z"), email: "bo@example.com" };
    await store.insert(lead("B-BO", "2026-11-30T18:00:00Z", { form: "intro", payload: { name: "Bo", email: booking.email }, booking }));
    expect((await store.leadStates(["B-BO"])).get("B-BO")?.firstResponseAt).toBeNull();
    await store.queueReply("B-BO", { subject: "See you Friday", text: "Hi Bo" }, "coach@gym.example", at("2026-11-30T18:30:00Z"));
    expect((await store.leadStates(["B-BO"])).get("B-BO")).toMatchObject({
      status: "intro-booked",
      firstResponseAt: at("2026-11-30T18:30:00Z"),
    });
  });

  test("the owner's templates: the first two and a text's, added, changed, a name used once, deleted", async () => {
    const names = async () => (await store.replyTemplates()).map((template) => template.name);
    expect(await names()).toEqual(["Text: book a free intro", "Thanks: book a free intro", "Thanks: we will call you"]);
    const [text, first] = await store.replyTemplates();
    expect(first?.body).toContain("{intro}");
    expect([first?.channel, text?.channel, text?.subject]).toEqual(["email", "text", ""]);
    const by = "owner@gym.example";
    expect(
      await store.saveReplyTemplate({ name: "Kids class", subject: "CrossFit Kids", body: "Hi {name}" }, by, at("2026-11-30T18:00:00Z")),
    ).toBe("saved");
    expect(await store.saveReplyTemplate({ name: "Kids class", subject: "x", body: "y" }, by, at("2026-11-30T18:00:00Z"))).toBe(
      "name-taken",
    );
    const kids = (await store.replyTemplates()).find((template) => template.name === "Kids class")!;
    expect(
      await store.saveReplyTemplate(
        { id: kids.id, name: "Kids", subject: "CrossFit Kids", body: "Hi {name}!" },
        by,
        at("2026-11-30T18:01:00Z"),
      ),
    ).toBe("saved");
    expect(await store.saveReplyTemplate({ id: 999_999, name: "Gone", subject: "x", body: "y" }, by, at("2026-11-30T18:01:00Z"))).toBe(
      "not-found",
    );
    expect(await names()).toEqual(["Kids", "Text: book a free intro", "Thanks: book a free intro", "Thanks: we will call you"]);
    // A save that names no channel keeps the template's.
    expect(
      await store.saveReplyTemplate({ id: text!.id, name: text!.name, subject: "", body: "Hi {name}!" }, by, at("2026-11-30T18:02:00Z")),
    ).toBe("saved");
    expect((await store.replyTemplates()).find((template) => template.id === text!.id)?.channel).toBe("text");
    expect(await store.deleteReplyTemplate(kids.id)).toBe(true);
    expect(await store.deleteReplyTemplate(kids.id)).toBe(false);
  });
}

describe("SQLite: reminders, digest and replies (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  nudgeContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-nudges-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: reminders, digest and replies (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  nudgeContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
