import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../support/postgres";
import { describeWithPostgres } from "../support/postgres";
import { type SubmissionStore, storeOn } from "../../../src/server/app/store";
import { endConsent, mayText, recordConsent, restoreConsent } from "../../../src/server/texts/consentLedger";
import { queueText, storeIncoming } from "../../../src/server/texts/textStore";
import { openSqlite } from "../../../src/server/store/sqlite";
import { openPostgres } from "../../../src/server/store/postgres";
import type { Dialect } from "../../../src/server/store/dialect";

/**
 * The consent ledger and the texts (migration 20), on a real SQLite file and a real PostgreSQL server:
 * the ledger only grows, a number's last event is its consent, a STOP is recorded once, START restores
 * only what was given; a text is queued with an outbox message that names it alone, is taken to send
 * once at most, and takes Twilio's reports in their order.
 */

const at = (iso: string) => new Date(iso);
/**
 * What the database said to a write: its error's words, or "stored". By message, not by class: the
 * driver's error class belongs to whichever test file loaded it first in this worker.
 */
const refusal = (write: Promise<unknown>) =>
  write.then(
    () => "stored",
    (error: unknown) => String(error),
  );
const CHECK_FAILED = /CHECK constraint failed|violates check constraint/;
const ANA = "+12535550142";
const DISCLOSURE = { disclosure: "CrossFit Graham will text this number about your enquiry.", version: "a".repeat(64) };

function given(phone: string, when: string, submission = "C-7K3M9QX2PA") {
  return { phone, at: at(when), ...DISCLOSURE, page: "/contact/", form: "contact", submission, connection: "203.0.113.7" };
}

function textContract(open: () => Promise<Dialect>) {
  let dialect: Dialect;
  let store: SubmissionStore;
  beforeEach(async () => {
    dialect = await open();
    store = storeOn(dialect);
  });
  afterEach(() => store.close());

  test("the ledger: given, ended once by STOP, restored by START; each event kept as evidence", async () => {
    expect(await store.textConsent(ANA)).toEqual({ phone: ANA, event: null, at: null });
    await dialect.write((trx) => recordConsent(trx, dialect, given(ANA, "2026-11-30T18:00:00Z")));
    expect(await store.textConsent(ANA)).toEqual({ phone: ANA, event: "given", at: at("2026-11-30T18:00:00Z") });
    expect(await dialect.write((trx) => endConsent(dialect, trx, ANA, "STOP", at("2026-11-30T19:00:00Z")))).toBe(true);
    // A second STOP changes nothing, so it is confirmed once only.
    expect(await dialect.write((trx) => endConsent(dialect, trx, ANA, "stop", at("2026-11-30T19:01:00Z")))).toBe(false);
    expect((await store.textConsent(ANA)).event).toBe("ended");
    expect(await dialect.write((trx) => restoreConsent(dialect, trx, ANA, "UNSTOP", at("2026-11-30T20:00:00Z")))).toBe(true);
    expect(await store.consentHistory(ANA)).toEqual([
      {
        event: "given",
        at: at("2026-11-30T18:00:00Z"),
        ...DISCLOSURE,
        page: "/contact/",
        form: "contact",
        submission: "C-7K3M9QX2PA",
        connection: "203.0.113.7",
        keyword: null,
      },
      expect.objectContaining({ event: "ended", at: at("2026-11-30T19:00:00Z"), keyword: "STOP", disclosure: null }),
      expect.objectContaining({ event: "restored", at: at("2026-11-30T20:00:00Z"), keyword: "UNSTOP" }),
    ]);
  });

  test("a form's box does not undo a STOP (anyone can type the number into a form); START from the phone does", async () => {
    await dialect.write((trx) => recordConsent(trx, dialect, given(ANA, "2026-11-30T18:00:00Z")));
    await dialect.write((trx) => endConsent(dialect, trx, ANA, "STOP", at("2026-11-30T19:00:00Z")));
    expect(await dialect.write((trx) => recordConsent(trx, dialect, given(ANA, "2026-11-30T20:00:00Z", "C-STRANGER01")))).toBe(false);
    expect((await store.textConsent(ANA)).event).toBe("ended");
    expect(await dialect.write((trx) => restoreConsent(dialect, trx, ANA, "START", at("2026-11-30T21:00:00Z")))).toBe(true);
    expect((await store.consentHistory(ANA)).map((event) => event.event)).toEqual(["given", "ended", "restored"]);
  });

  test("START from a number that never agreed gives no consent: it never saw the disclosure", async () => {
    expect(await dialect.write((trx) => restoreConsent(dialect, trx, ANA, "START", at("2026-11-30T18:00:00Z")))).toBe(false);
    expect(await store.consentHistory(ANA)).toEqual([]);
  });

  test("STOP from a number that never agreed is kept and confirmed once; START after it still gives nothing", async () => {
    expect(await dialect.write((trx) => endConsent(dialect, trx, ANA, "STOP", at("2026-11-30T18:00:00Z")))).toBe(true);
    expect(await dialect.write((trx) => endConsent(dialect, trx, ANA, "STOP", at("2026-11-30T18:05:00Z")))).toBe(false);
    expect(await dialect.write((trx) => restoreConsent(dialect, trx, ANA, "START", at("2026-11-30T18:10:00Z")))).toBe(false);
    expect((await store.consentHistory(ANA)).map((event) => event.event)).toEqual(["ended"]);
    expect(mayText(await store.textConsent(ANA))).toBe(false);
  });

  test("a consent without its disclosure is refused by the database itself", async () => {
    expect(
      await refusal(
        dialect.db
          .insertInto("text_consents")
          .values({ phone: ANA, event: "given", at: dialect.codec.time(at("2026-11-30T18:00:00Z")) })
          .execute(),
      ),
    ).toMatch(CHECK_FAILED);
  });

  test("a text: queued with an outbox message that names only it, taken to send once, reports in their order", async () => {
    const id = await dialect.write((trx) =>
      queueText(trx, dialect.codec, {
        phone: ANA,
        body: "Thanks for your message!",
        personId: null,
        author: { automation: "instant-answer" },
        at: at("2026-11-30T18:00:00Z"),
        dueAt: at("2026-11-30T18:30:00Z"),
      }),
    );
    const [message] = await store.outbox();
    expect(message).toMatchObject({ kind: "text", submissionId: null, data: { textId: id }, nextAttemptAt: at("2026-11-30T18:30:00Z") });
    expect(await store.text(id)).toMatchObject({ direction: "out", status: "waiting", automation: "instant-answer", sentBy: null });
    expect(await store.takeText(id, at("2026-11-30T18:30:01Z"))).toMatchObject({ id, status: "sending" });
    // Taken once: a second claim (a lock run out, another process) finds nothing to send.
    expect(await store.takeText(id, at("2026-11-30T18:30:02Z"))).toBeUndefined();
    await store.settleText(id, { status: "queued", sid: "SM0123456789abcdef0123456789abcdef" }, at("2026-11-30T18:30:03Z"));
    expect(await store.reportStatus("SM0123456789abcdef0123456789abcdef", "delivered", null, at("2026-11-30T18:30:09Z"))).toBe("recorded");
    // Twilio's "sent" arriving after its "delivered" does not take the text back.
    expect(await store.reportStatus("SM0123456789abcdef0123456789abcdef", "sent", null, at("2026-11-30T18:30:10Z"))).toBe("recorded");
    expect(await store.text(id)).toMatchObject({ status: "delivered", statusAt: at("2026-11-30T18:30:09Z") });
    expect(await store.reportStatus("SMffffffffffffffffffffffffffffffff", "delivered", null, at("2026-11-30T18:30:09Z"))).toBe("unknown");
  });

  test("a staff member's text names them; an incoming text is stored as received; the database refuses an outgoing one with no author", async () => {
    const id = await dialect.write((trx) =>
      queueText(trx, dialect.codec, {
        phone: ANA,
        body: "See you at 6!",
        personId: null,
        author: { staff: "coach@gym.example" },
        at: at("2026-11-30T18:00:00Z"),
      }),
    );
    expect(await store.text(id)).toMatchObject({ sentBy: "coach@gym.example", automation: null });
    const incoming = await dialect.write((trx) =>
      storeIncoming(trx, dialect.codec, {
        phone: ANA,
        body: "Thanks!",
        personId: null,
        sid: "SM1111111111111111111111111111111a",
        at: at("2026-11-30T18:05:00Z"),
      }),
    );
    expect(await store.text(incoming)).toMatchObject({ direction: "in", status: "received", body: "Thanks!" });
    expect(
      await refusal(
        dialect.db
          .insertInto("texts")
          .values({
            phone: ANA,
            direction: "out",
            body: "x",
            at: "2026-11-30T18:00:00.000Z",
            status: "waiting",
            status_at: "2026-11-30T18:00:00.000Z",
          })
          .execute(),
      ),
    ).toMatch(CHECK_FAILED);
  });
}

