import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smtpMailer } from "../../../../src/server/outbox/mailer";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { DEFAULT_ANSWERS } from "../../../../src/desk/instantAnswers";
import { mimePart, startTestSmtp, type TestSmtp } from "../../../support/smtp";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { deliverDue } from "../../../../src/server/app/outbox";

/**
 * The instant answer to a contact, sign-up or drop-in form: queued with the form in one transaction,
 * with when the gym will answer worked out on its clock as the form came in (an injected clock), once a
 * day per address however it is spelled, never for spam; then sent through the outbox to a real SMTP
 * server on loopback, from the gym's name. Both databases. The gym (content/site.json) is open Mon-Fri
 * 05:00-19:00 and Sat 09:00-11:00, Pacific time (UTC-8 in these weeks; Monday is November 30, 2026).
 */

const at = (iso: string) => new Date(iso);
const MAIL = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website forms <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};

function contact(id: string, createdAt: string, email = "ana@example.com", extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at(createdAt),
    payload: { name: "Ana Ruiz", email, interest: "membership", message: "Do you have evening classes?" },
    spam: null,
    notify: true,
    confirm: true,
    ...extra,
  };
}

function signup(id: string, createdAt: string, email = "ben@example.com"): NewSubmission {
  return {
    id,
    form: "signup",
    createdAt: at(createdAt),
    payload: {
      firstName: "Ben",
      lastName: "Okafor",
      email,
      phone: "+12535550188",
      dateOfBirth: "1990-04-01",
      plan: "unlimited",
      startDate: "2026-12-07",
      emergencyContactName: "Ada Okafor",
      emergencyContactPhone: "+12535550177",
      waiverAccepted: true,
      waiverVersion: "v1",
    },
    spam: null,
    notify: true,
    confirm: true,
  };
}

function dropIn(id: string, createdAt: string, email = "cleo@example.com"): NewSubmission {
  return {
    id,
    form: "drop-in",
    createdAt: at(createdAt),
    payload: { visitDate: "2026-12-05", name: "Cleo Park", email, ageGroup: "adult", waiverAccepted: true, waiverVersion: "v1" },
    spam: null,
    notify: true,
    confirm: true,
  };
}

function answerContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  let smtp: TestSmtp;
  beforeEach(async () => {
    store = await open();
    smtp = await startTestSmtp();
  });
  afterEach(async () => {
    await store.close();
    await smtp.stop();
  });
  const answers = async () => (await store.outbox()).filter((m) => m.kind === "instant-answer");
  const send = (now: Date) => deliverDue(store, smtpMailer(smtp.url), MAIL, now);
  const bodyOf = (index: number) => mimePart(smtp.received[index]?.raw ?? "", "text/plain") ?? smtp.received[index]?.raw ?? "";

  test("a contact form: its answer is queued with it, from the gym's name, saying when and where to book an intro", async () => {
    // Monday 10:00 at the gym.
    await store.insert(contact("C-ANSWER01", "2026-11-30T18:00:00Z"));
    expect((await store.outbox()).map((m) => [m.submissionId, m.kind])).toEqual([
      ["C-ANSWER01", "staff"],
      ["C-ANSWER01", "instant-answer"],
    ]);
    expect((await answers())[0]?.data).toEqual({ text: DEFAULT_ANSWERS.contact, when: "today before 7:00 PM" });
    expect(await send(at("2026-11-30T18:00:05Z"))).toMatchObject({ sent: 2, failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes("ana@example.com"));
    expect(mail?.to).toEqual(["ana@example.com"]);
    expect(mail?.shown("From")).toBe("CrossFit Graham <forms@gym.example>");
    expect(mail?.header("Reply-To")).toBe("coach@crossfitgraham.com");
    expect(mail?.header("Subject")).toBe("Thanks for your message to CrossFit Graham");
    const text = mimePart(mail?.raw ?? "", "text/plain") ?? "";
    expect(text).toContain("One of them will get back to you today before 7:00 PM.");
    expect(text).toContain("book a free intro at a time that suits you: https://gym.example/intro/");
    // Only the owner's words and what they name: not the message the visitor wrote.
    expect(text).not.toContain("evening classes");
    // Sent: its words are no longer kept in the outbox.
    expect((await answers())[0]).toMatchObject({ status: "sent", data: null });
  });

  test("a sign-up and a drop-in: each answered with what was chosen and what comes next", async () => {
    // Monday 6 PM, an hour before closing.
    await store.insert(signup("S-ANSWER01", "2026-12-01T02:00:00Z"));
    await store.insert(dropIn("D-ANSWER01", "2026-12-01T03:45:00Z"));
    expect((await answers()).map((m) => [m.submissionId, m.data?.when])).toEqual([
      ["S-ANSWER01", "today before 7:00 PM"],
      // Monday 7:45 PM.
      ["D-ANSWER01", "tomorrow morning"],
    ]);
    await send(at("2026-12-01T03:45:05Z"));
    const signupMail = smtp.received.find((m) => m.to.includes("ben@example.com"));
    const dropInMail = smtp.received.find((m) => m.to.includes("cleo@example.com"));
    expect(signupMail?.header("Subject")).toBe("Your sign-up at CrossFit Graham");
    expect(mimePart(signupMail?.raw ?? "", "text/plain")).toContain(
      "We have your sign-up for Unlimited CrossFit, starting Monday, December 7, 2026.",
    );
    expect(mimePart(signupMail?.raw ?? "", "text/plain")).toContain("a coach will e-mail you today before 7:00 PM to confirm");
    expect(dropInMail?.header("Subject")).toBe("Your drop-in at CrossFit Graham");
    expect(mimePart(dropInMail?.raw ?? "", "text/plain")).toContain("We have you down for Saturday, December 5, 2026");
    expect(mimePart(dropInMail?.raw ?? "", "text/plain")).toContain("a coach will e-mail you tomorrow morning to say which class");
  });

  test("an answer the outbox gives up on keeps its words, so the owner's Retry can send it", async () => {
    await store.insert(contact("C-GIVEUP01", "2026-11-30T18:00:00Z"));
    const [answer] = await answers();
    await store.markFailed(answer!.id, "550 mailbox unavailable", null);
    expect((await answers())[0]).toMatchObject({ status: "failed", data: { text: DEFAULT_ANSWERS.contact, when: "today before 7:00 PM" } });
    expect(await store.retryMessage(answer!.id, at("2026-11-30T19:00:00Z"))).toBe(true);
    await send(at("2026-11-30T19:00:01Z"));
    expect(smtp.received.filter((m) => m.to.includes("ana@example.com"))).toHaveLength(1);
  });

  test("no answer for spam, nor for forms that have none, nor when mail is not set up", async () => {
    await store.insert(contact("C-SPAM01", "2026-11-30T18:00:00Z", "spam@example.com", { spam: "honeypot" }));
    await store.insert(contact("C-NOMAIL01", "2026-11-30T18:00:00Z", "nomail@example.com", { notify: false, confirm: false }));
    await store.insert({
      id: "H-HOLD01",
      form: "membership-hold",
      createdAt: at("2026-11-30T18:00:00Z"),
      payload: { name: "Dee Lee", email: "dee@example.com", request: "hold", startDate: "2026-12-01", endDate: "2026-12-20" },
      spam: null,
      notify: true,
    });
    expect(await answers()).toEqual([]);
    // Moved out of spam by staff hours later: alerted as on arrival, but no "instant" answer.
    expect(await store.restoreSpam("C-SPAM01", true, at("2026-11-30T18:00:30Z"))).toBe(true);
    expect(await answers()).toEqual([]);
    // The spam's address was never answered: a real form from it is.
    await store.insert(contact("C-REAL01", "2026-11-30T18:01:00Z", "spam@example.com"));
    expect((await answers()).map((m) => m.submissionId)).toEqual(["C-REAL01"]);
  });

  test("one answer per address a day, whatever the form and however the address is spelled; the forms are stored and staff alerted", async () => {
    await store.insert(contact("C-FIRST01", "2026-11-30T18:00:00Z", "ana.ruiz@gmail.com"));
    await store.insert(contact("C-AGAIN01", "2026-11-30T18:05:00Z", "Ana.Ruiz@GMAIL.com"));
    await store.insert(contact("C-AGAIN02", "2026-11-30T20:00:00Z", "anaruiz+gym@googlemail.com"));
    await store.insert(signup("S-AGAIN01", "2026-12-01T17:59:59Z", "a.n.a.ruiz@gmail.com"));
    // Someone else is answered meanwhile.
    await store.insert(contact("C-OTHER01", "2026-11-30T18:06:00Z", "other@example.com"));
    expect((await answers()).map((m) => m.submissionId)).toEqual(["C-FIRST01", "C-OTHER01"]);
    expect((await store.outbox()).filter((m) => m.kind === "staff").map((m) => m.submissionId)).toEqual([
      "C-FIRST01",
      "C-AGAIN01",
      "C-AGAIN02",
      "S-AGAIN01",
      "C-OTHER01",
    ]);
    expect((await store.list()).map((s) => s.id).sort()).toEqual(["C-AGAIN01", "C-AGAIN02", "C-FIRST01", "C-OTHER01", "S-AGAIN01"]);
    // A day after the first answer, the address is answered again.
    await store.insert(contact("C-NEXTDAY", "2026-12-01T18:00:01Z", "ana.ruiz@gmail.com"));
    expect((await answers()).map((m) => m.submissionId)).toEqual(["C-FIRST01", "C-OTHER01", "C-NEXTDAY"]);
  });

  test("two forms of one address at the same moment: one answer", async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        store.insert(contact(`C-RACE0${index}`, "2026-11-30T18:00:00Z", `race+${index}@example.com`)),
      ),
    );
    expect(await answers()).toHaveLength(1);
  });

  test.each([
    ["Monday 10:00", "2026-11-30T18:00:00Z", "today before 7:00 PM"],
    ["Monday 18:29, half an hour before closing", "2026-12-01T02:29:00Z", "today before 7:00 PM"],
    ["Monday 18:31, too near closing to promise", "2026-12-01T02:31:00Z", "tomorrow morning"],
    ["Monday evening, 20:00", "2026-12-01T04:00:00Z", "tomorrow morning"],
    ["Tuesday 03:00, before opening", "2026-12-01T11:00:00Z", "this morning"],
    ["Friday evening, 21:00", "2026-12-05T05:00:00Z", "tomorrow morning"],
    ["Saturday 10:00", "2026-12-05T18:00:00Z", "today before 11:00 AM"],
    ["Saturday 12:00, after closing", "2026-12-05T20:00:00Z", "on Monday morning"],
    ["Sunday 15:00", "2026-12-06T23:00:00Z", "tomorrow morning"],
  ])("{when} for a form sent %s (%s) is %p", async (_label, sentAt, when) => {
    await store.insert(contact("C-WHEN01", sentAt));
    expect((await answers())[0]?.data?.when).toBe(when);
  });

  test("the owner's words: the next form's answer carries them, filled in; reset brings back the code's", async () => {
    expect((await store.answerWords()).map((w) => [w.form, w.edited])).toEqual([
      ["contact", null],
      ["signup", null],
      ["drop-in", null],
    ]);
    await store.saveAnswerWords(
      "contact",
      "Hi {name}! We call {when}. Intro: {introLink} ({gym}) {unfilled",
      "owner@gym.example",
      at("2026-11-30T17:00:00Z"),
    );
    expect((await store.answerWords())[0]).toEqual({
      form: "contact",
      text: "Hi {name}! We call {when}. Intro: {introLink} ({gym}) {unfilled",
      edited: { at: at("2026-11-30T17:00:00Z"), by: "owner@gym.example" },
    });
    // A name that does not read as a name (here one that looks like a placeholder) is left out, never expanded.
    await store.insert(
      contact("C-OWNER01", "2026-11-30T18:00:00Z", "ana@example.com", {
        payload: { name: "{gym} $& Ruiz", email: "ana@example.com", interest: "membership", message: "Hi" },
      }),
    );
    await send(at("2026-11-30T18:00:05Z"));
    expect(bodyOf(smtp.received.findIndex((m) => m.to.includes("ana@example.com")))).toContain(
      "Hi ! We call today before 7:00 PM. Intro: https://gym.example/intro/ (CrossFit Graham) {unfilled",
    );
    await store.resetAnswerWords("contact");
    expect((await store.answerWords())[0]).toEqual({ form: "contact", text: DEFAULT_ANSWERS.contact, edited: null });
  });
}

describe("SQLite: instant answers (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  answerContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-answers-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: instant answers (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  answerContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
