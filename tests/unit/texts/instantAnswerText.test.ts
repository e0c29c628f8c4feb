import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NewSubmission } from "../../../src/server/forms/types";
import { deliverDue } from "../../../src/server/app/outbox";
import { storeOn, type SubmissionStore } from "../../../src/server/app/store";
import { openPostgres } from "../../../src/server/store/postgres";
import { openSqlite } from "../../../src/server/store/sqlite";
import type { Dialect } from "../../../src/server/store/dialect";
import { textTexter } from "../../../src/server/texts/outbox";
import { createTwilioSender } from "../../../src/server/texts/twilio";
import { INSTANT_ANSWER_TEXTS, instantAnswerText } from "../../../src/texts/instantAnswer";
import { textSize } from "../../../src/texts/segments";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../../support/twilioApi";
import { describeWithPostgres } from "../support/postgres";

/**
 * The instant answer by text, beside the e-mail: queued with the form in one transaction only where the
 * form gave consent and the site texts, once a day per number, due from 8 am at the gym, and sent to the
 * tests' Twilio. Both databases. The gym (content/site.json) is open Mon-Fri 05:00-19:00, Pacific time.
 */

const at = (iso: string) => new Date(iso);
const ANA = "+12535550142";
const GYM = { name: "CrossFit Graham" };
const CONSENT = {
  phone: ANA,
  disclosure: "CrossFit Graham will text this number.",
  version: "v".repeat(64),
  page: "/contact/",
  connection: "203.0.113.7",
};
const MAIL = {
  staffEmail: "coaches@gym.example",
  mailFrom: "Website forms <forms@gym.example>",
  domain: "gym.example",
  siteUrl: "https://gym.example",
};

function contact(id: string, createdAt: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at(createdAt),
    payload: {
      name: "Ana Ruiz",
      email: `${id.toLowerCase()}@example.com`,
      phone: ANA,
      textConsent: true,
      interest: "membership",
      message: "Hi",
    },
    spam: null,
    notify: true,
    confirm: true,
    textConsent: CONSENT,
    texts: true,
    ...extra,
  };
}

test("the words: the gym's name, when it answers, STOP and HELP, in one GSM-7 segment or two", () => {
  for (const form of ["contact", "signup"] as const) {
    const words = instantAnswerText(form, GYM, "tomorrow morning");
    expect(words).toMatch(/^CrossFit Graham: .* tomorrow morning.* Reply STOP to end, HELP for help\.$/);
    expect(textSize(words)).toMatchObject({ encoding: "GSM-7", notGsm: [] });
    expect(textSize(words).segments).toBeLessThanOrEqual(2);
  }
  expect(Object.keys(INSTANT_ANSWER_TEXTS)).toEqual(["contact", "signup"]);
});

let api: TwilioApiMock;
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());

function answerContract(open: () => Promise<Dialect>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = storeOn(await open());
    api.messages.length = 0;
    api.requests.length = 0;
  });
  afterEach(() => store.close());
  const texts = async () => (await store.textsOfNumber(ANA)).filter((t) => t.direction === "out");

  test("a contact form with consent: answered by e-mail and by text, sent through the outbox to Twilio", async () => {
    // Monday 10:00 at the gym.
    await store.insert(contact("C-TEXT000001", "2026-11-30T18:00:00Z"));
    expect((await store.outbox()).map((m) => m.kind).sort()).toEqual(["instant-answer", "staff", "text"]);
    const [answer] = await texts();
    expect(answer).toMatchObject({
      body: instantAnswerText("contact", GYM, "today before 7:00 PM"),
      automation: "instant-answer",
      submissionId: "C-TEXT000001",
      status: "waiting",
    });
    expect(answer?.personId).toBe((await store.personOf("C-TEXT000001"))?.id);
    const sender = createTwilioSender(
      { accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, sender: { from: TEST_FROM }, apiUrl: api.url },
      { siteOrigin: MAIL.siteUrl },
    );
    await deliverDue(
      store,
      null,
      { ...MAIL, texter: textTexter(store, sender, "America/Los_Angeles") },
      at("2026-11-30T18:00:05Z"),
      () => undefined,
    );
    expect(api.messages.map((m) => [m.to, m.body])).toEqual([[ANA, instantAnswerText("contact", GYM, "today before 7:00 PM")]]);
  });

  test("sent at 9:30 PM: the text is due at 8 am the next morning, the e-mail at once", async () => {
    await store.insert(contact("C-TEXT000002", "2026-12-01T05:30:00Z"));
    const due = (await store.outbox()).find((m) => m.kind === "text");
    expect(due?.nextAttemptAt).toEqual(at("2026-12-01T16:00:00.000Z"));
    expect((await store.outbox()).find((m) => m.kind === "instant-answer")?.nextAttemptAt).toEqual(at("2026-12-01T05:30:00.000Z"));
  });

  test("once a day per number, however often it is typed into a form; again after 24 hours", async () => {
    await store.insert(contact("C-TEXT000003", "2026-11-30T18:00:00Z"));
    await store.insert(contact("C-TEXT000004", "2026-11-30T20:00:00Z"));
    expect(await texts()).toHaveLength(1);
    await store.insert(contact("C-TEXT000005", "2026-12-01T18:00:01Z"));
    expect(await texts()).toHaveLength(2);
  });

  test("no text without this form's consent, without Twilio, or for spam; the e-mail answer is as before", async () => {
    const { textConsent: _consent, ...noConsent } = contact("C-TEXT000006", "2026-11-30T18:00:00Z");
    await store.insert(noConsent);
    await store.insert(contact("C-TEXT000007", "2026-11-30T18:00:00Z", { texts: false }));
    await store.insert(contact("C-TEXT000008", "2026-11-30T18:00:00Z", { spam: "honeypot" }));
    expect(await texts()).toEqual([]);
    expect((await store.outbox()).filter((m) => m.kind === "instant-answer")).toHaveLength(2);
  });

  test("a sign-up with consent is answered in the sign-up's words; a privacy request or hold never", async () => {
    await store.insert({
      id: "S-TEXT000001",
      form: "signup",
      createdAt: at("2026-11-30T18:00:00Z"),
      payload: { firstName: "Ben", lastName: "Okafor", email: "ben@example.com", phone: ANA, textConsent: true, plan: "unlimited" },
      spam: null,
      notify: true,
      confirm: true,
      textConsent: { ...CONSENT, page: "/signup/" },
      texts: true,
    });
    await store.insert({ ...contact("H-TEXT000001", "2026-11-30T18:00:00Z"), form: "membership-hold", payload: { phone: ANA } });
    expect((await texts()).map((t) => [t.submissionId, t.body])).toEqual([
      ["S-TEXT000001", instantAnswerText("signup", GYM, "today before 7:00 PM")],
    ]);
  });
}

describe("SQLite: the instant answer by text (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  answerContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-answer-text-"));
    dirs.push(dir);
    return openSqlite(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: the instant answer by text (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  answerContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });
});
