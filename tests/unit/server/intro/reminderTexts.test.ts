import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import siteJson from "../../../../content/site.json";
import { deliverDue } from "../../../../src/server/app/outbox";
import { type SubmissionStore, openPostgresStore, openSqliteStore } from "../../../../src/server/app/store";
import { cancelIntro, markIntro, openIntroSlots } from "../../../../src/server/intro/changes";
import { reminderChannel } from "../../../../src/server/intro/reminders";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import { textTexter } from "../../../../src/server/texts/outbox";
import { createTwilioSender } from "../../../../src/server/texts/twilio";
import { textSize } from "../../../../src/texts/segments";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { mimePart, startTestSmtp, type ReceivedMail, type TestSmtp } from "../../../support/smtp";
import { HANG_UP, startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../../../support/twilioApi";
import { describeWithPostgres } from "../../support/postgres";

/**
 * An intro's reminders and its no-show offer by text where the visitor agreed on the booking, e-mail
 * otherwise, on an injected clock: through the outbox as the server runs it, to the tests' Twilio (which
 * holds each request to Twilio's OpenAPI description) and a real SMTP server on loopback, on both
 * databases. The gym is in Pacific time (UTC-8 in January 2031); automated texts go from 8 am to 8 pm.
 */

const ZONE = siteJson.timeZone;
const SITE = "https://gym.example";
const settings = { staffEmail: "coaches@gym.example", mailFrom: "Website <forms@gym.example>", domain: "gym.example", siteUrl: SITE };
const ANA = "+12535550123";
const at = (iso: string) => new Date(iso);
// Monday, January 13, 2031, 9:00 at the gym.
const NOW = at("2031-01-13T17:00:00Z");
/** Monday, January 20, 13:00 at the gym (Jess): its reminders fall at 13:00 the day before and 11:00, in texting hours. */
const MONDAY_1PM = "2031-01-20T21:00:00.000Z";
/** Tuesday, January 21, 7:30 (Marcus): the day-before one falls at 7:30, the one two hours before at 5:30. */
const TUESDAY_730AM = "2031-01-21T15:30:00.000Z";
/** Saturday, January 18, 9:00 (Jess): the one two hours before falls at 7:00. */
const SATURDAY_9AM = "2031-01-18T17:00:00.000Z";

let api: TwilioApiMock;
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());

/** The cancel link's token in a mail's or a text's words. */
const linkToken = (words: string) => /https:\/\/gym\.example\/intro\/cancel\/#token=([A-Za-z0-9_-]{43})/.exec(words)?.[1];
const textOf = (mail: ReceivedMail) => (mimePart(mail.raw, "text/plain") ?? "").replace(/\r\n/g, "\n");

test("reminderChannel: text only where the site texts, the booking agreed, and that number's consent stands", () => {
  const payload = { phone: ANA, textConsent: true };
  const given = { phone: ANA, event: "given" as const, at: NOW };
  expect(reminderChannel(payload, given, true)).toBe("text");
  expect(reminderChannel(payload, { ...given, event: "restored" }, true)).toBe("text");
  expect(reminderChannel(payload, given, false)).toBe("email");
  expect(reminderChannel({ phone: ANA }, given, true)).toBe("email");
  expect(reminderChannel({ ...payload, textConsent: false }, given, true)).toBe("email");
  expect(reminderChannel(payload, { ...given, event: "ended" }, true)).toBe("email");
  expect(reminderChannel(payload, { phone: ANA, event: null, at: null }, true)).toBe("email");
  expect(reminderChannel(payload, { ...given, phone: "+12535550177" }, true)).toBe("email");
  expect(reminderChannel(payload, undefined, true)).toBe("email");
});

