import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import smsFunction from "../../../src/api/sms";
import smsStatusFunction from "../../../src/api/sms-status";
import contactFunction from "../../../src/api/contact";
import { MIN_FILL_MS } from "../../../src/forms/schemas/fields";
import { processState } from "../../../src/server/process/state";
import { deliverNow, getStore, stopBackgroundWork } from "../../../src/server/app/runtime";
import { site } from "../../../src/server/content";
import { keywordReply } from "../../../src/server/texts/keywords";
import { EMPTY_TWIML } from "../../../src/server/texts/webhooks";
import { openIntroSlots } from "../../../src/server/intro/changes";
import { startTestSmtp, type TestSmtp } from "../../support/smtp";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../../support/twilioApi";
import { deliveryReport, incomingText, twilioSignature, type WebhookFields } from "../../support/twilioWebhooks";
import { describeWithPostgres } from "../support/postgres";

/**
 * Twilio's webhooks through the function files, as the server runs them, on a real SQLite file and a
 * real PostgreSQL, with requests signed by the SDK's own helper and the gym's answers sent to the tests'
 * Twilio (which holds each to Twilio's OpenAPI description): nothing unsigned is kept; STOP ends
 * consent at once with one confirmation; START restores it; HELP names the gym; any other text waits
 * on its person in Needs action; delivery reports update a text by its sid.
 */

type Run = (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void>;

const SITE_URL = "https://www.gym.example";
const ANA = "+12535550142";
const NAMES = [
  "DATA_DIR",
  "DATABASE_URL",
  "SITE_URL",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_API_URL",
  "FORM_RATE_LIMIT_PER_MINUTE",
  "FORM_CEILING_PER_MINUTE",
  "SMTP_URL",
  "STAFF_EMAIL",
  "TEST_SERVER_TIME",
  "LEAD_REMINDER_MINUTES",
  "MORNING_DIGEST",
] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

let api: TwilioApiMock;
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());

function useSettings(settings: Record<string, string>) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, { FORM_RATE_LIMIT_PER_MINUTE: "1000", FORM_CEILING_PER_MINUTE: "1000", ...settings });
  delete processState().config;
}

async function closeProcess() {
  await stopBackgroundWork(Promise.resolve());
  const state = processState();
  for (const key of Object.keys(state) as Array<keyof typeof state>) delete state[key];
}

