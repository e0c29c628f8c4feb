import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { storeOn, type SubmissionStore } from "../../../src/server/app/store";
import type { Dialect } from "../../../src/server/store/dialect";
import { openPostgres } from "../../../src/server/store/postgres";
import { openSqlite } from "../../../src/server/store/sqlite";
import { recordConsent } from "../../../src/server/texts/consentLedger";
import { keywordReply } from "../../../src/server/texts/keywords";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { describeWithPostgres } from "../support/postgres";

/**
 * The site's automatic answers to STOP, START and HELP (texts/inbound.ts), on both databases: each
 * costs the gym a text, so an auto-responder answering the answers, or a prank texting HELP all day,
 * gets at most one HELP answer and one START confirmation per number per hour, and a STOP's
 * confirmation once per STOP. Every text is kept all the same.
 */

const ANA = "+12535550142";
const GYM = { name: "CrossFit Graham", phone: "(253) 555-0100" };
const T0 = Date.parse("2026-11-30T18:00:00Z");
const minutes = (n: number) => new Date(T0 + n * 60_000);

function inboundContract(open: () => Promise<Dialect>) {
  let dialect: Dialect;
  let store: SubmissionStore;
  let sid = 0;
  beforeEach(async () => {
    dialect = await open();
    store = storeOn(dialect);
  });
  afterEach(() => store.close());

  const receive = (body: string, at: Date, phone = ANA) => {
    sid += 1;
    return store.receiveText({ phone, body, sid: `SM${String(sid).padStart(32, "0")}` }, GYM, at);
  };
  const replies = async (phone = ANA) =>
    (await store.textsOfNumber(phone)).filter((text) => text.direction === "out").map((text) => text.body);

  test("HELP is answered once per number per hour, whatever the number sends meanwhile", async () => {
    for (let minute = 0; minute < 60; minute += 5) expect(await receive("HELP", minutes(minute))).toMatchObject({ replied: minute === 0 });
    expect(await replies()).toEqual([keywordReply("help", GYM)]);
    // Another number is answered; an hour on, this one is again.
    expect(await receive("help", minutes(30), "+12535550177")).toMatchObject({ replied: true });
    expect(await receive("Help!", minutes(60))).toMatchObject({ replied: true });
    expect(await replies()).toEqual([keywordReply("help", GYM), keywordReply("help", GYM)]);
    // Each HELP is kept.
    expect((await store.textsOfNumber(ANA)).filter((text) => text.direction === "in")).toHaveLength(13);
  });

  test("STOP is confirmed once per STOP; START confirmed once an hour, so a STOP/START loop stops answering", async () => {
    await dialect.write((trx) =>
      recordConsent(trx, dialect, {
        phone: ANA,
        at: minutes(-60),
        disclosure: "CrossFit Graham will text this number about your enquiry.",
        version: "v".repeat(64),
        page: "/contact/",
        form: "contact",
        submission: "C-7K3M9QX2PA",
        connection: "203.0.113.7",
      }),
    );
    const words = ["STOP", "STOP", "START", "STOP", "START", "STOP", "START"];
    for (const [i, word] of words.entries()) await receive(word, minutes(i));
    // Consent follows every word; the answers do not.
    expect((await store.consentHistory(ANA)).map((event) => event.event)).toEqual([
      "given",
      "ended",
      "restored",
      "ended",
      "restored",
      "ended",
      "restored",
    ]);
    const stop = keywordReply("opt-out", GYM);
    expect(await replies()).toEqual([stop, keywordReply("opt-in", GYM), stop, stop]);
  });
}

describe("SQLite: automatic answers to keywords (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  inboundContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-inbound-"));
    dirs.push(dir);
    return openSqlite(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: automatic answers to keywords (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  inboundContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });
});
