import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FormName } from "../../../../src/forms/registry";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { PeopleFilter } from "../../../../src/server/leads/types";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/** The people of the staff's pipeline (leads/people.ts, forms/people.ts, leads/store.ts), on each database. */

const at = (iso: string) => new Date(iso);
const OWNER = "owner@example.com";

function sent(
  id: string,
  createdAt: string,
  extra: { form?: FormName; email?: string; phone?: string; spam?: string } = {},
): NewSubmission {
  const { form = "contact", email = `${id.toLowerCase()}@example.com`, phone, spam = null } = extra;
  return { id, form, createdAt: at(createdAt), payload: { name: id, email, ...(phone && { phone }) }, spam, notify: false };
}

function intro(id: string, createdAt: string, email: string, start: string): NewSubmission {
  const end = new Date(at(start).getTime() + 30 * 60_000);
  return {
    ...sent(id, createdAt, { form: "intro", email }),
    payload: { name: "Ana Ruiz", email, start, end: end.toISOString() },
    booking: { coach: "Dana", start: at(start), end, email },
  };
}

const NOW = at("2026-11-20T12:00:00Z");
const ALL: PeopleFilter = { view: "all", today: "2026-11-20", now: NOW, limit: 50 };
/** Each person by their newest form's reference (each here sent one, unless the test says). */
const list = async (store: SubmissionStore, filter: Partial<PeopleFilter> = {}) =>
  (await store.people({ ...ALL, ...filter })).people.map(({ submissions }) => submissions.at(-1)?.id);

function peopleContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  describe("the lists", () => {
    beforeEach(async () => {
      await store.insert(sent("C-OLD", "2026-11-18T10:00:00Z"));
      await store.insert(sent("S-SIGNUP", "2026-11-19T10:00:00Z", { form: "signup" }));
      await store.insert(sent("X-SPAM", "2026-11-19T11:00:00Z", { spam: "honeypot" }));
      await store.insert(sent("C-DUE", "2026-11-19T12:00:00Z"));
      await store.insert(sent("C-LATER", "2026-11-20T09:00:00Z"));
      await store.insert(sent("C-LOST", "2026-11-20T10:00:00Z"));
      await store.updateLead("C-DUE", { status: "contacted", followUpOn: "2026-11-20" }, OWNER, at("2026-11-19T13:00:00Z"));
      await store.updateLead("C-OLD", { followUpOn: "2026-11-19" }, OWNER, at("2026-11-19T13:00:00Z"));
      await store.updateLead("C-LATER", { status: "contacted", followUpOn: "2026-11-21" }, OWNER, at("2026-11-20T09:30:00Z"));
      await store.updateLead("C-LOST", { status: "lost", followUpOn: "2026-11-19" }, OWNER, at("2026-11-20T10:30:00Z"));
    });

    test("every person of a sales form, newest first: no member's form, no spam", async () => {
      expect(await list(store)).toEqual(["C-LOST", "C-LATER", "C-DUE", "C-OLD"]);
      expect(await list(store, { view: "new" })).toEqual(["C-OLD"]);
      expect(await list(store, { status: "contacted" })).toEqual(["C-LATER", "C-DUE"]);
      expect(await list(store, { form: "intro" })).toEqual([]);
    });

    test("Follow up today: a date on or before today, not for a person Joined or Lost", async () => {
      expect(await list(store, { view: "follow-up" })).toEqual(["C-DUE", "C-OLD"]);
      expect(await list(store, { view: "follow-up", today: "2026-11-21" })).toEqual(["C-LATER", "C-DUE", "C-OLD"]);
    });

    test("Needs action: those waiting for an answer, oldest waiting first, then those due for follow-up", async () => {
      expect(await list(store, { view: "action" })).toEqual(["C-OLD", "C-DUE"]);
      await store.insert(sent("C-NEWER", "2026-11-20T11:00:00Z"));
      expect(await list(store, { view: "action" })).toEqual(["C-OLD", "C-NEWER", "C-DUE"]);
    });

    test("nobody answered for 30 days: out of Needs action, in Stale; marked Lost, out of both, audited on the timeline", async () => {
      const later = { now: at("2026-12-18T11:00:00Z"), today: "2026-12-18" };
      expect(await list(store, { view: "stale", ...later })).toEqual(["C-OLD"]);
      expect(await list(store, { view: "action", ...later })).toEqual(["C-DUE", "C-LATER"]);
      const old = (await store.personOf("C-OLD"))!.id;
      const lost = (await store.personOf("C-LOST"))!.id;
      expect(await store.markLost([old, lost, "N-NOBODY"], OWNER, at("2026-12-18T11:05:00Z"))).toEqual([old]);
      expect(await list(store, { view: "stale", ...later })).toEqual([]);
      expect(await list(store, { view: "action", ...later })).toEqual(["C-DUE", "C-LATER"]);
      expect((await store.personEvents(old)).map((event) => [event.kind, event.status, event.actor])).toEqual([
        ["follow-up", null, OWNER],
        ["status", "lost", OWNER],
      ]);
      // Lost is no answer.
      expect((await store.personOf(old))?.state.firstResponseAt).toBeNull();
    });

    test("marking several Lost at once leaves a Joined member as they are", async () => {
      await store.updateLead("C-LATER", { status: "joined" }, OWNER, at("2026-11-21T09:00:00Z"));
      const joined = (await store.personOf("C-LATER"))!.id;
      const due = (await store.personOf("C-DUE"))!.id;
      expect(await store.markLost([joined, due], OWNER, at("2026-11-21T10:00:00Z"))).toEqual([due]);
      expect((await store.personOf(joined))?.state.status).toBe("joined");
      expect((await store.personEvents(joined)).filter((event) => event.status === "lost")).toEqual([]);
    });
  });

  test("one person per address key: case, +tags and Gmail's dots; the raw addresses stay on each form", async () => {
    await store.insert(sent("C-1", "2026-11-18T10:00:00Z", { email: "ana.ruiz@gmail.com" }));
    await store.insert(sent("C-2", "2026-11-18T11:00:00Z", { email: "anaruiz+gym@googlemail.com" }));
    await store.insert(sent("C-3", "2026-11-18T12:00:00Z", { email: "j.smith@example.com" }));
    await store.insert(sent("C-4", "2026-11-18T13:00:00Z", { email: "jsmith@example.com" }));
    const ana = await store.personOf("C-1");
    expect((await store.personOf("C-2"))?.id).toBe(ana?.id);
    expect((await store.personForms(ana!.id)).map((form) => form.payload.email)).toEqual([
      "ana.ruiz@gmail.com",
      "anaruiz+gym@googlemail.com",
    ]);
    expect((await store.personOf("C-3"))?.id).not.toBe((await store.personOf("C-4"))?.id);
    expect(await store.personOf("N-NOBODY")).toBeUndefined();
  });

  test("the contact-then-intro visitor: one person at Intro booked, waiting until a logged call reaches them; that call is the first response", async () => {
    const email = "ana@example.com";
    await store.insert(sent("C-ANA", "2026-11-20T17:00:00Z", { email }));
    await store.insert(intro("B-ANA", "2026-11-20T17:05:00Z", email, "2026-11-24T17:00:00.000Z"));
    const person = (await store.personOf("C-ANA"))!;
    expect((await store.personOf("B-ANA"))?.id).toBe(person.id);
    expect(person.state).toMatchObject({ status: "intro-booked", waitingSince: at("2026-11-20T17:00:00Z"), firstResponseAt: null });
    const action = { view: "action" as const, now: at("2026-11-20T18:00:00Z") };
    expect((await store.people({ ...ALL, ...action })).people.map((p) => p.person.id)).toEqual([person.id]);
    // No answer is no answer; a note is none either.
    expect(await store.logContact(person.id, { channel: "call", outcome: "no-answer" }, OWNER, at("2026-11-20T17:30:00Z"))).toBe(true);
    expect(await store.addNote("B-ANA", OWNER, "Rang, no answer", at("2026-11-20T17:31:00Z"))).toBe(true);
    expect((await store.personOf(person.id))?.state.waitingSince).toEqual(at("2026-11-20T17:00:00Z"));
    expect(await store.logContact("C-ANA", { channel: "call", outcome: "reached" }, "coach@example.com", at("2026-11-20T17:40:00Z"))).toBe(
      true,
    );
    const after = (await store.personOf(person.id))!;
    // A call changes nothing else: still Intro booked.
    expect(after.state).toMatchObject({
      status: "intro-booked",
      waitingSince: null,
      firstResponseAt: at("2026-11-20T17:40:00Z"),
      firstResponseBy: "coach@example.com",
    });
    expect((await store.people({ ...ALL, ...action })).people).toEqual([]);
    expect(
      (await store.personEvents(person.id)).map((event) => [event.kind, event.outcome ?? event.status ?? event.body, event.actor]),
    ).toEqual([
      ["status", "intro-booked", "visitor"],
      ["call", "no-answer", OWNER],
      ["note", "Rang, no answer", OWNER],
      ["call", "reached", "coach@example.com"],
    ]);
    // A later answer is not the first.
    await store.logContact(person.id, { channel: "text" }, OWNER, at("2026-11-20T18:00:00Z"));
    expect((await store.personOf(person.id))?.state.firstResponseBy).toBe("coach@example.com");
    // A message left counts as speaking to them; a new form waits again.
    await store.insert(sent("C-AGAIN", "2026-11-21T09:00:00Z", { email: "Ana+again@Example.com" }));
    expect((await store.personOf(person.id))?.state.waitingSince).toEqual(at("2026-11-21T09:00:00Z"));
    await store.logContact(person.id, { channel: "call", outcome: "message" }, OWNER, at("2026-11-21T09:10:00Z"));
    expect((await store.personOf(person.id))?.state.waitingSince).toBeNull();
  });

  test("a reply answers the person: New becomes Contacted, the reply is on the timeline; the status is the person's", async () => {
    await store.insert(sent("C-BEN", "2026-11-20T17:00:00Z"));
    const person = (await store.personOf("C-BEN"))!.id;
    expect(await store.queueReply(person, { subject: "Hi", text: "Come by" }, OWNER, at("2026-11-20T17:03:00Z"))).toBe(true);
    expect((await store.personOf(person))?.state).toMatchObject({
      status: "contacted",
      firstResponseAt: at("2026-11-20T17:03:00Z"),
      waitingSince: null,
    });
    expect((await store.outbox()).filter((m) => m.kind === "reply").map((m) => m.submissionId)).toEqual(["C-BEN"]);
    expect((await store.personEvents(person)).map((event) => event.kind)).toEqual(["reply", "status"]);
    expect((await store.leadStates(["C-BEN"])).get("C-BEN")).toMatchObject({ status: "contacted", person });
    // Opened by an older form's reference (the alert's link), the reply still goes where the page says:
    // the person's newest form's address.
    await store.insert(sent("C-BEN2", "2026-11-20T18:00:00Z", { email: "C-Ben+new@Example.com" }));
    expect(await store.queueReply("C-BEN", { subject: "Again", text: "Hi" }, OWNER, at("2026-11-20T18:05:00Z"))).toBe(true);
    expect((await store.outbox()).filter((m) => m.kind === "reply").map((m) => m.submissionId)).toEqual(["C-BEN", "C-BEN2"]);
  });

  test("two people who share a phone number are offered to merge, never merged", async () => {
    await store.insert(sent("C-A", "2026-11-20T17:00:00Z", { email: "a@example.com", phone: "+12535550177" }));
    await store.insert(sent("C-B", "2026-11-20T17:10:00Z", { email: "b@example.com", phone: "+12535550177" }));
    await store.insert(sent("C-C", "2026-11-20T17:20:00Z", { email: "c@example.com", phone: "+12535550100" }));
    const [a, b] = [(await store.personOf("C-A"))!.id, (await store.personOf("C-B"))!.id];
    expect(a).not.toBe(b);
    expect(await store.samePhone(a, ["+12535550177"])).toEqual([b]);
    expect(await store.samePhone(a, [])).toEqual([]);
  });
}

describe("SQLite store: people (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  peopleContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-people-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
});

describeWithPostgres("PostgreSQL store: people (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  peopleContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
});