function restoreEnv() {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** A POST as the production server hands it to a function: the urlencoded body parsed, at its path. */
async function call(
  run: Run,
  route: string,
  fields: Record<string, unknown>,
  signature: string | null,
  contentType = "application/x-www-form-urlencoded",
) {
  const answer: Answer = { status: 0, body: undefined, headers: {} };
  const res = {
    setHeader: (name: string, value: string) => {
      answer.headers[name.toLowerCase()] = value;
      return res;
    },
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(value: unknown) {
      answer.body = value;
      return res;
    },
    send(value: unknown) {
      answer.body = value;
      return res;
    },
  };
  const req = {
    method: "POST",
    url: `/${route}`,
    originalUrl: `/api/${route}`,
    headers: {
      host: "www.gym.example",
      "content-type": contentType,
      "user-agent": "TwilioProxy/1.1",
      ...(signature !== null && { "x-twilio-signature": signature }),
    },
    body: fields,
    query: {},
    socket: { remoteAddress: "127.0.0.1" },
  };
  await run(req as unknown as GatsbyFunctionRequest, res as unknown as GatsbyFunctionResponse);
  return answer;
}

/** Posted as Twilio posts it: signed for SITE_URL and the path with the account's token. */
const asTwilio = (run: Run, route: string, fields: WebhookFields) =>
  call(run, route, fields, twilioSignature(`${SITE_URL}/api/${route}`, fields));
const text = (from: string, body: string) => incomingText({ from, to: TEST_FROM, body });

async function contactWithConsent(email: string, phone: string) {
  const answer = await call(
    contactFunction,
    "contact",
    {
      name: "Ana Ruiz",
      email,
      phone,
      textConsent: true,
      interest: "membership",
      message: "Evening classes?",
      website: "",
      elapsedMs: MIN_FILL_MS,
    },
    null,
    "application/json",
  );
  expect(answer.status).toBe(201);
  return (answer.body as { id: string }).id;
}

function webhookContract() {
  beforeEach(() => {
    api.requests.length = 0;
    api.messages.length = 0;
  });

  test("unsigned, signed with another token, for another address, or a field changed: 403, and nothing is kept", async () => {
    const fields = text(ANA, "Hi, do you have classes on Sunday?");
    const signedForSms = twilioSignature(`${SITE_URL}/api/sms`, fields);
    const refused = [
      await call(smsFunction, "sms", fields, null),
      await call(smsFunction, "sms", fields, ""),
      await call(smsFunction, "sms", fields, twilioSignature(`${SITE_URL}/api/sms`, fields, "f".repeat(32))),
      await call(smsFunction, "sms", fields, twilioSignature(`https://elsewhere.example/api/sms`, fields)),
      await call(smsFunction, "sms", { ...fields, Body: "STOP" }, signedForSms),
      await call(
        smsStatusFunction,
        "sms-status",
        deliveryReport({ sid: fields.MessageSid ?? "", to: ANA, from: TEST_FROM }, "delivered"),
        signedForSms,
      ),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const store = await getStore();
    expect(await store.consentHistory(ANA)).toEqual([]);
    expect(await store.textsOfNumber(ANA)).toEqual([]);
  });

  test("a text from a person who wrote in: kept on their person, who waits in Needs action; answered with empty TwiML", async () => {
    const number = "+12535550101";
    const reference = await contactWithConsent("ana-101@example.com", number);
    const store = await getStore();
    const person = (await store.personOf(reference))?.id ?? "";
    // A coach called them back: nobody waits on them any more.
    expect(await store.logContact(person, { channel: "call", outcome: "reached" }, "coach@gym.example", new Date())).toBe(true);
    expect((await store.personOf(person))?.state.waitingSince).toBeNull();
    const answer = await asTwilio(smsFunction, "sms", text(number, "Can I come Saturday instead?"));
    expect(answer).toMatchObject({ status: 200, body: EMPTY_TWIML, headers: { "content-type": "text/xml; charset=utf-8" } });
    const texts = (await store.textsOf(person)).filter((t) => t.direction === "in");
    expect(texts).toEqual([
      expect.objectContaining({ direction: "in", body: "Can I come Saturday instead?", status: "received", phone: number }),
    ]);
    expect((await store.personOf(person))?.state.waitingSince).toBeInstanceOf(Date);
  });

  test("the owner merges two people who share the number: the texts go with the person kept", async () => {
    const number = "+12535550108";
    const first = await contactWithConsent("ana-108@example.com", number);
    const second = await contactWithConsent("ana.ruiz-108@example.com", number);
    const store = await getStore();
    const people = [(await store.personOf(first))?.id ?? "", (await store.personOf(second))?.id ?? ""];
    expect(people[0]).not.toBe(people[1]);
    await asTwilio(smsFunction, "sms", text(number, "Which of my two forms should I follow up on?"));
    const holder = (await store.textsOfNumber(number)).find((t) => t.direction === "in")?.personId ?? "";
    const kept = people.find((person) => person !== holder) ?? "";
    const incoming = async (person: string) => (await store.textsOf(person)).filter((t) => t.direction === "in").map((t) => t.body);
    expect(await incoming(holder)).toEqual(["Which of my two forms should I follow up on?"]);
    expect(await store.mergePeople(kept, holder, "owner@gym.example", new Date())).toMatchObject({ merged: kept });
    expect(await incoming(kept)).toEqual(["Which of my two forms should I follow up on?"]);
  });

  test("a number that is nobody's makes a new person, waiting; the same text posted twice is kept once", async () => {
    const number = "+12535550102";
    const fields = text(number, "Hi! How much is a month?");
    await asTwilio(smsFunction, "sms", fields);
    expect((await asTwilio(smsFunction, "sms", fields)).status).toBe(200);
    const store = await getStore();
    const texts = await store.textsOfNumber(number);
    expect(texts).toHaveLength(1);
    const person = await store.personOf(texts[0]?.personId ?? "");
    expect(person?.state).toMatchObject({ status: "new", waitingSince: expect.any(Date) as Date });
  });

  test("STOP ends the consent at once: one confirmation goes, and nothing after it", async () => {
    const number = "+12535550103";
    await contactWithConsent("ana-103@example.com", number);
    await asTwilio(smsFunction, "sms", text(number, "Stop"));
    // A second STOP, in another word: nothing more.
    await asTwilio(smsFunction, "sms", text(number, "UNSUBSCRIBE"));
    const store = await getStore();
    expect((await store.textConsent(number)).event).toBe("ended");
    await deliverNow();
    expect(api.messages.filter((m) => m.to === number).map((m) => m.body)).toEqual([keywordReply("opt-out", site)]);
    // The keywords are kept, and put nobody in Needs action.
    const texts = await store.textsOfNumber(number);
    expect(texts.filter((t) => t.direction === "in").map((t) => t.body)).toEqual(["Stop", "UNSUBSCRIBE"]);
  });

  test("START restores an ended consent, confirmed; START from a number that never agreed gives none", async () => {
    const number = "+12535550104";
    await contactWithConsent("ana-104@example.com", number);
    await asTwilio(smsFunction, "sms", text(number, "STOP"));
    await asTwilio(smsFunction, "sms", text(number, "start"));
    await asTwilio(smsFunction, "sms", text("+12535550105", "START"));
    const store = await getStore();
    expect((await store.textConsent(number)).event).toBe("restored");
    expect((await store.textConsent("+12535550105")).event).toBeNull();
    await deliverNow();
    expect(api.messages.filter((m) => m.to === number).map((m) => m.body)).toEqual([
      keywordReply("opt-out", site),
      keywordReply("opt-in", site),
    ]);
    expect(api.messages.filter((m) => m.to === "+12535550105")).toEqual([]);
  });

  test("HELP is answered with the gym's name and number from content/site.json, and how to stop", async () => {
    await asTwilio(smsFunction, "sms", text("+12535550106", "help"));
    await deliverNow();
    const [reply] = api.messages.filter((m) => m.to === "+12535550106");
    expect(reply?.body).toContain(site.name);
    expect(reply?.body).toContain(site.phone);
    expect(reply?.body).toContain("Reply STOP to end");
  });

  test("delivery reports: the text's status by its sid; a sid the site does not know is 200 and kept nowhere", async () => {
    await asTwilio(smsFunction, "sms", text("+12535550107", "HELP"));
    await deliverNow();
    const [sent] = api.messages.filter((m) => m.to === "+12535550107");
    const report = await asTwilio(smsStatusFunction, "sms-status", deliveryReport(sent ?? { sid: "", to: "" }, "undelivered", 30003));
    expect(report.status).toBe(200);
    const store = await getStore();
    const [reply] = (await store.textsOfNumber("+12535550107")).filter((t) => t.direction === "out");
    expect(reply).toMatchObject({ sid: sent?.sid, status: "undelivered", error: "Twilio error 30003" });
    const unknown = await asTwilio(
      smsStatusFunction,
      "sms-status",
      deliveryReport({ sid: `SM${"0".repeat(32)}`, to: ANA, from: TEST_FROM }, "delivered"),
    );
    expect(unknown.status).toBe(200);
    expect(await store.textsOfNumber(ANA)).toEqual([]);
  });
}

function settingsFor(database: Record<string, string>) {
  return {
    ...database,
    // Monday 9:30 PM at the gym: a form's instant answer by text waits for 8 am, so only the answers to
    // STOP, START and HELP (which go at once) reach Twilio while a test looks.
    TEST_SERVER_TIME: "2026-12-01T05:30:00Z",
    SITE_URL,
    TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
    TWILIO_FROM: TEST_FROM,
    TWILIO_API_URL: api.url,
  };
}

describe("SQLite: Twilio's webhooks (a real database file)", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-sms-"));
    useSettings(settingsFor({ DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await closeProcess();
    restoreEnv();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  webhookContract();
});

describeWithPostgres("PostgreSQL: Twilio's webhooks (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
    if (!pg) throw new Error(POSTGRES_MISSING);
    useSettings(settingsFor({ DATABASE_URL: await pg.createDatabase() }));
  }, 60_000);
  afterAll(async () => {
    await closeProcess();
    restoreEnv();
    await pg?.stop();
  });
  webhookContract();
});

/**
 * The report's one duty beyond the store (which tests/unit/server/intro/reminderTexts.test.ts checks on
 * both databases): a reminder whose text never arrived goes by e-mail now, because the report itself
 * starts the outbox. The function runs as the server runs it, on the server's clock.
 */
describe("a reminder's text reported undelivered, through /api/sms-status (a real database file)", () => {
  /** Sunday, January 19, 2031, 1:00:30 PM at the gym: the day-before reminder of a Monday 1 PM intro is due. */
  const NOW = "2031-01-19T21:00:30Z";
  const START = "2031-01-20T21:00:00Z";
  /** When it was booked: Monday the week before. */
  const BOOKED = new Date("2031-01-13T17:00:00Z");
  let dataDir: string;
  let smtp: TestSmtp;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-sms-reminder-"));
    smtp = await startTestSmtp();
    useSettings({
      ...settingsFor({ DATA_DIR: dataDir }),
      TEST_SERVER_TIME: NOW,
      SMTP_URL: smtp.url,
      STAFF_EMAIL: "coaches@gym.example",
      // Only the visitor's mail in this test: no reminder to staff about a lead, no morning digest.
      LEAD_REMINDER_MINUTES: "0",
      MORNING_DIGEST: "off",
    });
  });
  afterAll(async () => {
    await closeProcess();
    restoreEnv();
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the e-mail goes at once: the report starts the outbox, with no timer running and no later run", async () => {
    const store = await getStore();
    const slot = (await openIntroSlots(store, BOOKED)).find((open) => Date.parse(open.start) === Date.parse(START));
    if (!slot) throw new Error(`no open slot at ${START}`);
    await store.insert({
      id: "B-1",
      form: "intro",
      createdAt: BOOKED,
      payload: {
        name: "Ana",
        email: "ana@example.com",
        phone: ANA,
        textConsent: true,
        start: slot.start,
        end: slot.end,
        coach: slot.coach,
      },
      spam: null,
      notify: true,
      booking: { coach: slot.coach, start: new Date(slot.start), end: new Date(slot.end), email: "ana@example.com" },
      confirm: true,
      textConsent: {
        phone: ANA,
        disclosure: "CrossFit Graham will text this number.",
        version: "v".repeat(64),
        page: "/intro/",
        connection: null,
      },
      texts: true,
    });
    // The booking's confirmation by e-mail; the reminder due now by text.
    await deliverNow();
    const subjects = () => smtp.received.filter((mail) => mail.to.includes("ana@example.com")).map((mail) => mail.header("Subject") ?? "");
    expect(subjects()).toEqual([expect.stringMatching(/^Your free intro/)]);
    const [reminder] = api.messages.filter((message) => message.to === ANA);
    expect(reminder?.body).toMatch(/a reminder of your free intro session on Monday, January 20/);
    // deliverNow starts no timer and nothing else has started the outbox: only the report can send the mail.
    expect(processState().outboxTimer).toBeUndefined();

    const report = await asTwilio(smsStatusFunction, "sms-status", deliveryReport(reminder!, "undelivered", 30003));
    expect(report.status).toBe(200);
    // Well inside the outbox's 30 s round, had a timer been running.
    const until = Date.now() + 10_000;
    while (subjects().length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subjects()).toEqual([expect.stringMatching(/^Your free intro/), expect.stringMatching(/^Reminder: your free intro session/)]);
    expect(api.messages.filter((message) => message.to === ANA)).toHaveLength(1);
  });
});

describe("without Twilio's settings", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-sms-off-"));
    useSettings({ DATA_DIR: dataDir, SITE_URL });
  });
  afterAll(async () => {
    await closeProcess();
    restoreEnv();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the webhooks are not there (404), and nothing is kept, signed or not", async () => {
    const fields = text(ANA, "Hello?");
    expect((await asTwilio(smsFunction, "sms", fields)).status).toBe(404);
    expect((await call(smsFunction, "sms", fields, null)).status).toBe(404);
    expect(await (await getStore()).textsOfNumber(ANA)).toEqual([]);
  });
});
