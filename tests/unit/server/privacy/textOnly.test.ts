import { readConfig } from "../../../../src/server/config";
import { site } from "../../../../src/server/content";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { lead } from "../../../../src/server/leads/leadRoute";
import type { ClaimedMessage } from "../../../../src/server/outbox/types";
import type { TextOnlyAccessReport } from "../../../../src/server/privacy/access";
import { privacyRoute } from "../../../../src/server/privacy/staffRoute";
import { processState } from "../../../../src/server/process/state";
import { hashToken, newToken } from "../../../../src/server/staff/auth";
import { recordConsent } from "../../../../src/server/texts/consentLedger";
import { textTexter } from "../../../../src/server/texts/outbox";
import { queueText } from "../../../../src/server/texts/textStore";
import type { TextSender } from "../../../../src/server/texts/types";
import { type SubmissionStore, storeOn } from "../../../../src/server/app/store";
import type { Dialect } from "../../../../src/server/store/dialect";
import { openPostgres } from "../../../../src/server/store/postgres";
import { openSqlite } from "../../../../src/server/store/sqlite";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { askStaffRoute } from "../../support/staffRequest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A person made by a text alone has no address to ask by: the owner downloads and deletes what is kept
 * of them by their reference (GET ?export=N-…, POST {action: "delete", person, confirm}), through the
 * staff door as the server runs it, on a real SQLite file and a real PostgreSQL server. The deletion
 * takes their texts, their number's consent ledger and their text waiting in the outbox; a later text
 * from the number makes a new person, who cannot be texted.
 */

const TWILIO = {
  SITE_URL: "https://gym.example",
  TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "test-token",
  TWILIO_FROM: "+12535550100",
};
const ORIGIN = "https://gym.example";
const at = (iso: string) => new Date(iso);
const NOW = at("2026-11-30T18:00:00Z");
const PHONE = "+12535550111";
const OTHER_PHONE = "+12535550112";
const DISCLOSURE = "CrossFit Graham will text this number about your enquiry.";

