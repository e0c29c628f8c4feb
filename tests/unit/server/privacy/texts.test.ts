import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { ClaimedMessage } from "../../../../src/server/outbox/types";
import { accessReport } from "../../../../src/server/privacy/access";
import { deleteAll, deletionTargets } from "../../../../src/server/privacy/deletion";
import { type SubmissionStore, storeOn } from "../../../../src/server/app/store";
import type { Dialect } from "../../../../src/server/store/dialect";
import { openPostgres } from "../../../../src/server/store/postgres";
import { openSqlite } from "../../../../src/server/store/sqlite";
import { endConsent, optOutKey, recordConsent } from "../../../../src/server/texts/consentLedger";
import { textTexter } from "../../../../src/server/texts/outbox";
import { queueText } from "../../../../src/server/texts/textStore";
import type { OutgoingText, TextAuthor, TextSender } from "../../../../src/server/texts/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";

/**
 * Texts and the consent ledger under the privacy duties, on both databases: a person's texts (in and
 * out, with status) and their numbers' consent history are in their access download; a deletion on
 * request takes the texts, the numbers' ledger and any text of theirs waiting in the outbox, after
 * which the texter refuses the number; another person's texts and consent stay.
 */

const at = (iso: string) => new Date(iso);
const ANA = "ana.quill@example.com";
const ANA_PHONE = "+12535550199";
const BEN = "ben@example.com";
const BEN_PHONE = "+12535550142";
const GYM = { name: "CrossFit Graham", phone: "(253) 555-0100" };
const ZONE = "America/Los_Angeles";
// Monday, November 30, 2026, 10:00 at the gym.
const MORNING = "2026-11-30T18:00:00.000Z";

function contact(id: string, email: string, phone: string): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at("2026-11-30T17:00:00Z"),
    payload: { name: email === ANA ? "Anastasia Quillfeather" : "Ben Ortiz", email, phone, message: "Is there a kids class?" },
    spam: null,
    notify: false,
    textConsent: {
      phone,
      disclosure: "CrossFit Graham will text this number about your enquiry.",
      version: "v".repeat(64),
      page: "/contact/",
      connection: "203.0.113.7",
    },
  };
}

/** A TextSender that keeps what it was given: the texter is what is tested, not Twilio. */
function keepingSender(): TextSender & { sent: OutgoingText[] } {
  const sent: OutgoingText[] = [];
  return {
    sent,
    send(text) {
      sent.push(text);
      return Promise.resolve({ outcome: "accepted", sid: `SM${String(sent.length).padStart(32, "0")}`, status: "queued" });
    },
  };
}

const message = (textId: number): ClaimedMessage => ({
  id: 1,
  submissionId: null,
  kind: "text",
  status: "pending",
  attempts: 0,
  nextAttemptAt: at(MORNING),
  lastError: null,
  sentAt: null,
  createdAt: at(MORNING),
  data: { textId },
});