function reminderTexts(name: string, place: () => Promise<() => Promise<SubmissionStore>>) {
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
      api.requests.length = 0;
      api.messages.length = 0;
    });
    afterEach(async () => {
      await store.close();
      await smtp.stop();
    });

    const texter = () =>
      textTexter(
        store,
        createTwilioSender(
          { accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, sender: { from: TEST_FROM }, apiUrl: api.url },
          { siteOrigin: SITE, timeoutMs: 1500 },
        ),
        ZONE,
      );
    /** The outbox's run at `when`, as the server's timer makes it; `texts: false`: Twilio is not set up. */
    const deliver = (when: Date | string, { texts = true } = {}) =>
      deliverDue(store, smtpMailer(smtp.url), { ...settings, ...(texts && { texter: texter() }) }, new Date(when), (line) =>
        log.push(line),
      );
    const restart = async () => {
      await store.close();
      store = await openStore();
    };
    const mailsTo = (email = "ana@example.com") => smtp.received.filter((mail) => mail.to.includes(email));
    const subjects = (email?: string) => mailsTo(email).map((mail) => mail.header("Subject") ?? "");
    const texts = () => api.messages.map((message) => message.body);

    /** Books the open slot starting at `start`, at NOW, as the intro endpoint does; `consent`: the box ticked. */
    async function book(id: string, start: string, { consent = true, email = "ana@example.com", phone = ANA } = {}) {
      const slot = (await openIntroSlots(store, NOW)).find((s) => Date.parse(s.start) === Date.parse(start));
      if (!slot) throw new Error(`no open slot at ${start}`);
      await store.insert({
        id,
        form: "intro",
        createdAt: NOW,
        payload: { name: "Ana", email, phone, ...(consent && { textConsent: true }), start: slot.start, end: slot.end, coach: slot.coach },
        spam: null,
        notify: true,
        booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email },
        confirm: true,
        ...(consent && {
          textConsent: {
            phone,
            disclosure: "CrossFit Graham will text this number.",
            version: "v".repeat(64),
            page: "/intro/",
            connection: null,
          },
          texts: true,
        }),
      });
      return { ...slot, before: (hours: number, ms = 0) => new Date(Date.parse(slot.start) - hours * 3_600_000 + ms) };
    }

    test("with consent: the reminders 24 hours and 2 hours before go by text on their clocks, once each, and no reminder e-mail", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      expect(subjects()).toEqual([expect.stringMatching(/^Your free intro/)]);
      const cancelToken = linkToken(textOf(mailsTo()[0]!));
      expect(cancelToken).toBeDefined();

      await deliver(slot.before(24, -1_000));
      expect(api.messages).toEqual([]);
      await deliver(slot.before(24));
      await deliver(slot.before(24));
      await restart();
      await deliver(slot.before(24, 60_000));
      expect(api.messages).toEqual([expect.objectContaining({ to: ANA, from: TEST_FROM })]);
      // In the gym's words: its name, the day and time at the gym, the coach, the visitor's own link; the
      // first text the number gets says how to stop.
      expect(texts()[0]).toBe(
        `${siteJson.name}: a reminder of your free intro session on Monday, January 20 at 1:00 PM with Coach ${slot.coach}. ` +
          `To cancel or change: ${SITE}/intro/cancel/#token=${cancelToken} Reply STOP to end.`,
      );

      await deliver(slot.before(2, -1_000));
      expect(api.messages).toHaveLength(1);
      await deliver(slot.before(2));
      await restart();
      await deliver(slot.before(2, 60_000));
      expect(texts().slice(1)).toEqual([
        `${siteJson.name}: see you soon! Your free intro session is today at 1:00 PM with Coach ${slot.coach}. ` +
          `To cancel or change: ${SITE}/intro/cancel/#token=${cancelToken}`,
      ]);
      // Plain GSM-7, two segments at most each.
      for (const body of texts()) expect(textSize(body)).toMatchObject({ encoding: "GSM-7", segments: expect.any(Number) as number });
      expect(Math.max(...texts().map((body) => textSize(body).segments))).toBeLessThanOrEqual(2);
      // No reminder e-mail beside them.
      expect(subjects()).toHaveLength(1);
      // Both on the person's thread, sent by the site, with Twilio's sid; the outbox's reminders done.
      expect((await store.textsOfNumber(ANA)).map((text) => [text.automation, text.status, text.sid])).toEqual([
        ["intro-reminder", "queued", api.messages[0]!.sid],
        ["intro-reminder", "queued", api.messages[1]!.sid],
      ]);
      // Each keeps its text's id and which reminder it was, for Twilio's later report; never the cancel token.
      const [first, second] = await store.textsOfNumber(ANA);
      expect((await store.outbox()).filter((m) => m.kind === "reminder").map((m) => [m.status, m.data])).toEqual([
        ["sent", { textId: first!.id, reminder: "day-before" }],
        ["sent", { textId: second!.id, reminder: "hours-before" }],
      ]);
      // No number, words or token in the log.
      expect(log.join("\n")).not.toMatch(/2535550123|token|reminder of your/);
    });

    test("without consent, or without Twilio set up, the reminders go by e-mail as before and nothing reaches Twilio", async () => {
      const ana = await book("B-1", MONDAY_1PM, { consent: false });
      const bo = await book("B-2", TUESDAY_730AM, { email: "bo@example.com", phone: "+12535550177" });
      await deliver(NOW);
      await deliver(ana.before(24));
      // Bo agreed, but the site has no Twilio settings.
      await deliver(bo.before(24), { texts: false });
      await deliver(ana.before(2));
      expect(subjects().slice(1)).toEqual([
        expect.stringMatching(/^Reminder: your free intro session/),
        expect.stringMatching(/^Starting soon: your free intro session/),
      ]);
      expect(subjects("bo@example.com").slice(1)).toEqual([expect.stringMatching(/^Reminder: your free intro session/)]);
      expect(api.requests).toEqual([]);
    });

    test("a number that texts STOP after booking is reminded by e-mail; after START, by text again", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      const stopped = await store.receiveText(
        { phone: ANA, body: "Stop", sid: `SM${"1".repeat(32)}` },
        siteJson,
        at("2031-01-15T18:00:00Z"),
      );
      expect(stopped).toMatchObject({ keyword: "opt-out", replied: true });
      await deliver(at("2031-01-15T18:00:00Z"));
      expect(texts()).toEqual([expect.stringMatching(/you will get no more texts/)]);

      await deliver(slot.before(24));
      expect(texts()).toHaveLength(1);
      expect(subjects().slice(1)).toEqual([expect.stringMatching(/^Reminder: your free intro session/)]);
      expect(linkToken(textOf(mailsTo()[1]!))).toBe(linkToken(textOf(mailsTo()[0]!)));

      await store.receiveText({ phone: ANA, body: "START", sid: `SM${"2".repeat(32)}` }, siteJson, slot.before(4));
      await deliver(slot.before(4));
      await deliver(slot.before(2));
      expect(texts().slice(1)).toEqual([
        expect.stringMatching(/texts about your enquiry are back on/),
        expect.stringMatching(/see you soon!/),
      ]);
      // The number has had texts from the gym: the reminder does not repeat how to stop.
      expect(texts()[2]).not.toContain("STOP");
      expect(subjects()).toHaveLength(2);
    });

    test("a cancel drops both reminders, and a text already written for one (Twilio was down) is never sent", async () => {
      const ana = await book("B-1", MONDAY_1PM);
      const bo = await book("B-2", TUESDAY_730AM, { email: "bo@example.com", phone: "+12535550177" });
      await deliver(NOW);
      await cancelIntro(store, "B-1", at("2031-01-14T18:00:00Z"), "coach@gym.example");
      await deliver(ana.before(24));
      // Twilio answers 503 to Bo's day-before reminder: its text is written and waits for the retry.
      await deliver(bo.before(24, -30 * 60_000));
      api.refuseNext({ status: 503, code: 20503, message: "Service unavailable" });
      await deliver(at("2031-01-20T16:00:00Z"));
      expect(api.requests.map((request) => request.status)).toEqual([503]);
      expect((await store.textsOfNumber("+12535550177")).map((text) => text.status)).toEqual(["waiting"]);
      await cancelIntro(store, "B-2", at("2031-01-20T16:10:00Z"), "coach@gym.example");

      for (const when of [ana.before(2), bo.before(2)]) await deliver(when);
      expect(api.messages).toEqual([]);
      expect(subjects().slice(1)).toEqual([expect.stringMatching(/^Cancelled:/)]);
      expect(subjects("bo@example.com").slice(1)).toEqual([expect.stringMatching(/^Cancelled:/)]);
      expect(await store.textsOfNumber("+12535550177")).toEqual([
        expect.objectContaining({ status: "not-sent", error: "its intro was cancelled, moved or marked Came before it went" }),
      ]);
      expect((await store.outbox()).filter((m) => m.kind === "reminder")).toEqual([]);
    });

    test("a text Twilio may have taken (no answer) is not sent again, nor the e-mail, even on the owner's Retry", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      api.refuseNext(HANG_UP);
      expect(await deliver(slot.before(24))).toMatchObject({ sent: 0, gaveUp: 1 });
      const [reminder] = (await store.outbox(["failed"])).filter((m) => m.kind === "reminder");
      expect(reminder?.data).toEqual({ textId: expect.any(Number) as number });
      expect(await store.textsOfNumber(ANA)).toEqual([expect.objectContaining({ status: "unknown" })]);
      expect(await store.retryMessage(reminder!.id, slot.before(23))).toBe(true);
      await deliver(slot.before(23));
      expect(api.requests).toHaveLength(1);
      expect(subjects()).toHaveLength(1);
      expect(log.at(-1)).toBe("Intro reminder for intro B-1 not sent: it went by text (unknown)");
      expect(await store.textsOfNumber(ANA)).toHaveLength(1);
    });

    test("a text Twilio refuses (not a mobile number) leaves the reminder to go by e-mail", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      api.refuseNext({ status: 400, code: 21614, message: "'To' number is not a valid mobile number" });
      await deliver(slot.before(24));
      expect(api.messages).toEqual([]);
      expect(subjects().slice(1)).toEqual([expect.stringMatching(/^Reminder: your free intro session/)]);
      expect(await store.textsOfNumber(ANA)).toEqual([expect.objectContaining({ status: "not-sent" })]);
      expect(log).toEqual([
        expect.stringMatching(/^Intro reminder for intro B-1: its text was not sent \(Twilio says the number is not a mobile number/),
      ]);
    });

    test("a reminder's text Twilio reports undelivered goes by e-mail at once, once; a delivered one, or one of an intro cancelled since, brings nothing", async () => {
      const ana = await book("B-1", MONDAY_1PM);
      const bo = await book("B-2", SATURDAY_9AM, { email: "bo@example.com", phone: "+12535550177" });
      await deliver(NOW);
      // Bo's intro (the Saturday before) is cancelled after his reminder was texted: Twilio's report of it sends nothing about it.
      await deliver(bo.before(24));
      const boText = api.messages.find((message) => message.to === "+12535550177");
      await cancelIntro(store, "B-2", bo.before(23), "coach@gym.example");
      expect(await store.reportStatus(boText!.sid, "undelivered", "Twilio error 30005", bo.before(23, 1_000))).toBe("recorded");
      await deliver(bo.before(23, 2_000));
      expect(subjects("bo@example.com").slice(1)).toEqual([expect.stringMatching(/^Cancelled:/)]);
      expect((await store.outbox(["pending"])).filter((m) => m.submissionId === "B-2")).toEqual([]);

      await deliver(ana.before(24));
      const [text] = api.messages.filter((message) => message.to === ANA);
      const later = ana.before(24, 60_000);
      expect(await store.reportStatus(text!.sid, "sent", null, later)).toBe("recorded");
      expect(await store.reportStatus(text!.sid, "undelivered", "Twilio error 30003", later)).toBe("mail-instead");
      // Twilio's "failed" after it, and the same report posted again: nothing more is queued.
      expect(await store.reportStatus(text!.sid, "failed", "Twilio error 30003", later)).toBe("recorded");
      expect(await store.reportStatus(text!.sid, "undelivered", "Twilio error 30003", later)).toBe("recorded");
      await deliver(later);
      await deliver(ana.before(23));
      expect(subjects().slice(1)).toEqual([
        expect.stringMatching(/^Reminder: your free intro session at .*, Monday, January 20, 2031 at 1:00 PM/),
      ]);
      // Its cancel token was not kept: the e-mail says how to change or cancel without a link.
      expect(textOf(mailsTo()[1]!)).toContain("To change or cancel, reply to this e-mail or call");
      expect(linkToken(textOf(mailsTo()[1]!))).toBeUndefined();
      expect(api.messages.filter((message) => message.to === ANA)).toHaveLength(1);
      expect(await store.textsOfNumber(ANA)).toEqual([expect.objectContaining({ status: "undelivered", error: "Twilio error 30003" })]);

      // The one two hours before still goes by text; delivered, it brings nothing.
      await deliver(ana.before(2));
      const [, soon] = api.messages.filter((message) => message.to === ANA);
      expect(soon?.body).toMatch(/see you soon!/);
      expect(await store.reportStatus(soon!.sid, "delivered", null, ana.before(2, 5_000))).toBe("recorded");
      expect(await store.reportStatus(soon!.sid, "undelivered", null, ana.before(2, 6_000))).toBe("recorded");
      await deliver(ana.before(2, 10_000));
      expect(subjects()).toHaveLength(2);
    });

    test("a no-show offer's text reported undelivered, twice at once: the offer goes by e-mail once, the same outbox row", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      await markIntro(store, "B-1", "no-show", "coach@gym.example", slot.before(0, 40 * 60_000));
      await deliver(at("2031-01-21T16:00:00Z"));
      const [offer] = api.messages;
      expect(offer?.body).toMatch(/we missed you/);
      // Twilio posts its report twice at the same moment (a retry, or two servers behind one address).
      const outcomes = await Promise.all([
        store.reportStatus(offer!.sid, "undelivered", "Twilio error 30006", at("2031-01-21T16:05:00Z")),
        store.reportStatus(offer!.sid, "undelivered", "Twilio error 30006", at("2031-01-21T16:05:00Z")),
      ]);
      expect(outcomes.sort()).toEqual(["mail-instead", "recorded"]);
      const offers = (await store.outbox()).filter((m) => m.kind === "no-show-offer");
      expect(offers.map((m) => [m.status, m.data])).toEqual([["pending", { day: "2031-01-21", textUndelivered: expect.any(Number) }]]);
      await deliver(at("2031-01-21T16:05:01Z"));
      await deliver(at("2031-01-21T16:06:00Z"));
      expect(subjects().filter((subject) => /^We missed you/.test(subject))).toHaveLength(1);
      expect(api.messages).toHaveLength(1);
    });

    test("the morning after a no-show, the offer of a new time goes by text at 8:00, not at the 5:00 opening", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      expect(await markIntro(store, "B-1", "no-show", "coach@gym.example", slot.before(0, 40 * 60_000))).toMatch(/did not come/);
      const offer = (await store.outbox(["pending"])).find((m) => m.kind === "no-show-offer");
      // Queued for the gym's opening on Tuesday, 5:00.
      expect(offer?.nextAttemptAt).toEqual(at("2031-01-21T13:00:00Z"));
      await deliver(at("2031-01-21T13:00:00Z"));
      await deliver(at("2031-01-21T15:59:59Z"));
      expect(api.messages).toEqual([]);
      await deliver(at("2031-01-21T16:00:00Z"));
      await deliver(at("2031-01-21T16:01:00Z"));
      expect(texts()).toEqual([
        `${siteJson.name}: we missed you at your free intro session on Monday, January 20. Pick a new time at ${SITE}/intro/ or call ` +
          `${siteJson.phone.replace(/^\+1-(\d{3})-(\d{3})-(\d{4})$/, "($1) $2-$3")}. Reply STOP to end.`,
      ]);
      expect(subjects().filter((subject) => /^We missed you/.test(subject))).toEqual([]);
      expect((await store.textsOfNumber(ANA))[0]).toMatchObject({ automation: "no-show-offer", status: "queued" });
    });

    test("nothing goes at 9 pm: a reminder held back into the evening waits for 8 am", async () => {
      const slot = await book("B-1", MONDAY_1PM);
      await deliver(NOW);
      // The server was down from before the day-before reminder's time until Sunday, 9 pm at the gym.
      const ninePm = at("2031-01-20T05:00:00Z");
      expect(await deliver(ninePm)).toMatchObject({ sent: 0, failed: 0 });
      await deliver(at("2031-01-20T15:59:59Z"));
      expect(api.requests).toEqual([]);
      expect(subjects()).toHaveLength(1);
      await deliver(at("2031-01-20T16:00:00Z"));
      expect(texts()).toEqual([expect.stringMatching(/a reminder of your free intro session on Monday, January 20 at 1:00 PM/)]);
      await deliver(slot.before(2));
      expect(texts()).toHaveLength(2);
      expect(subjects()).toHaveLength(1);
    });

    test("before 8 am: the day-before reminder waits for 8:00; the one 2 hours before a 7:30 goes by e-mail at 5:30, a 9:00's by text at 8:00", async () => {
      const early = await book("B-1", TUESDAY_730AM);
      const saturday = await book("B-2", SATURDAY_9AM, { email: "bo@example.com", phone: "+12535550177" });
      await deliver(NOW);
      // Saturday 9:00: the day before at 9:00 by text; two hours before is 7:00, texted at 8:00, an hour before.
      await deliver(saturday.before(24));
      await deliver(saturday.before(2));
      expect(api.messages.filter((m) => m.to === "+12535550177")).toHaveLength(1);
      await deliver(at("2031-01-18T16:00:00Z"));
      expect(api.messages.filter((m) => m.to === "+12535550177").map((m) => m.body)).toEqual([
        expect.stringMatching(/a reminder of your free intro session on Saturday, January 18 at 9:00 AM/),
        expect.stringMatching(/see you soon! Your free intro session is today at 9:00 AM/),
      ]);
      expect(subjects("bo@example.com")).toHaveLength(1);

      // Tuesday 7:30: the day before falls at 7:30 and waits for 8:00.
      await deliver(early.before(24));
      expect(api.messages.filter((m) => m.to === ANA)).toEqual([]);
      await deliver(at("2031-01-20T16:00:00Z"));
      expect(api.messages.filter((m) => m.to === ANA).map((m) => m.body)).toEqual([
        expect.stringMatching(/a reminder of your free intro session on Tuesday, January 21 at 7:30 AM/),
      ]);
      // Two hours before is 5:30: by e-mail then, not a text at 4 or 5 in the morning, nor after the intro.
      await deliver(early.before(2));
      expect(subjects().slice(1)).toEqual([expect.stringMatching(/^Starting soon: your free intro session/)]);
      expect(api.messages.filter((m) => m.to === ANA)).toHaveLength(1);
    });
  });
}

describe("SQLite: an intro's reminders by text (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  reminderTexts("reminders and the no-show offer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-intro-texts-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    return async () => openSqliteStore(file);
  });
});

describeWithPostgres("PostgreSQL: an intro's reminders by text (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  reminderTexts("reminders and the no-show offer", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    return () => openPostgresStore(url);
  });
});
