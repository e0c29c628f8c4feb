import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { TwilioSettings } from "../../../src/server/config";
import type { ClaimedMessage } from "../../../src/server/outbox/types";
import { storeOn, type SubmissionStore } from "../../../src/server/app/store";
import type { Dialect } from "../../../src/server/store/dialect";
import { openPostgres } from "../../../src/server/store/postgres";
import { openSqlite } from "../../../src/server/store/sqlite";
import { endConsent, recordConsent } from "../../../src/server/texts/consentLedger";
import { textTexter } from "../../../src/server/texts/outbox";
import { queueText } from "../../../src/server/texts/textStore";
import { createTwilioSender } from "../../../src/server/texts/twilio";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { startTwilioApi, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, type TwilioApiMock } from "../../support/twilioApi";
import { describeWithPostgres } from "../support/postgres";

/**
 * A STOP and the texter, on two handles of one store (two processes: the web server taking Twilio's
 * webhook, the outbox's worker sending): no text still waiting when a number's STOP is recorded ever
 * reaches Twilio. The STOP lands between each two of the texter's steps on the store in turn; on
 * PostgreSQL a texter that starts while a STOP is being written waits for it (the number's lock).
 */

const at = (iso: string) => new Date(iso);
const ZONE = "America/Los_Angeles";
const ANA = "+12535550142";
const SITE = "https://gym.example";
// Monday, November 30, 2026, 10:00 at the gym.
const MORNING = "2026-11-30T18:00:00.000Z";
const GYM = { name: "CrossFit Graham", phone: "(253) 555-0100" };

let api: TwilioApiMock;
beforeAll(async () => {
  api = await startTwilioApi();
}, 30_000);
afterAll(() => api.stop());

const settings = (): TwilioSettings => ({
  accountSid: TEST_ACCOUNT_SID,
  authToken: TEST_AUTH_TOKEN,
  sender: { from: TEST_FROM },
  apiUrl: api.url,
});

async function consentAndQueue(dialect: Dialect): Promise<number> {
  await dialect.write((trx) =>
    recordConsent(trx, dialect, {
      phone: ANA,
      at: at("2026-11-29T18:00:00Z"),
      disclosure: "CrossFit Graham will text this number about your enquiry.",
      version: "v".repeat(64),
      page: "/contact/",
      form: "contact",
      submission: "C-7K3M9QX2PA",
      connection: "203.0.113.7",
    }),
  );
  return dialect.write((trx) =>
    queueText(trx, dialect.codec, {
      phone: ANA,
      body: "Thanks for your message! A coach will call you today.",
      personId: null,
      author: { automation: "instant-answer" },
      at: at(MORNING),
    }),
  );
}

const message = (id: number): ClaimedMessage => ({
  id: 1,
  submissionId: null,
  kind: "text",
  status: "pending",
  attempts: 0,
  nextAttemptAt: at(MORNING),
  lastError: null,
  sentAt: null,
  createdAt: at(MORNING),
  data: { textId: id },
});

function raceContract(open: () => Promise<{ worker: Dialect; web: Dialect }>) {
  let worker: SubmissionStore;
  let web: SubmissionStore;
  let dialects: { worker: Dialect; web: Dialect };
  beforeEach(async () => {
    dialects = await open();
    worker = storeOn(dialects.worker);
    web = storeOn(dialects.web);
    api.requests.length = 0;
    api.messages.length = 0;
  });
  afterEach(async () => {
    await worker.close();
    await web.close();
  });

  /**
   * The worker's store, with the person's STOP (through the other handle, as /api/sms takes it) landing
   * right after the texter's `step`-th call on it returns: what the text's row said then.
   */
  function stopAfterStep(step: number, id: number): { store: SubmissionStore; seen: () => string | null } {
    let calls = 0;
    let seen: string | null = null;
    const store = new Proxy(worker, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          calls += 1;
          if (calls === step) {
            await web.receiveText({ phone: ANA, body: "STOP", sid: `SM${"5".repeat(31)}${step}` }, GYM, at(MORNING));
            seen = (await web.text(id))?.status ?? null;
          }
          return result;
        };
      },
    });
    return { store, seen: () => seen };
  }

  test("a STOP between any two of the texter's steps: a text still waiting at the STOP never reaches Twilio", async () => {
    for (let step = 1; step <= 6; step += 1) {
      api.messages.length = 0;
      await dialects.worker.db.deleteFrom("texts").execute();
      await dialects.worker.db.deleteFrom("outbox").execute();
      await dialects.worker.db.deleteFrom("text_consents").execute();
      const id = await consentAndQueue(dialects.worker);
      const { store, seen } = stopAfterStep(step, id);
      const texter = textTexter(store, createTwilioSender(settings(), { siteOrigin: SITE, timeoutMs: 1500 }), ZONE);
      await texter(message(id), at(MORNING));
      const sent = api.messages.filter((m) => m.body.startsWith("Thanks")).length;
      // Waiting when the STOP was recorded: never handed over. Taken before it: it went before the STOP.
      expect({ step, atStop: seen(), sent }).toEqual({ step, atStop: seen(), sent: seen() === "waiting" ? 0 : sent });
      if (seen() === "waiting") expect(await worker.text(id)).toMatchObject({ status: "not-sent" });
    }
  });
}

describe("SQLite: a STOP and the texter on two handles of one file", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  raceContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-race-"));
    dirs.push(dir);
    const file = path.join(dir, "s.sqlite");
    const worker = await openSqlite(file);
    return { worker, web: await openSqlite(file) };
  });
});

describeWithPostgres("PostgreSQL: a STOP and the texter on two connections", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  const open = async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const worker = await openPostgres(url);
    return { worker, web: await openPostgres(url) };
  };
  raceContract(open);

  test("a texter that starts while a STOP is being written waits for it, and then sends nothing", async () => {
    const { worker, web } = await open();
    const workerStore = storeOn(worker);
    const webStore = storeOn(web);
    try {
      api.messages.length = 0;
      const id = await consentAndQueue(worker);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written: () => void = () => undefined;
      const stopWritten = new Promise<void>((resolve) => (written = resolve));
      // The webhook's transaction: the STOP written, not yet committed.
      const stop = web.write(async (trx) => {
        await endConsent(web, trx, ANA, "STOP", at(MORNING));
        written();
        await held;
      });
      await stopWritten;
      const texter = textTexter(workerStore, createTwilioSender(settings(), { siteOrigin: SITE, timeoutMs: 1500 }), ZONE);
      let done = false;
      const sending = texter(message(id), at(MORNING)).finally(() => (done = true));
      // Until the texter finished (it did not wait) or waits on a lock (the number's).
      for (;;) {
        const waiting = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(web.db);
        if (done || (waiting.rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      await stop;
      await sending;
      expect(api.messages.filter((m) => m.body.startsWith("Thanks"))).toEqual([]);
      expect(await workerStore.text(id)).toMatchObject({ status: "not-sent" });
    } finally {
      await workerStore.close();
      await webStore.close();
    }
  });
});