function textPrivacyContract(open: () => Promise<Dialect>) {
  let dialect: Dialect;
  let store: SubmissionStore;
  beforeEach(async () => {
    dialect = await open();
    store = storeOn(dialect);
  });
  afterEach(() => store.close());

  /** Ana and Ben each sent a contact form with the box ticked; Ana texted the gym, was answered, and one text waits. */
  async function seed(): Promise<{ waiting: number }> {
    await store.insert(contact("C-ANA", ANA, ANA_PHONE));
    await store.insert(contact("C-BEN", BEN, BEN_PHONE));
    await store.receiveText(
      { phone: ANA_PHONE, body: "Is the 6 am class full?", sid: "SM".padEnd(34, "1") },
      GYM,
      at("2026-11-30T17:30:00Z"),
    );
    await store.receiveText({ phone: BEN_PHONE, body: "HELP", sid: "SM".padEnd(34, "2") }, GYM, at("2026-11-30T17:31:00Z"));
    const [anaText] = await store.textsOfNumber(ANA_PHONE);
    const person = anaText?.personId ?? null;
    const queue = (body: string) =>
      dialect.write((trx) =>
        queueText(trx, dialect.codec, {
          phone: ANA_PHONE,
          body,
          personId: person,
          author: { staff: "coach@gym.example" },
          at: at(MORNING),
        }),
      );
    const answered = await queue("It has two spots left. See you there!");
    await store.settleText(answered, { status: "delivered", sid: "SM".padEnd(34, "3") }, at(MORNING));
    return { waiting: await queue("Bring running shoes.") };
  }

  test("the access download holds the person's texts, in and out with their status, and the number's consent history", async () => {
    await seed();
    const report = await accessReport(store, ANA);
    expect(report.people?.[0]?.texts).toEqual([
      { at: "2026-11-30T17:30:00.000Z", direction: "in", phone: ANA_PHONE, text: "Is the 6 am class full?", status: "received" },
      expect.objectContaining({
        direction: "out",
        text: "It has two spots left. See you there!",
        status: "delivered",
        by: "coach@gym.example",
      }),
      expect.objectContaining({ direction: "out", text: "Bring running shoes.", status: "waiting" }),
    ]);
    expect(report.textConsents).toEqual([
      {
        phone: ANA_PHONE,
        // The answer Twilio took at 18:00: the ledger's period counts from it.
        lastTextedAt: "2026-11-30T18:00:00.000Z",
        events: [
          {
            event: "given",
            at: "2026-11-30T17:00:00.000Z",
            disclosure: "CrossFit Graham will text this number about your enquiry.",
            version: "v".repeat(64),
            page: "/contact/",
            form: "contact",
            submission: "C-ANA",
            connection: "203.0.113.7",
          },
        ],
      },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/2535550142|HELP/);
  });

  test("typing someone's number into a form opens nothing of its ledger but that form's own consent", async () => {
    await seed();
    const MALLORY = "mallory@example.com";
    const typed = contact("C-MAL", MALLORY, ANA_PHONE);
    await store.insert({
      ...typed,
      createdAt: at("2026-11-30T19:00:00Z"),
      textConsent: { ...typed.textConsent!, connection: "198.51.100.9" },
    });
    // Mallory's download: the consent her own form gave, none of Ana's evidence.
    const hers = await accessReport(store, MALLORY);
    expect(hers.textConsents).toEqual([
      expect.objectContaining({ phone: ANA_PHONE, events: [expect.objectContaining({ submission: "C-MAL", connection: "198.51.100.9" })] }),
    ]);
    expect(JSON.stringify(hers)).not.toMatch(/203\.0\.113\.7|C-ANA/);
    // Ana's (she texted from the number, which files texts under whoever gave it last, so it proves
    // nothing): her own form's consent, not Mallory's.
    const anas = await accessReport(store, ANA);
    expect(anas.textConsents?.[0]?.events.map((event) => [event.submission, event.connection])).toEqual([["C-ANA", "203.0.113.7"]]);
    // A STOP is no one's form: it is in both, the number's own word.
    await store.receiveText({ phone: ANA_PHONE, body: "STOP", sid: "SM".padEnd(34, "9") }, GYM, at("2026-11-30T19:30:00Z"));
    for (const email of [ANA, MALLORY]) {
      const events = (await accessReport(store, email)).textConsents?.[0]?.events ?? [];
      expect(events.at(-1)).toMatchObject({ event: "ended", keyword: "STOP", submission: null, connection: null });
    }
    expect(JSON.stringify(anas)).not.toMatch(/198\.51\.100\.9|C-MAL/);
  });

  test("deleting a person takes their texts, their number's consent and their waiting text; the texter then refuses the number", async () => {
    const { waiting } = await seed();
    const bensBefore = { texts: await store.textsOfNumber(BEN_PHONE), consent: await store.consentHistory(BEN_PHONE) };
    const targets = await deletionTargets(store, { email: ANA });
    expect((await deleteAll(store, targets, undefined, at(MORNING))).map((s) => s.id)).toEqual(["C-ANA"]);
    expect(await store.textsOfNumber(ANA_PHONE)).toEqual([]);
    expect(await store.consentHistory(ANA_PHONE)).toEqual([]);
    expect(await store.textConsent(ANA_PHONE)).toEqual({ phone: ANA_PHONE, event: null, at: null });
    // The waiting text's message left the outbox with it.
    expect((await store.outbox()).filter((m) => m.kind === "text" && m.data?.textId === waiting)).toEqual([]);
    // A text queued to the number afterwards (a staff member with the old page open) is refused as it goes.
    const sender = keepingSender();
    const late = await dialect.write((trx) =>
      queueText(trx, dialect.codec, {
        phone: ANA_PHONE,
        body: "Still coming?",
        personId: null,
        author: { staff: "coach@gym.example" },
        at: at(MORNING),
      }),
    );
    expect(await textTexter(store, sender, ZONE)(message(late), at(MORNING))).toEqual({ dropped: "the number never agreed to texts" });
    expect(sender.sent).toEqual([]);
    expect(await store.text(late)).toMatchObject({ status: "not-sent" });
    // Ben's texts and consent are untouched; Ana never replied STOP, so nothing of her number is kept.
    expect({ texts: await store.textsOfNumber(BEN_PHONE), consent: await store.consentHistory(BEN_PHONE) }).toEqual(bensBefore);
    expect(await dialect.db.selectFrom("text_opt_outs").selectAll().execute()).toEqual([]);
  });

  test("a STOP outlives a stranger's deletion: the number's hash is kept, and no form's box turns texts back on until the phone texts START", async () => {
    const VICTIM = "+12535550188";
    const MALLORY = "mallory@example.com";
    const optOuts = () => dialect.db.selectFrom("text_opt_outs").selectAll().execute();
    // A stranger types someone's number into a form with the box ticked; the number's owner replies STOP.
    await store.insert(contact("C-MAL1", MALLORY, VICTIM));
    await store.receiveText({ phone: VICTIM, body: "STOP", sid: "SM".padEnd(34, "7") }, GYM, at("2026-11-30T17:40:00Z"));
    expect((await store.textConsent(VICTIM)).event).toBe("ended");
    // The stranger has their own data deleted: the ledger goes with it, the STOP as a hash of the number.
    expect((await deleteAll(store, await deletionTargets(store, { email: MALLORY }), undefined, at(MORNING))).map((s) => s.id)).toEqual([
      "C-MAL1",
    ]);
    expect(await store.consentHistory(VICTIM)).toEqual([]);
    const kept = await optOuts();
    expect(kept.map((row) => row.phone_hash)).toEqual([optOutKey(VICTIM)]);
    expect(JSON.stringify(kept)).not.toContain("2535550188");
    // A second form with the box ticked records no consent: the texter still finds the number never agreed.
    await store.insert({ ...contact("C-MAL2", MALLORY, VICTIM), createdAt: at(MORNING) });
    expect(await store.consentHistory(VICTIM)).toEqual([]);
    const sender = keepingSender();
    const answer = await dialect.write((trx) =>
      queueText(trx, dialect.codec, {
        phone: VICTIM,
        body: "Hi again!",
        personId: null,
        author: { staff: "coach@gym.example" },
        at: at(MORNING),
      }),
    );
    expect(await textTexter(store, sender, ZONE)(message(answer), at(MORNING))).toEqual({ dropped: "the number never agreed to texts" });
    expect(sender.sent).toEqual([]);
    // The phone itself texts START: the kept STOP is lifted (nothing to restore), and a form's box counts again.
    await store.receiveText({ phone: VICTIM, body: "START", sid: "SM".padEnd(34, "8") }, GYM, at("2026-11-30T18:10:00Z"));
    expect(await optOuts()).toEqual([]);
    expect((await store.textConsent(VICTIM)).event).toBeNull();
    await store.insert({ ...contact("C-VIC", "vic@example.com", VICTIM), createdAt: at("2026-11-30T18:20:00Z") });
    expect((await store.textConsent(VICTIM)).event).toBe("given");
  });

  test("retention: a ledger is kept its months after the last text the number got, after the texts are gone; deletion on request takes that too", async () => {
    const { waiting } = await seed();
    await store.settleText(waiting, { status: "queued", sid: "SM".padEnd(34, "4") }, at("2026-12-02T18:00:00Z"));
    // A late report of an earlier text does not take the time back.
    await store.settleText(waiting, { status: "delivered", sid: "SM".padEnd(34, "4") }, at("2026-12-01T18:00:00Z"));
    expect(await store.lastTexted(ANA_PHONE)).toEqual(at("2026-12-02T18:00:00Z"));
    // Ben's answer to HELP waits in the outbox: nothing has reached Twilio for his number.
    expect(await store.lastTexted(BEN_PHONE)).toBeUndefined();
    /** A text from the gym that Twilio took at MORNING. */
    const taken = async (phone: string, author: TextAuthor, sid: string) => {
      const id = await dialect.write((trx) =>
        queueText(trx, dialect.codec, { phone, body: "Hi", personId: null, author, at: at(MORNING) }),
      );
      await store.settleText(id, { status: "queued", sid: "SM".padEnd(34, sid) }, at(MORNING));
    };
    // A number with no ledger (an answer to HELP from a number nobody has): nothing of it outlives its texts.
    await taken("+12535550188", { automation: "keyword-reply" }, "6");
    expect(await store.lastTexted("+12535550188")).toBeUndefined();

    // Years on, Ana's texts have gone with her form at the end of its months (removed here directly).
    await dialect.write((trx) => trx.deleteFrom("texts").where("phone", "=", ANA_PHONE).execute());
    const purgeAt = (consentsBefore: string) =>
      store.purge(
        {
          spamBefore: at("2026-10-31T18:00:00Z"),
          forms: [],
          texts: { before: at("2020-01-01T00:00:00Z"), consentsBefore: at(consentsBefore) },
        },
        at("2031-01-01T00:00:00Z"),
      );
    // The ledger's last event (the form, 2026-11-30 17:00) is past the period, the last text (2026-12-02) is not: kept.
    expect((await purgeAt("2026-12-01T00:00:00Z")).texts).toEqual({ people: 0, texts: 0, ledgers: 0 });
    expect(await store.consentHistory(ANA_PHONE)).toHaveLength(1);
    expect(await store.lastTexted(ANA_PHONE)).toEqual(at("2026-12-02T18:00:00Z"));
    // Past both: the ledger and the time go.
    expect((await purgeAt("2026-12-03T00:00:00Z")).texts).toEqual({ people: 0, texts: 0, ledgers: 1 });
    expect(await store.consentHistory(ANA_PHONE)).toEqual([]);
    expect(await store.lastTexted(ANA_PHONE)).toBeUndefined();

    // Deletion on request takes the time with the ledger.
    await store.insert(contact("C-ANA2", "ana2@example.com", "+12535550177"));
    await taken("+12535550177", { staff: "coach@gym.example" }, "5");
    expect(await store.lastTexted("+12535550177")).toEqual(at(MORNING));
    await deleteAll(store, await deletionTargets(store, { email: "ana2@example.com" }), undefined, at(MORNING));
    expect(await store.lastTexted("+12535550177")).toBeUndefined();
  });

  test("retention: a person made by a text alone, texts on nobody and an old number's ledger go after their periods", async () => {
    const consent = (phone: string, when: string) =>
      dialect.write((trx) =>
        recordConsent(trx, dialect, {
          phone,
          at: at(when),
          disclosure: "CrossFit Graham will text this number about your enquiry.",
          version: "v".repeat(64),
          page: "/contact/",
          form: "contact",
          submission: "C-OLD",
          connection: "203.0.113.7",
        }),
      );
    let sid = 10;
    const receive = (phone: string, body: string, when: string) => {
      sid += 1;
      return store.receiveText({ phone, body, sid: `SM${String(sid).padStart(32, "0")}` }, GYM, at(when));
    };
    // Made by a text two years ago and not heard from since: goes. One who wrote again last month: stays.
    const gone = await receive("+12535550111", "How much is a month?", "2024-11-01T18:00:00Z");
    const stays = await receive("+12535550112", "Do you have open gym?", "2024-11-01T18:00:00Z");
    await receive("+12535550112", "Still wondering!", "2026-10-30T18:00:00Z");
    // A STOP from a number that is nobody's, and its confirmation, two years ago: go. A HELP last week: stays.
    await consent("+12535550113", "2024-10-01T18:00:00Z");
    await receive("+12535550113", "STOP", "2024-11-01T18:00:00Z");
    await receive("+12535550114", "HELP", "2026-11-23T18:00:00Z");
    // A form's person's old texts stay with their form (its own months).
    await store.insert(contact("C-ANA", ANA, ANA_PHONE));
    await receive(ANA_PHONE, "Is the 6 am class full?", "2024-11-01T18:00:00Z");
    // Ledgers whose last event was five years ago: one number's goes; one with a text still kept stays.
    await consent("+12535550115", "2021-10-01T18:00:00Z");
    await consent("+12535550116", "2021-10-01T18:00:00Z");
    await receive("+12535550116", "Thanks!", "2026-06-01T18:00:00Z");
    // One that ended in a STOP five years ago goes too, its STOP kept as the number's hash.
    await consent("+12535550117", "2021-09-01T18:00:00Z");
    await dialect.write((trx) => endConsent(dialect, trx, "+12535550117", "STOP", at("2021-10-01T18:00:00Z")));

    const now = at("2026-11-30T18:00:00Z");
    const report = await store.purge(
      {
        spamBefore: at("2026-10-31T18:00:00Z"),
        forms: [],
        texts: { before: at("2025-11-30T18:00:00Z"), consentsBefore: at("2022-11-30T18:00:00Z") },
      },
      now,
    );
    expect(report.texts).toEqual({ people: 1, texts: 2, ledgers: 2 });
    expect(!gone.duplicate && (await store.personOf(gone.personId ?? ""))).toBeUndefined();
    expect(await store.textsOfNumber("+12535550111")).toEqual([]);
    expect(!stays.duplicate && (await store.personOf(stays.personId ?? ""))).toBeDefined();
    expect(await store.textsOfNumber("+12535550112")).toHaveLength(2);
    expect(await store.textsOfNumber("+12535550113")).toEqual([]);
    expect((await store.textsOfNumber("+12535550114")).map((t) => t.direction)).toEqual(["in", "out"]);
    expect(await store.textsOfNumber(ANA_PHONE)).toHaveLength(1);
    expect(await store.consentHistory("+12535550115")).toEqual([]);
    expect(await store.consentHistory("+12535550116")).toHaveLength(1);
    expect(await store.consentHistory("+12535550117")).toEqual([]);
    expect(await dialect.db.selectFrom("text_opt_outs").selectAll().execute()).toEqual([
      { phone_hash: optOutKey("+12535550117"), at: expect.anything() as unknown },
    ]);
    // The STOP two years ago is within the ledger's period: kept, and the number is still not texted.
    expect((await store.textConsent("+12535550113")).event).toBe("ended");
    // A second purge finds nothing more.
    expect(
      (
        await store.purge(
          {
            spamBefore: at("2026-10-31T18:00:00Z"),
            forms: [],
            texts: { before: at("2025-11-30T18:00:00Z"), consentsBefore: at("2022-11-30T18:00:00Z") },
          },
          now,
        )
      ).texts,
    ).toEqual({ people: 0, texts: 0, ledgers: 0 });
  });
}

describe("SQLite: texts under the privacy duties (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  textPrivacyContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-privacy-"));
    dirs.push(dir);
    return openSqlite(path.join(dir, "s.sqlite"));
  });
});

describeWithPostgres("PostgreSQL: texts under the privacy duties (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  textPrivacyContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });
});
