import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TwilioSettings } from "../../../src/server/config";
import { deliverDue } from "../../../src/server/app/outbox";
import { storeOn, type SubmissionStore } from "../../../src/server/app/store";
import type { Dialect } from "../../../src/server/store/dialect";
import { openPostgres } from "../../../src/server/store/postgres";
import { openSqlite } from "../../../src/server/store/sqlite";
import { recordConsent } from "../../../src/server/texts/consentLedger";
import { textTexter } from "../../../src/server/texts/outbox";
import { queueText, type NewOutgoingText } from "../../../src/server/texts/textStore";
import { createTwilioSender } from "../../../src/server/texts/twilio";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { HANG_UP, startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../../support/twilioApi";
import { describeWithPostgres } from "../support/postgres";

/**
 * Texts through the outbox to the tests' Twilio, which holds each request to Twilio's OpenAPI
 * description: sent once with the sid kept; never to a number without consent or after STOP; retried
 * when Twilio took nothing, never again when it may have sent it; an opt-out refusal ends the consent;
 * automated texts only from 8 am to 8 pm at the gym (Pacific time: UTC-8 in these weeks). Both databases.
 */

const at = (iso: string) => new Date(iso);
const ZONE = "America/Los_Angeles";
const ANA = "+12535550142";
const SITE = "https://gym.example";
const MAIL = { staffEmail: "coaches@gym.example", mailFrom: "Website forms <forms@gym.example>", domain: "gym.example", siteUrl: SITE };
// Monday, November 30, 2026, 10:00 at the gym.
const MORNING = "2026-11-30T18:00:00.000Z";

let api: TwilioApiMock;
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());