function textOnlyContract(open: () => Promise<Dialect>) {
  const owner = newToken();
  const coach = newToken();
  let dialect: Dialect;
  let store: SubmissionStore;
  let sid = 0;
  const receive = async (phone: string, body: string, when: string): Promise<string> => {
    sid += 1;
    const received = await store.receiveText({ phone, body, sid: `SM${String(sid).padStart(32, "0")}` }, site, at(when));
    if (received.duplicate || !received.personId) throw new Error("the text made no person");
    return received.personId;
  };
  const queue = (phone: string, body: string, personId: string | null) =>
    dialect.write((trx) => queueText(trx, dialect.codec, { phone, body, personId, author: { staff: "owner@gym.example" }, at: NOW }));
  const consent = (phone: string, when: string) =>
    dialect.write((trx) =>
      recordConsent(trx, dialect, {
        phone,
        at: at(when),
        disclosure: DISCLOSURE,
        version: "v".repeat(64),
        page: "/contact/",
        form: "contact",
        submission: "C-OLDFORM001",
        connection: "203.0.113.7",
      }),
    );
  const exportOf = (person: string, session = owner) =>
    askStaffRoute("privacy", privacyRoute, { method: "GET", session, query: { export: person } }, NOW);
  const remove = (body: Record<string, unknown>, session = owner, origin = ORIGIN) =>
    askStaffRoute("privacy", privacyRoute, { session, body: { action: "delete", ...body }, origin }, NOW);
  const audited = async () => (await store.auditLog(100)).filter((entry) => entry.action.startsWith("privacy."));

  beforeEach(async () => {
    dialect = await open();
    store = storeOn(dialect);
    const state = processState();
    state.store = Promise.resolve(store);
    state.config = readConfig(TWILIO);
    state.stopping = true;
    await store.addStaff("owner@gym.example", "owner", NOW);
    await store.addStaff("coach@gym.example", "coach", NOW);
    await store.createSession(hashToken(owner), "owner@gym.example", NOW);
    await store.createSession(hashToken(coach), "coach@gym.example", NOW);
  });
  afterEach(async () => {
    Object.assign(processState(), { store: undefined, config: undefined, stopping: undefined });
    await store.close();
  });

  /**
   * The number agreed to texts on a form deleted since (its ledger stays, as retention keeps it), then
   * texted the gym: a person made by the text alone, answered, with one more text waiting. Someone else
   * only texted too, from another number.
   */
  async function seed(): Promise<{ person: string; other: string; waiting: number }> {
    await consent(PHONE, "2026-11-01T17:00:00Z");
    const person = await receive(PHONE, "How much is a month?", "2026-11-30T17:30:00Z");
    const answered = await queue(PHONE, "It is $150 a month.", person);
    await store.settleText(answered, { status: "delivered", sid: `SM${"9".repeat(32)}` }, NOW);
    const waiting = await queue(PHONE, "Come by for a free intro!", person);
    await consent(OTHER_PHONE, "2026-11-01T17:00:00Z");
    const other = await receive(OTHER_PHONE, "Open gym on Sundays?", "2026-11-30T17:40:00Z");
    return { person, other, waiting };
  }

  test("the owner downloads a text-only person's texts and their number's consent history, by reference, audited", async () => {
    const { person } = await seed();
    const answer = await exportOf(person.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.headers["content-disposition"]).toContain(`privacy-export-${person}.json`);
    const report = JSON.parse(String(answer.body)) as TextOnlyAccessReport;
    expect(report.person).toMatchObject({ reference: person, status: "new" });
    expect(report.person.texts).toEqual([
      { at: "2026-11-30T17:30:00.000Z", direction: "in", phone: PHONE, text: "How much is a month?", status: "received" },
      expect.objectContaining({ direction: "out", text: "It is $150 a month.", status: "delivered", by: "owner@gym.example" }),
      expect.objectContaining({ direction: "out", text: "Come by for a free intro!", status: "waiting" }),
    ]);
    // The number's only consent came with someone's form (anyone can type a number into one): that form's
    // consent, with the page and network address it came from, is its sender's, not theirs.
    expect(report.textConsents).toBeUndefined();
    expect(String(answer.body)).not.toMatch(/203\.0\.113\.7|C-OLDFORM001/);
    // Nothing of the other person's.
    expect(String(answer.body)).not.toMatch(/2535550112|Open gym/);
    expect(await audited()).toEqual([expect.objectContaining({ actor: "owner@gym.example", action: "privacy.export", target: person })]);
    // The owner's only.
    expect((await exportOf(person, coach)).status).toBe(403);
  });

  test("the owner sees whom a reference names before acting: their texts' count, days and number; a wrong one is said at once", async () => {
    const { person } = await seed();
    await store.insert(formOf("C-FORMPERSON1", "+12535550113"));
    const withForm = (await store.leadStates(["C-FORMPERSON1"])).get("C-FORMPERSON1")?.person ?? "";
    const summary = (reference: string, session = owner) =>
      askStaffRoute("privacy", privacyRoute, { method: "GET", session, query: { person: reference } }, NOW);
    expect(await summary(` ${person.toLowerCase()} `)).toMatchObject({
      status: 200,
      body: {
        person: { reference: person, texts: 3, firstAt: "2026-11-30T17:30:00.000Z", lastAt: NOW.toISOString(), phoneEndings: ["0111"] },
      },
    });
    expect(await summary("N-0000000000")).toMatchObject({ status: 404, body: { error: "No person has the reference N-0000000000." } });
    expect(await summary(withForm)).toMatchObject({
      status: 409,
      body: { error: `${withForm} has sent a form: download and delete by the address on their forms, which takes their texts too.` },
    });
    expect(await summary("C-FORMPERSON1")).toMatchObject({ status: 400, body: { error: "A person's reference looks like N-7K3M9QX2PA." } });
    expect((await summary(person, coach)).status).toBe(403);
    // Looking is not an export: nothing in the audit log.
    expect(await audited()).toEqual([]);
  });

  test("each refusal is specific and deletes nothing: unknown, has a form, wrong reference typed, not a reference, a coach, another site", async () => {
    const { person } = await seed();
    await store.insert(formOf("C-FORMPERSON1", "+12535550113"));
    const withForm = (await store.leadStates(["C-FORMPERSON1"])).get("C-FORMPERSON1")?.person ?? "";
    expect(withForm).toMatch(/^N-/);
    const refusals: Array<[string, () => ReturnType<typeof remove>, number, string]> = [
      ["unknown", () => remove({ person: "N-0000000000", confirm: "N-0000000000" }), 404, "No person has the reference N-0000000000."],
      [
        "has a form",
        () => remove({ person: withForm, confirm: withForm }),
        409,
        `${withForm} has sent a form: download and delete by the address on their forms, which takes their texts too.`,
      ],
      [
        "wrong reference typed",
        () => remove({ person, confirm: "N-0000000000" }),
        422,
        "The reference typed does not match the person's. Nothing was deleted.",
      ],
      ["nothing typed", () => remove({ person }), 422, "The reference typed does not match the person's. Nothing was deleted."],
      [
        "not a person's reference",
        () => remove({ person: "C-FORMPERSON1", confirm: "C-FORMPERSON1" }),
        400,
        "A person's reference looks like N-7K3M9QX2PA.",
      ],
      ["a coach", () => remove({ person, confirm: person }, coach), 403, "Only the gym's owner can do this."],
    ];
    for (const [why, answer, status, error] of refusals) {
      const { status: got, body } = await answer();
      expect([why, got, (body as { error: string }).error]).toEqual([why, status, error]);
    }
    expect((await remove({ person, confirm: person }, owner, "https://evil.example")).status).toBe(403);
    expect((await exportOf("N-0000000000")).status).toBe(404);
    expect(await exportOf(withForm)).toMatchObject({ status: 409 });
    // The store checks again in its transaction (a merge could give the person a form after the route looked).
    expect(await store.deleteTextOnlyPerson(withForm)).toBe("has-forms");
    expect(await store.deleteTextOnlyPerson("N-0000000000")).toBe("unknown");
    expect(await store.personOf(withForm)).toBeDefined();
    expect(await store.personOf(person)).toBeDefined();
    expect(await store.textsOfNumber(PHONE)).toHaveLength(3);
    expect(await store.consentHistory(PHONE)).toHaveLength(1);
    expect((await audited()).filter((entry) => entry.action === "privacy.delete")).toEqual([]);
  });

  test("an old reference of a person merged away names the person kept, who has forms: refused, nothing of theirs downloaded", async () => {
    await store.insert(formOf("C-MERGEONE001", "+12535550114"));
    await store.insert(formOf("C-MERGETWO001", "+12535550114"));
    const states = await store.leadStates(["C-MERGEONE001", "C-MERGETWO001"]);
    const [kept, gone] = ["C-MERGEONE001", "C-MERGETWO001"].map((id) => states.get(id)?.person ?? "");
    expect(await store.mergePeople(kept!, gone!, "owner@gym.example", NOW)).toEqual({ merged: kept, absorbed: gone });
    const answer = await exportOf(gone!);
    expect(answer).toMatchObject({ status: 409 });
    expect(String(JSON.stringify(answer.body))).not.toMatch(/2535550114|Evenings/);
    expect((await remove({ person: gone, confirm: gone })).status).toBe(409);
    expect(await store.personForms(kept!)).toHaveLength(2);
  });

  test("deleting takes the person, their texts, the number's ledger and their waiting text; a later text makes a new person who cannot be texted", async () => {
    const { person, other, waiting } = await seed();
    const othersBefore = { texts: await store.textsOfNumber(OTHER_PHONE), consent: await store.consentHistory(OTHER_PHONE) };
    const answer = await remove({ person: person.toLowerCase(), confirm: ` ${person.toLowerCase()} ` });
    expect(answer).toMatchObject({
      status: 200,
      body: { deleted: [person], message: `Deleted ${person}: their texts, timeline and their numbers' consent to texts.` },
    });
    expect(await store.personOf(person)).toBeUndefined();
    expect(await store.textsOfNumber(PHONE)).toEqual([]);
    expect(await store.consentHistory(PHONE)).toEqual([]);
    expect((await store.outbox()).filter((m) => m.kind === "text" && m.data?.textId === waiting)).toEqual([]);
    expect(await audited()).toContainEqual(
      expect.objectContaining({ actor: "owner@gym.example", action: "privacy.delete", target: person }),
    );
    // Again: there is no such person now.
    expect((await remove({ person, confirm: person })).status).toBe(404);
    // The other person is untouched.
    expect(await store.personOf(other)).toBeDefined();
    expect({ texts: await store.textsOfNumber(OTHER_PHONE), consent: await store.consentHistory(OTHER_PHONE) }).toEqual(othersBefore);

    // A later text from the number makes a new person, whose number has no consent: a staff text is refused...
    const again = await receive(PHONE, "Hello again", "2026-11-30T18:30:00Z");
    expect(again).not.toBe(person);
    expect(await store.personOf(again)).toMatchObject({ id: again, state: { status: "new" } });
    const refused = await askStaffRoute(
      "lead",
      lead,
      { session: owner, body: { id: again, action: "text", text: "Hi" }, origin: ORIGIN },
      NOW,
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { error: "(253) 555-0111 never agreed to texts from the gym, so nothing can be sent to it: call or e-mail instead." },
    });
    // ...and so is one queued by a page opened before, by the texter as it goes.
    const late = await queue(PHONE, "Still coming?", again);
    const sent: unknown[] = [];
    const sender: TextSender = {
      send(text) {
        sent.push(text);
        return Promise.resolve({ outcome: "accepted", sid: `SM${"8".repeat(32)}`, status: "queued" });
      },
    };
    expect(await textTexter(store, sender, "America/Los_Angeles")(message(late), NOW)).toEqual({
      dropped: "the number never agreed to texts",
    });
    expect(sent).toEqual([]);
  });
}

function formOf(id: string, phone: string): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at("2026-11-30T17:00:00Z"),
    payload: { name: "Ana Ruiz", email: `${id.toLowerCase()}@example.com`, phone, interest: "membership", message: "Evenings?" },
    spam: null,
    notify: false,
  };
}

const message = (textId: number): ClaimedMessage => ({
  id: 1,
  submissionId: null,
  kind: "text",
  status: "pending",
  attempts: 0,
  nextAttemptAt: NOW,
  lastError: null,
  sentAt: null,
  createdAt: NOW,
  data: { textId },
});

describe("SQLite: a person made by a text alone, downloaded and deleted on request (a real database file)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-text-only-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  textOnlyContract(() => {
    n += 1;
    return Promise.resolve(openSqlite(path.join(dir, `s${n}.sqlite`)));
  });
});

describeWithPostgres("PostgreSQL: a person made by a text alone, downloaded and deleted on request (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  textOnlyContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgres(await pg.createDatabase());
  });
});
