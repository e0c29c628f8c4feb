import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "../../../../src/server/config";
import { site } from "../../../../src/server/content";
import { processState } from "../../../../src/server/process/state";
import { hashToken, newToken } from "../../../../src/server/staff/auth";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { lead } from "../../../../src/server/leads/leadRoute";
import type { LeadDetail } from "../../../../src/desk/leads";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";
import { askStaffRoute } from "../../support/staffRequest";
import { REPLIES_PER_HOUR } from "../../../../src/desk/limits";

/**
 * A staff member's text from a person's page, through the staff door as the server runs it, on a real
 * SQLite file and a real PostgreSQL server: each refusal a clear 4xx that sends and stores nothing; a
 * text sent is queued through the outbox with its row, audited, on the timeline, and answers the person
 * (out of Needs action, their first response, in the reports).
 */

const TWILIO = {
  SITE_URL: "https://gym.example",
  TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "test-token",
  TWILIO_FROM: "+12535550100",
};
const CONSENT = {
  disclosure: "CrossFit Graham will text this number about your enquiry.",
  version: "b".repeat(64),
  page: "/contact/",
  connection: "203.0.113.7",
};

function staffTextContract(open: () => Promise<SubmissionStore>) {
  const NOW = new Date("2026-11-30T18:00:00Z");
  const session = newToken();
  let store: SubmissionStore;
  const contact = (id: string, createdAt: string, phone: string, consent: boolean): NewSubmission => ({
    id,
    form: "contact",
    createdAt: new Date(createdAt),
    payload: { name: "Ana Ruiz", email: `${id.toLowerCase()}@example.com`, phone, interest: "membership", message: "Evenings?" },
    spam: null,
    notify: false,
    ...(consent && { textConsent: { phone, ...CONSENT }, texts: false }),
  });
  beforeAll(async () => {
    store = await open();
    const state = processState();
    state.store = Promise.resolve(store);
    state.config = readConfig(TWILIO);
    state.stopping = true;
    await store.addStaff("coach@gym.example", "coach", NOW);
    await store.createSession(hashToken(session), "coach@gym.example", NOW);
    await store.insert(contact("C-AGREED0001", "2026-11-30T17:00:00Z", "+12535550142", true));
    await store.insert(contact("C-NEVER00001", "2026-11-30T17:00:00Z", "+12535550143", false));
    await store.insert(contact("C-STOPPED001", "2026-11-30T10:00:00Z", "+12535550144", true));
    await store.insert(contact("C-NOPHONE001", "2026-11-30T17:00:00Z", "", false));
    await store.insert({ ...contact("H-HOLD000001", "2026-11-30T12:00:00Z", "+12535550145", false), form: "membership-hold" });
    await store.receiveText({ phone: "+12535550144", body: "STOP", sid: `SM${"1".repeat(32)}` }, site, new Date("2026-11-30T11:00:00Z"));
  });
  afterAll(async () => {
    const state = processState();
    Object.assign(state, { store: undefined, config: undefined, stopping: undefined });
    await store.close();
  });

  const ask = (body: Record<string, unknown>, origin = "https://gym.example") =>
    askStaffRoute("lead", lead, { session, body: { id: "C-AGREED0001", action: "text", ...body }, origin }, NOW);
  const read = async (id: string) => (await askStaffRoute("lead", lead, { method: "GET", session, query: { id } }, NOW)).body as LeadDetail;
  // The STOP confirmation of C-STOPPED001 is queued before these.
  const texts = async () => (await store.outbox()).filter((message) => message.kind === "text" && message.createdAt >= NOW);

  test("each refusal says why, specifically, and sends, stores and audits nothing", async () => {
    const refusals: Array<[string, () => Promise<{ status: number; body: unknown }>, number, string | RegExp]> = [
      ["another site's page", () => ask({ text: "Hi" }, "https://evil.example"), 403, /./],
      ["empty", () => ask({ text: "   " }), 400, "Write the text."],
      ["no text", () => ask({ text: undefined }), 400, "Write the text."],
      ["over Twilio's 1,600", () => ask({ text: "a".repeat(1601) }), 400, "Keep a text under 1,600 characters: this one has 1,601."],
      ["over 10 segments", () => ask({ text: "a".repeat(1531) }), 400, "Keep a text to 10 segments (1,530 characters): this one takes 11."],
      [
        "over 10 segments of UCS-2",
        () => ask({ text: `${"a".repeat(670)}🙂` }),
        400,
        "Keep a text to 10 segments (670 characters with an emoji or a character outside plain text): this one takes 11.",
      ],
      ["more than asked", () => ask({ text: "Hi", subject: "x" }), 400, "Send only id, action, text and phone."],
      ["a number that is no number", () => ask({ text: "Hi", phone: 2535550142 }), 400, "Give the number as the page showed it."],
      [
        // A form filed under the person since the page was opened gave another number: not texted unseen.
        "a number the page no longer shows",
        () => ask({ text: "Hi", phone: "+12535550199" }),
        409,
        "The number to text is now (253) 555-0142: a form or a text since this page was opened changed it. Open the page again, check the number, then send.",
      ],
      [
        "no phone",
        () => ask({ id: "C-NOPHONE001", text: "Hi" }),
        409,
        "This person gave no phone number, so they cannot be texted: e-mail them instead.",
      ],
      [
        "never agreed",
        () => ask({ id: "C-NEVER00001", text: "Hi" }),
        409,
        "(253) 555-0143 never agreed to texts from the gym, so nothing can be sent to it: call or e-mail instead.",
      ],
      [
        "ended by STOP",
        () => ask({ id: "C-STOPPED001", text: "Hi" }),
        409,
        "(253) 555-0144 ended its consent to texts (it replied STOP) on Monday, November 30, 2026 at 3:00 AM Pacific Standard Time, so nothing can be sent to it until it texts START: call or e-mail instead.",
      ],
      [
        "a member's form",
        () => ask({ id: "H-HOLD000001", text: "Hi" }),
        409,
        "Texts go to a person: this form is a member's or a privacy request.",
      ],
      ["nobody", () => ask({ id: "N-NOBODY0000", text: "Hi" }), 404, "No lead has the reference N-NOBODY0000. It may have been deleted."],
    ];
    for (const [why, answer, status, error] of refusals) {
      const { status: got, body } = await answer();
      expect([why, got]).toEqual([why, status]);
      const message = (body as { error: string }).error;
      if (typeof error === "string") expect([why, message]).toEqual([why, error]);
      else expect(message).toMatch(error);
    }
    // Not set up: said so, before anything else about the person.
    processState().config = readConfig({ SITE_URL: "https://gym.example" });
    try {
      const off = (await ask({ text: "Hi" })) as { status: number; body: { error: string } };
      expect([off.status, off.body.error]).toEqual([
        409,
        "Texting is not set up on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM), so nothing can be sent from here: text from your own phone, or call.",
      ]);
      expect((await read("C-AGREED0001")).texting).toMatchObject({ ready: false, phone: "+12535550142", refusal: off.body.error });
    } finally {
      processState().config = readConfig(TWILIO);
    }
    expect(await texts()).toEqual([]);
    expect((await store.auditLog(100)).filter((entry) => entry.action === "lead.sms")).toEqual([]);
    // The page says the same before anyone types.
    expect((await read("C-NEVER00001")).texting?.refusal).toMatch(/^\(253\) 555-0143 never agreed/);
    expect((await read("C-STOPPED001")).texting?.refusal).toMatch(/^\(253\) 555-0144 ended its consent/);
    expect((await read("C-NOPHONE001")).texting).toMatchObject({ ready: true, phone: null });
    expect((await read("C-AGREED0001")).texting).toEqual({
      ready: true,
      phone: "+12535550142",
      refusal: null,
      templates: [
        {
          id: expect.any(Number) as unknown as number,
          name: "Text: book a free intro",
          body: "Hi Ana, thanks for getting in touch! The best way to start is a free intro with a coach. Pick a time here: https://gym.example/intro/",
        },
      ],
    });
  });

  test("an inbound text puts the person in Needs action; a staff text answers them: out of it, Contacted, first response, on the timeline, audited", async () => {
    const person = (await store.personOf("C-AGREED0001"))!.id;
    const received = await store.receiveText(
      { phone: "+12535550142", body: "Is 6 am open?", sid: `SM${"2".repeat(32)}` },
      site,
      new Date("2026-11-30T17:30:00Z"),
    );
    expect(received).toMatchObject({ duplicate: false, personId: person, keyword: null });
    const before = await read("C-AGREED0001");
    expect(before.lead.waitingSince).toBe("2026-11-30T17:00:00.000Z");
    expect(before.lead.response).toBeNull();
    expect(before.timeline.filter((entry) => entry.kind === "sms")).toEqual([
      { at: "2026-11-30T17:30:00.000Z", kind: "sms", actor: null, body: "Is 6 am open?", sms: { direction: "in", status: "received" } },
    ]);

    // With the number the page showed, as the console sends it.
    const sent = await ask({ id: person, text: "  Hi Ana, 6 am works. See you then!  ", phone: "+12535550142" });
    expect(sent.status).toBe(200);
    const after = sent.body as LeadDetail;
    expect(after.lead.waitingSince).toBeNull();
    expect(after.lead.status).toBe("contacted");
    expect(after.lead.response).toEqual({ clockMs: 60 * 60_000, openMs: 60 * 60_000 });
    expect(after.person?.firstResponseBy).toBe("coach@gym.example");
    expect(after.timeline.filter((entry) => entry.kind === "sms")).toEqual([
      expect.objectContaining({ kind: "sms", actor: null, sms: { direction: "in", status: "received" } }),
      {
        at: NOW.toISOString(),
        kind: "sms",
        actor: "coach@gym.example",
        body: "Hi Ana, 6 am works. See you then!",
        sms: { direction: "out", status: "waiting to go" },
      },
    ]);
    // Through the outbox, naming the text alone; the row keeps who and what.
    const queued = await texts();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.data).toEqual({ textId: expect.any(Number) as unknown as number });
    expect(await store.text(queued[0]!.data!.textId!)).toMatchObject({
      personId: person,
      phone: "+12535550142",
      direction: "out",
      sentBy: "coach@gym.example",
      automation: null,
      status: "waiting",
    });
    const audited = (await store.auditLog(100)).filter((entry) => entry.action === "lead.sms");
    expect(audited).toEqual([{ at: NOW, actor: "coach@gym.example", action: "lead.sms", target: person }]);
    expect(JSON.stringify(audited)).not.toMatch(/6 am|555/);

    // The reports count it as the answer, by whom and when.
    const window = { from: new Date("2026-11-30T08:00:00Z"), to: new Date("2026-12-01T08:00:00Z") };
    const rows = await store.reportRows(window, window);
    // Its own line, besides the Contacted it made: a text to someone already Contacted answers them too.
    expect(rows.events.filter((event) => event.person === person && event.status === null)).toEqual([
      { person, at: NOW, actor: "coach@gym.example", answers: true, status: null },
    ]);
  });

  test("on the person's word, a coach ends the texts: the ledger and the audit say so, texts are refused, a form's box does not undo it", async () => {
    const PHONE = "+12535550146";
    await store.insert(contact("C-ASKED00001", "2026-11-30T17:00:00Z", PHONE, true));
    const stop = (body: Record<string, unknown> = {}, origin = "https://gym.example") =>
      askStaffRoute("lead", lead, { session, body: { id: "C-ASKED00001", action: "stop-texts", ...body }, origin }, NOW);
    expect(await stop({ text: "x" })).toMatchObject({ status: 400, body: { error: "Send only id, action and phone." } });
    // Not the number the question named (a form filed under the person since): nothing stopped.
    expect(await stop({ phone: "+12535550199" })).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^The number to text is now \(253\) 555-0146: /) as unknown },
    });
    expect((await stop({}, "https://evil.example")).status).toBe(403);
    expect(await store.textConsent(PHONE)).toEqual({ phone: PHONE, event: "given", at: expect.any(Date) as Date });

    const stopped = await stop({ phone: PHONE });
    expect(stopped.status).toBe(200);
    const refusal =
      "(253) 555-0146 ended its consent to texts (they asked the gym to stop) on Monday, November 30, 2026 at 10:00 AM Pacific Standard Time, so nothing can be sent to it until it texts START: call or e-mail instead.";
    expect((stopped.body as LeadDetail).texting?.refusal).toBe(refusal);
    expect(await store.textConsent(PHONE)).toEqual({ phone: PHONE, event: "ended", at: NOW, byStaff: true });
    expect((await store.consentHistory(PHONE)).map((event) => [event.event, event.keyword])).toEqual([
      ["given", null],
      ["ended", "asked staff"],
    ]);
    // Who did it, by the person's reference: never the number.
    const audited = (await store.auditLog(100)).filter((entry) => entry.action === "lead.sms-stop");
    expect(audited).toEqual([{ at: NOW, actor: "coach@gym.example", action: "lead.sms-stop", target: "C-ASKED00001" }]);
    // Asked again: nothing more written.
    expect((await stop()).status).toBe(200);
    expect(await store.auditLog(100).then((log) => log.filter((entry) => entry.action === "lead.sms-stop"))).toHaveLength(1);
    expect(await store.consentHistory(PHONE)).toHaveLength(2);
    // A text is refused with the same reason; a new form with the box ticked records nothing.
    const refused = await ask({ id: "C-ASKED00001", text: "Hi" });
    expect([refused.status, (refused.body as { error: string }).error]).toEqual([409, refusal]);
    await store.insert(contact("C-ASKED00002", "2026-11-30T18:30:00Z", PHONE, true));
    expect((await store.textConsent(PHONE)).event).toBe("ended");
    // A person with no number: nothing to stop, said so.
    expect(await stop({ id: "C-NOPHONE001" })).toMatchObject({
      status: 409,
      body: { error: "This person gave no phone number: there are no texts to stop." },
    });
  });

  test("texts count with the replies against the account's hourly limit; a refused text takes nothing from it", async () => {
    // One text went in the test above. Refusals (no consent) do not count.
    for (let index = 0; index < 3; index++) expect((await ask({ id: "C-NEVER00001", text: "Hi" })).status).toBe(409);
    for (let index = 1; index < REPLIES_PER_HOUR; index++) expect((await ask({ text: `Text ${index}` })).status).toBe(200);
    const over = await ask({ text: "One more" });
    expect(over.status).toBe(429);
    expect((over.body as { error: string }).error).toMatch(
      new RegExp(`^You have sent ${REPLIES_PER_HOUR} replies and texts in the last hour, the most one account may send\\. `),
    );
    expect(await texts()).toHaveLength(REPLIES_PER_HOUR);
  });
}

describe("SQLite: a staff text from a person's page (a real database file)", () => {
  let dir: string;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  staffTextContract(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-staff-text-"));
    return Promise.resolve(openSqliteStore(path.join(dir, "s.sqlite")));
  });
});

describeWithPostgres("PostgreSQL: a staff text from a person's page (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  staffTextContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