describe("SQLite: the consent ledger and texts (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  textContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-texts-"));
    dirs.push(dir);
    return openSqlite(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: the consent ledger and texts (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  textContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });

  test("a report landing while another writes the text's status never moves it back (sent beside delivered)", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const dialect = await openPostgres(url);
    const store = storeOn(dialect);
    const other = new Client({ connectionString: url });
    await other.connect();
    // Watched from a third connection outside any transaction: within one, PostgreSQL shows the activity
    // as it first read it.
    const watch = new Client({ connectionString: url });
    await watch.connect();
    try {
      const SID = `SM${"5".repeat(32)}`;
      const id = await dialect.write((trx) =>
        queueText(trx, dialect.codec, {
          phone: "+12535550190",
          body: "See you at 6!",
          personId: null,
          author: { staff: "coach@gym.example" },
          at: at("2026-11-30T18:00:00Z"),
        }),
      );
      await store.settleText(id, { status: "queued", sid: SID }, at("2026-11-30T18:00:01Z"));
      // Twilio's "delivered" is being written by another server's request, not yet committed...
      await other.query("BEGIN");
      await other.query("UPDATE texts SET status = 'delivered' WHERE id = $1", [id]);
      // ...when its earlier "sent" arrives here: it reads "queued", and its write waits for the row.
      const late = store.reportStatus(SID, "sent", null, at("2026-11-30T18:00:02Z"));
      const until = Date.now() + 20_000;
      while (
        (await watch.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'update \"texts\"%'")).rowCount ===
        0
      ) {
        if (Date.now() > until) throw new Error("the report never waited for the text's row");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query("COMMIT");
      expect(await late).toBe("recorded");
      expect((await store.text(id))?.status).toBe("delivered");
    } finally {
      await other.end();
      await watch.end();
      await store.close();
    }
  });
});