function outboxContract(open: () => Promise<Dialect>) {
  let dialect: Dialect;
  let store: SubmissionStore;
  let lines: string[];
  beforeEach(async () => {
    dialect = await open();
    store = storeOn(dialect);
    lines = [];
    api.requests.length = 0;
    api.messages.length = 0;
  });
  afterEach(() => store.close());

  const settings: () => TwilioSettings = () => ({
    accountSid: TEST_ACCOUNT_SID,
    authToken: TEST_AUTH_TOKEN,
    sender: { from: TEST_FROM },
    apiUrl: api.url,
  });
  const texter = () => textTexter(store, createTwilioSender(settings(), { siteOrigin: SITE, timeoutMs: 1500 }), ZONE);
  const run = (now: string) => deliverDue(store, null, { ...MAIL, texter: texter() }, at(now), (line) => lines.push(line));
  const consent = (phone: string, when = "2026-11-29T18:00:00Z") =>
    dialect.write((trx) =>
      recordConsent(trx, dialect, {
        phone,
        at: at(when),
        disclosure: "CrossFit Graham will text this number about your enquiry.",
        version: "v".repeat(64),
        page: "/contact/",
        form: "contact",
        submission: "C-7K3M9QX2PA",
        connection: "203.0.113.7",
      }),
    );
  const queue = (text: Partial<NewOutgoingText> = {}) =>
    dialect.write((trx) =>
      queueText(trx, dialect.codec, {
        phone: ANA,
        body: "Thanks for your message! A coach will call you today.",
        personId: null,
        author: { automation: "instant-answer" },
        at: at(MORNING),
        ...text,
      }),
    );
  const textMessages = async () => (await store.outbox()).filter((m) => m.kind === "text");

  test("with consent: sent once from the gym's number, Twilio's sid and status kept, the outbox's row done", async () => {
    await consent(ANA);
    const id = await queue();
    expect(await run(MORNING)).toMatchObject({ sent: 1, failed: 0, gaveUp: 0 });
    expect(api.messages).toEqual([
      expect.objectContaining({
        to: ANA,
        from: TEST_FROM,
        body: "Thanks for your message! A coach will call you today.",
        statusCallback: `${SITE}/api/sms-status`,
      }),
    ]);
    expect(await store.text(id)).toMatchObject({ status: "queued", sid: api.messages[0]?.sid, error: null });
    expect(await textMessages()).toEqual([expect.objectContaining({ status: "sent", data: null })]);
    // A second run finds nothing to send.
    expect(await run("2026-11-30T18:05:00Z")).toMatchObject({ sent: 0 });
    expect(api.messages).toHaveLength(1);
    // No number or words in the log.
    expect(lines.join("\n")).not.toMatch(/2535550142|coach will call/);
  });

  test("no consent, or consent ended: nothing reaches Twilio, and the text says why", async () => {
    const never = await queue();
    await consent("+12535550177");
    await dialect.write((trx) =>
      trx
        .insertInto("text_consents")
        .values({ phone: "+12535550177", event: "ended", at: "2026-11-30T17:00:00.000Z", keyword: "STOP" })
        .execute(),
    );
    const ended = await queue({ phone: "+12535550177", author: { staff: "coach@gym.example" } });
    expect(await run(MORNING)).toMatchObject({ sent: 0, failed: 0 });
    expect(api.requests).toEqual([]);
    expect(await store.text(never)).toMatchObject({ status: "not-sent", error: "the number never agreed to texts" });
    expect((await store.text(ended))?.error).toMatch(/^the number ended its consent to texts \(STOP\)/);
    expect(lines.filter((line) => line.includes("not sent"))).toHaveLength(2);
  });

  test("Twilio busy (nothing taken): tried again later, and sent once", async () => {
    await consent(ANA);
    const id = await queue();
    api.refuseNext({ status: 503, message: "Service unavailable" });
    expect(await run(MORNING)).toMatchObject({ sent: 0, failed: 1 });
    expect(await store.text(id)).toMatchObject({ status: "waiting" });
    const [waiting] = await textMessages();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(await run("2026-11-30T18:00:31Z")).toMatchObject({ sent: 1 });
    expect(api.messages).toHaveLength(1);
    expect(await store.text(id)).toMatchObject({ status: "queued", sid: api.messages[0]?.sid });
  });

  test("no answer from Twilio: it may have been sent, so it is never sent again, not even by Retry", async () => {
    await consent(ANA);
    const id = await queue();
    api.refuseNext(HANG_UP);
    expect(await run(MORNING)).toMatchObject({ sent: 0, gaveUp: 1 });
    expect(await store.text(id)).toMatchObject({ status: "unknown" });
    const [given] = await textMessages();
    expect(given).toMatchObject({ status: "failed", data: { textId: id } });
    // The owner's Retry queues the message again; the text itself is not handed over twice.
    expect(await store.retryMessage(given?.id ?? 0, at("2026-11-30T18:10:00Z"))).toBe(true);
    await run("2026-11-30T18:10:00Z");
    expect(api.requests.filter((r) => r.status === 0 || r.status === 201)).toHaveLength(1);
    expect(await store.text(id)).toMatchObject({ status: "unknown" });
  });

  test("a run that stopped after handing a text over: the text is not sent again", async () => {
    await consent(ANA);
    const id = await queue();
    await store.takeText(id, at(MORNING));
    expect(await run(MORNING)).toMatchObject({ gaveUp: 1 });
    expect(api.requests).toEqual([]);
    expect(await store.text(id)).toMatchObject({ status: "unknown" });
  });

  test("Twilio refuses because the person opted out there: final, and their consent ends in the ledger", async () => {
    await consent(ANA);
    const id = await queue();
    api.refuseNext({ status: 400, code: 21610, message: "Attempt to send to unsubscribed recipient" });
    expect(await run(MORNING)).toMatchObject({ gaveUp: 1 });
    expect(await store.text(id)).toMatchObject({ status: "not-sent", error: expect.stringContaining("texted STOP") as string });
    expect(await store.textConsent(ANA)).toMatchObject({ event: "ended" });
    expect((await store.consentHistory(ANA)).at(-1)).toMatchObject({ event: "ended", keyword: "Twilio 21610" });
  });

  test("an automated text goes from 8 am to 8 pm at the gym; a staff member's when they send it", async () => {
    await consent(ANA);
    // Monday 9:30 PM at the gym: the instant answer waits for Tuesday 8:00 AM; the coach's text goes now.
    const evening = "2026-12-01T05:30:00.000Z";
    const automated = await queue({ at: at(evening) });
    const staff = await queue({ at: at(evening), author: { staff: "coach@gym.example" }, body: "See you tomorrow at 6!" });
    expect(await run(evening)).toMatchObject({ sent: 1 });
    expect(api.messages.map((m) => m.body)).toEqual(["See you tomorrow at 6!"]);
    expect(await store.text(automated)).toMatchObject({ status: "waiting" });
    expect(await store.text(staff)).toMatchObject({ status: "queued" });
    const [waiting] = (await textMessages()).filter((m) => m.status === "pending");
    expect(waiting).toMatchObject({ nextAttemptAt: at("2026-12-01T16:00:00.000Z"), attempts: 0 });
    expect(await run("2026-12-01T15:59:59.000Z")).toMatchObject({ sent: 0 });
    expect(await run("2026-12-01T16:00:00.000Z")).toMatchObject({ sent: 1 });
    expect(api.messages).toHaveLength(2);
  });

  test("without Twilio's settings, texts wait in the outbox and nothing is claimed", async () => {
    await consent(ANA);
    const id = await queue();
    expect(await deliverDue(store, null, MAIL, at(MORNING), (line) => lines.push(line))).toMatchObject({ sent: 0, failed: 0 });
    expect(await store.text(id)).toMatchObject({ status: "waiting" });
    expect(api.requests).toEqual([]);
  });
}

describe("SQLite: texts through the outbox (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  outboxContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-outbox-"));
    dirs.push(dir);
    return openSqlite(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: texts through the outbox (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  outboxContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });
});
