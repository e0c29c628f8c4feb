import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FormName } from "../../../../src/forms/registry";
import type { NewSubmission } from "../../../../src/server/forms/types";
import { mergedState } from "../../../../src/server/leads/merge";
import type { PeopleTable } from "../../../../src/server/store/schema";
import { accessReport } from "../../../../src/server/privacy/access";
import { deleteAll, deletionTargets } from "../../../../src/server/privacy/deletion";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { describeWithPostgres } from "../../support/postgres";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/** The owner's merge of two people who share a phone number (leads/merge.ts), on each database. */

const at = (iso: string) => new Date(iso);
const OWNER = "owner@gym.example";
const COACH = "coach@gym.example";
const PHONE = "+12535550177";
const ANA_WORK = "ana.ruiz@work.example";
/** As a form stores it (lower case); its key is anaruiz@gmail.com. */
const ANA_HOME = "anaruiz+gym@gmail.com";

function sent(id: string, createdAt: string, email: string, extra: { form?: FormName; phone?: string | null } = {}): NewSubmission {
  const { form = "contact", phone = PHONE } = extra;
  return {
    id,
    form,
    createdAt: at(createdAt),
    payload: { name: "Ana Ruiz", email, ...(phone && { phone }), message: "Evening classes?" },
    spam: null,
    notify: false,
  };
}

function intro(id: string, createdAt: string, email: string, start: string): NewSubmission {
  const end = new Date(at(start).getTime() + 30 * 60_000);
  return {
    ...sent(id, createdAt, email, { form: "intro" }),
    payload: { name: "Ana Ruiz", email, phone: PHONE, start, end: end.toISOString() },
    booking: { coach: "Dana", start: at(start), end, email },
  };
}

const personOf = async (store: SubmissionStore, reference: string) => (await store.personOf(reference))?.id;

/**
 * Ana wrote from work and a coach answered her; a day earlier she had booked her own intro from her
 * Gmail address, and nobody has spoken to her about it: two people, one phone number.
 */
async function twoAnas(store: SubmissionStore) {
  await store.insert(intro("B-HOME", "2026-11-18T09:00:00Z", ANA_HOME, "2026-11-27T17:00:00.000Z"));
  await store.updateLead("B-HOME", { followUpOn: "2026-11-22" }, OWNER, at("2026-11-18T09:30:00Z"));
  await store.addNote("B-HOME", OWNER, "Booked for Friday", at("2026-11-18T09:31:00Z"));
  await store.insert(sent("C-WORK", "2026-11-19T09:00:00Z", ANA_WORK));
  await store.logContact("C-WORK", { channel: "call", outcome: "reached" }, COACH, at("2026-11-19T09:10:00Z"));
  await store.updateLead("C-WORK", { status: "contacted", followUpOn: "2026-11-25" }, COACH, at("2026-11-19T09:11:00Z"));
  const work = (await personOf(store, "C-WORK"))!;
  const home = (await personOf(store, "B-HOME"))!;
  expect(work).not.toBe(home);
  return { work, home };
}

function mergeContract(open: () => Promise<SubmissionStore>) {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(() => store.close());

  test("the survivor keeps the furthest status, the earliest follow-up, waiting-since and first response (and who), and every form and line", async () => {
    const { work, home } = await twoAnas(store);
    const before = (await store.personEvents(home)).length + (await store.personEvents(work)).length;
    const mergedAt = at("2026-11-20T12:00:00Z");
    expect(await store.mergePeople("C-WORK", home, OWNER, mergedAt)).toEqual({ merged: work, absorbed: home });

    expect((await store.personOf(work))?.state).toMatchObject({
      // Intro booked is further than Contacted.
      status: "intro-booked",
      // Hers was open on both; the earlier date wins.
      followUpOn: "2026-11-22",
      // Her self-booked intro still waits for someone to speak to her about it: since that form.
      waitingSince: at("2026-11-18T09:00:00Z"),
      firstResponseAt: at("2026-11-19T09:10:00Z"),
      firstResponseBy: COACH,
      updatedBy: OWNER,
    });
    expect((await store.personForms(work)).map((form) => form.id)).toEqual(["B-HOME", "C-WORK"]);
    const events = await store.personEvents(work);
    expect(events).toHaveLength(before + 1);
    expect(events.map((event) => [event.kind, event.status ?? event.outcome ?? event.body, event.actor])).toEqual([
      ["status", "intro-booked", "visitor"],
      ["follow-up", "2026-11-22", OWNER],
      ["note", "Booked for Friday", OWNER],
      ["call", "reached", COACH],
      ["status", "contacted", COACH],
      ["follow-up", "2026-11-25", COACH],
      ["merge", home, OWNER],
    ]);
    // The other person is gone; every old reference of theirs opens the survivor.
    expect(await personOf(store, home)).toBe(work);
    expect(await personOf(store, "B-HOME")).toBe(work);
    expect((await store.people({ view: "all", today: "2026-11-20", now: mergedAt, limit: 10 })).people.map((p) => p.person.id)).toEqual([
      work,
    ]);
    // The intro went with its form.
    expect((await store.introOf("B-HOME"))?.submission.id).toBe("B-HOME");
  });

  test("the first response of whichever was answered first, with who; the earliest waiting; a change written through an old reference reaches the survivor", async () => {
    await store.insert(sent("C-1", "2026-11-18T09:00:00Z", "one@example.com"));
    await store.updateLead("C-1", { status: "contacted" }, OWNER, at("2026-11-18T10:00:00Z"));
    await store.insert(sent("C-2", "2026-11-19T09:00:00Z", "two@example.com"));
    await store.logContact("C-2", { channel: "text" }, COACH, at("2026-11-19T09:30:00Z"));
    await store.insert(sent("C-2B", "2026-11-20T08:00:00Z", "two@example.com"));
    const [one, two] = [(await personOf(store, "C-1"))!, (await personOf(store, "C-2"))!];
    expect(await store.mergePeople(two, "C-1", OWNER, at("2026-11-20T12:00:00Z"))).toEqual({ merged: two, absorbed: one });
    expect((await store.personOf(two))?.state).toMatchObject({
      status: "contacted",
      firstResponseAt: at("2026-11-18T10:00:00Z"),
      firstResponseBy: OWNER,
      waitingSince: at("2026-11-20T08:00:00Z"),
    });
    expect(await store.addNote(one, COACH, "Left a voicemail", at("2026-11-20T12:05:00Z"))).toBe(true);
    expect(await store.updateLead("C-1", { status: "joined" }, COACH, at("2026-11-20T12:06:00Z"))).toBe(true);
    expect((await store.personOf(two))?.state.status).toBe("joined");
    expect((await store.personEvents(two)).slice(-2).map((event) => event.body ?? event.status)).toEqual(["Left a voicemail", "joined"]);
  });

  test("a later form from the merged address lands on the survivor; so does one from the survivor's own address", async () => {
    const { work, home } = await twoAnas(store);
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    // Written another way (Gmail's dots, another +tag): the same key.
    await store.insert(sent("C-LATER", "2026-11-21T09:00:00Z", "ana.ruiz+again@googlemail.com", { phone: null }));
    await store.insert(sent("C-WORK2", "2026-11-21T10:00:00Z", "ana.ruiz+x@work.example", { phone: null }));
    expect(await personOf(store, "C-LATER")).toBe(work);
    expect(await personOf(store, "C-WORK2")).toBe(work);
    expect((await store.personForms(work)).map((form) => form.id)).toEqual(["B-HOME", "C-WORK", "C-LATER", "C-WORK2"]);
  });

  test("merged again: every old reference follows to the last survivor", async () => {
    const { work, home } = await twoAnas(store);
    await store.insert(sent("V-THIRD", "2026-11-19T12:00:00Z", "third@example.com", { form: "drop-in" }));
    const third = (await personOf(store, "V-THIRD"))!;
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    expect(await store.mergePeople(third, work, OWNER, at("2026-11-20T12:10:00Z"))).toEqual({ merged: third, absorbed: work });
    for (const reference of [home, work, "B-HOME", "C-WORK", third])
      expect([reference, await personOf(store, reference)]).toEqual([reference, third]);
    // A form of either earlier address files under the last survivor.
    await store.insert(sent("C-HOME2", "2026-11-21T09:00:00Z", ANA_HOME));
    expect(await personOf(store, "C-HOME2")).toBe(third);
  });

  test("refused, nothing written: into itself, an unknown or deleted person, a member's form, one already merged, no shared phone number", async () => {
    const { work, home } = await twoAnas(store);
    await store.insert(sent("C-OTHER", "2026-11-19T12:00:00Z", "other@example.com", { phone: "+12535550100" }));
    await store.insert(sent("H-HOLD", "2026-11-19T12:00:00Z", ANA_WORK, { form: "membership-hold" }));
    const when = at("2026-11-20T12:00:00Z");
    const [state, events] = [(await store.personOf(work))?.state, await store.personEvents(work)];
    expect(await store.mergePeople(work, "C-WORK", OWNER, when)).toEqual({ refused: "same" });
    expect(await store.mergePeople(work, work, OWNER, when)).toEqual({ refused: "same" });
    expect(await store.mergePeople(work, "N-NOBODY0000", OWNER, when)).toEqual({ refused: "no-other" });
    expect(await store.mergePeople("N-NOBODY0000", home, OWNER, when)).toEqual({ refused: "no-person" });
    expect(await store.mergePeople(work, "H-HOLD", OWNER, when)).toEqual({ refused: "no-other" });
    expect(await store.mergePeople(work, "C-OTHER", OWNER, when)).toEqual({ refused: "no-shared-phone" });
    expect((await store.personOf(work))?.state).toEqual(state);
    expect(await store.personEvents(work)).toEqual(events);
    expect(await personOf(store, home)).toBe(home);
    expect(await store.mergePeople(work, home, OWNER, when)).toEqual({ merged: work, absorbed: home });
    // A second press, or the other's own page asking: the same person now.
    expect(await store.mergePeople(work, home, OWNER, when)).toEqual({ refused: "same" });
    expect(await store.mergePeople(home, work, OWNER, when)).toEqual({ refused: "same" });
    expect((await store.personEvents(work)).filter((event) => event.kind === "merge")).toHaveLength(1);
  });

  test("a merge that moves the status on queues the webhook's lead.status; one that does not, nothing", async () => {
    const { work, home } = await twoAnas(store);
    const webhooks = async () => (await store.outbox()).filter((message) => message.kind === "webhook").length;
    const before = await webhooks();
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"), { webhook: true });
    expect(await webhooks()).toBe(before + 1);
    await store.insert(sent("C-SAME", "2026-11-20T13:00:00Z", "same@example.com"));
    await store.mergePeople(work, "C-SAME", OWNER, at("2026-11-20T14:00:00Z"), { webhook: true });
    expect(await webhooks()).toBe(before + 1);
  });

  test("privacy after a merge: each address's access download holds its own forms and lines, those since the merge, and says it was merged", async () => {
    const { work, home } = await twoAnas(store);
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    await store.addNote("C-WORK", COACH, "Both addresses are hers", at("2026-11-20T12:30:00Z"));
    const timeline = async (address: string) => {
      const report = await accessReport(store, address);
      expect(report.people?.map((person) => person.reference)).toEqual([work]);
      expect(report.people?.[0]?.merged).toMatch(/merged this record with another e-mail address's/);
      return report.people?.[0]?.timeline.map((line) => [line.kind, line.status ?? line.outcome ?? line.text]);
    };
    expect((await accessReport(store, ANA_HOME)).submissions.map((form) => form.reference)).toEqual(["B-HOME"]);
    expect(await timeline(ANA_HOME)).toEqual([
      ["status", "intro-booked"],
      ["follow-up", "2026-11-22"],
      ["note", "Booked for Friday"],
      ["merge", home],
      ["note", "Both addresses are hers"],
    ]);
    expect(await timeline(ANA_WORK)).toEqual([
      ["call", "reached"],
      ["status", "contacted"],
      ["follow-up", "2026-11-25"],
      ["merge", home],
      ["note", "Both addresses are hers"],
    ]);
    // Never merged: nothing to say.
    await store.insert(sent("C-SOLO", "2026-11-20T09:00:00Z", "solo@example.com", { phone: null }));
    expect((await accessReport(store, "solo@example.com")).people?.[0]?.merged).toBeUndefined();
  });

  test("privacy after a merge: deleting the merged address takes its forms, key, lines and old reference; the other's stay", async () => {
    const { work, home } = await twoAnas(store);
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    await store.addNote("C-WORK", COACH, "Both addresses are hers", at("2026-11-20T12:30:00Z"));

    const targets = await deletionTargets(store, { email: ANA_HOME });
    expect(targets.map((form) => form.id)).toEqual(["B-HOME"]);
    await deleteAll(store, targets, undefined, at("2026-11-21T09:00:00Z"));
    expect(await store.get("B-HOME")).toBeUndefined();
    expect((await store.personForms(work)).map((form) => form.id)).toEqual(["C-WORK"]);
    expect(await personOf(store, "C-WORK")).toBe(work);
    // Nothing written about her Gmail address alone stays; the work address's lines and those since the merge do.
    expect((await store.personEvents(work)).map((line) => [line.kind, line.status ?? line.outcome ?? line.body])).toEqual([
      ["call", "reached"],
      ["status", "contacted"],
      ["follow-up", "2026-11-25"],
      ["merge", home],
      ["note", "Both addresses are hers"],
    ]);
    expect(await store.personOf(home)).toBeUndefined();
    // Her Gmail address no longer files under the person: a new form from it is someone new.
    await store.insert(sent("C-HOME2", "2026-11-22T09:00:00Z", ANA_HOME));
    const fresh = await personOf(store, "C-HOME2");
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(work);
    expect((await accessReport(store, ANA_WORK)).people?.map((person) => person.reference)).toEqual([work]);

    // The last form goes: the person goes, and their old references open nothing.
    await deleteAll(store, await deletionTargets(store, { email: ANA_WORK }), undefined, at("2026-11-23T09:00:00Z"));
    expect(await store.personOf(work)).toBeUndefined();
    await store.insert(sent("C-WORK3", "2026-11-24T09:00:00Z", ANA_WORK));
    expect(await personOf(store, "C-WORK3")).not.toBe(work);
  });

  test("privacy after a merge: deleting the kept address takes its forms and its lines from before the merge; the merged address's stay", async () => {
    const { work, home } = await twoAnas(store);
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    await store.addNote(home, COACH, "Both addresses are hers", at("2026-11-20T12:30:00Z"));
    await deleteAll(store, await deletionTargets(store, { email: ANA_WORK }), undefined, at("2026-11-21T09:00:00Z"));
    expect((await store.personForms(work)).map((form) => form.id)).toEqual(["B-HOME"]);
    expect((await store.personEvents(work)).map((line) => [line.kind, line.status ?? line.outcome ?? line.body])).toEqual([
      ["status", "intro-booked"],
      ["follow-up", "2026-11-22"],
      ["note", "Booked for Friday"],
      ["merge", home],
      ["note", "Both addresses are hers"],
    ]);
    expect(await personOf(store, home)).toBe(work);
    expect((await accessReport(store, ANA_HOME)).people?.[0]?.timeline).toHaveLength(5);
  });

  test("merged twice: an address's lines follow it up each merge, and leave out each other person's", async () => {
    const { work, home } = await twoAnas(store);
    await store.insert(sent("V-THIRD", "2026-11-19T12:00:00Z", "third@example.com", { form: "drop-in" }));
    const third = (await personOf(store, "V-THIRD"))!;
    await store.addNote(third, OWNER, "Drop-in from Tacoma", at("2026-11-19T12:30:00Z"));
    await store.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z"));
    await store.addNote(work, OWNER, "Work and home are one", at("2026-11-20T12:30:00Z"));
    await store.mergePeople(third, work, OWNER, at("2026-11-20T13:00:00Z"));
    await store.addNote(third, OWNER, "All three", at("2026-11-20T13:30:00Z"));
    const notes = async (address: string) =>
      (await accessReport(store, address)).people?.[0]?.timeline
        .filter((line) => line.kind !== "status" && line.kind !== "call")
        .map((line) => line.text);
    expect(await notes(ANA_HOME)).toEqual(["2026-11-22", "Booked for Friday", home, "Work and home are one", work, "All three"]);
    expect(await notes(ANA_WORK)).toEqual(["2026-11-25", home, "Work and home are one", work, "All three"]);
    expect(await notes("third@example.com")).toEqual(["Drop-in from Tacoma", work, "All three"]);
  });
}

/** Two people who share a phone number, made anew for each round of a race. */
async function pairOf(store: SubmissionStore, round: string) {
  await store.insert(sent(`C-KEEP${round}`, "2026-11-19T09:00:00Z", `keep${round}@example.com`));
  await store.insert(sent(`C-GONE${round}`, "2026-11-19T10:00:00Z", `gone${round}@example.com`));
  await store.insert(sent(`C-THIRD${round}`, "2026-11-19T11:00:00Z", `third${round}@example.com`));
  const [keep, gone, third] = await Promise.all([`C-KEEP${round}`, `C-GONE${round}`, `C-THIRD${round}`].map((id) => personOf(store, id)));
  return { keep: keep!, gone: gone!, third: third! };
}

const ROUNDS = 16;

/**
 * Merges racing what staff write to either person, and each other: `a` and `b` are two handles on one
 * database (on PostgreSQL two processes' pools, their transactions truly side by side). Every call
 * either applies, to the survivor when the merge went first, or is refused in words; none throws.
 */
function raceContract(open: () => Promise<{ a: SubmissionStore; b: SubmissionStore; close: () => Promise<unknown> }>) {
  const when = at("2026-11-20T12:00:00Z");

  test("a note, a call and a change of status and follow-up, written to either person as the owner merges them: each reaches the survivor", async () => {
    const { a, b, close } = await open();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { keep, gone } = await pairOf(a, String(round));
        // Half the rounds write to the person merged away, half to the one kept.
        const target = round % 2 === 0 ? gone : keep;
        const results = await Promise.allSettled([
          a.mergePeople(keep, gone, OWNER, when),
          b.addNote(target, COACH, "Asked about evening classes", when),
          b.logContact(target, { channel: "call", outcome: "reached" }, COACH, when),
          b.updateLead(target, { status: "contacted", followUpOn: "2026-12-01" }, COACH, when),
        ]);
        expect(results.map((result) => (result.status === "fulfilled" ? result.value : String(result.reason)))).toEqual([
          { merged: keep, absorbed: gone },
          true,
          true,
          true,
        ]);
        const lines = (await a.personEvents(keep)).map((event) => event.kind).sort();
        expect(lines).toEqual(["call", "follow-up", "merge", "note", "status"]);
        expect((await a.personOf(keep))?.state).toMatchObject({ status: "contacted", followUpOn: "2026-12-01", firstResponseBy: COACH });
      }
    } finally {
      await close();
    }
  }, 60_000);

  test("two Mark Lost at once naming the same two people, each by a form's reference and by the person's: both go through", async () => {
    const { a, b, close } = await open();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { keep, gone } = await pairOf(a, `L${round}`);
        // Sorted as written, the two would lock the two people in opposite orders.
        const results = await Promise.allSettled([
          a.markLost([`C-KEEPL${round}`, gone], OWNER, when),
          b.markLost([keep, `C-GONEL${round}`], COACH, when),
        ]);
        expect(results.map((result) => (result.status === "fulfilled" ? "done" : String(result.reason)))).toEqual(["done", "done"]);
        for (const person of [keep, gone]) expect((await a.personOf(person))?.state.status).toBe("lost");
      }
    } finally {
      await close();
    }
  }, 60_000);

  test("two merges at once, A<-B with B<-A, and A<-B with C<-B: each merges (the later into the survivor) or is refused in words; nothing lost", async () => {
    const { a, b, close } = await open();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { keep, gone, third } = await pairOf(a, String(round));
        const other = round % 2 === 0 ? b.mergePeople(gone, keep, OWNER, when) : b.mergePeople(third, gone, OWNER, when);
        const results = await Promise.allSettled([a.mergePeople(keep, gone, OWNER, when), other]);
        const values = results.map((result) => (result.status === "fulfilled" ? result.value : String(result.reason)));
        const merged = values.filter((value) => typeof value === "object" && "merged" in value).length;
        expect(merged).toBeGreaterThanOrEqual(1);
        // PostgreSQL: the later one sees its reference lead elsewhere now ("changed"). SQLite runs them
        // one after the other: B<-A then finds one person ("same"); C<-B takes B's survivor with them.
        const refused = values.filter((value) => !(typeof value === "object" && "merged" in value));
        for (const value of refused) expect([{ refused: "changed" }, { refused: "same" }]).toContainEqual(value);
        const survivor = (await personOf(a, `C-GONE${round}`))!;
        const forms = (await a.personForms(survivor)).map((form) => form.id);
        expect(forms).toContain(`C-GONE${round}`);
        expect(forms).toHaveLength(1 + merged);
        expect((await a.personEvents(survivor)).filter((event) => event.kind === "merge")).toHaveLength(merged);
      }
    } finally {
      await close();
    }
  }, 60_000);

  test("one address's forms deleted as the owner merges its person: the two take turns, and nothing of that address stays", async () => {
    const { a, b, close } = await open();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const { keep, gone } = await pairOf(a, String(round));
        await a.addNote(gone, COACH, "Prefers mornings", when);
        const results = await Promise.allSettled([
          a.mergePeople(keep, gone, OWNER, when),
          b.deleteSubmissions([`C-GONE${round}`], { kind: "request", requestedBy: "staff" }, when),
        ]);
        const [merge, deletion] = results.map((result) => (result.status === "fulfilled" ? result.value : String(result.reason)));
        expect(deletion).toEqual([`C-GONE${round}`]);
        // Deleted first, the person went with their last form: the merge finds them gone.
        expect([{ merged: keep, absorbed: gone }, { refused: "changed" }, { refused: "no-other" }]).toContainEqual(merge);
        expect((await a.personForms(keep)).map((form) => form.id)).toEqual([`C-KEEP${round}`]);
        expect((await a.personEvents(keep)).map((event) => event.body)).not.toContain("Prefers mornings");
      }
    } finally {
      await close();
    }
  }, 60_000);
}

const person = (fields: Partial<PeopleTable>): PeopleTable => ({
  id: "N-A",
  created_at: "2026-11-01T00:00:00.000Z",
  status: "new",
  follow_up_on: null,
  waiting_since: null,
  first_response_at: null,
  first_response_by: null,
  updated_at: "2026-11-01T00:00:00.000Z",
  updated_by: "visitor",
  ...fields,
});

test.each([
  ["lost", "new", "new"],
  ["lost", "joined", "joined"],
  ["came", "lost", "came"],
  ["lost", "lost", "lost"],
  ["contacted", "intro-booked", "intro-booked"],
] as const)("%s and %s merge to %s: the furthest, Lost only if both were", (a, b, status) => {
  expect(mergedState(person({ status: a }), person({ id: "N-B", status: b })).status).toBe(status);
});

test("a closed person's follow-up date asks for nothing; the open one's stays", () => {
  const joined = person({ status: "joined", follow_up_on: "2026-11-02" });
  const open = person({ id: "N-B", status: "contacted", follow_up_on: "2026-11-09" });
  expect(mergedState(joined, open).follow_up_on).toBe("2026-11-09");
  expect(mergedState(open, person({ id: "N-C", status: "lost", follow_up_on: "2026-11-01" })).follow_up_on).toBe("2026-11-09");
});

describe("SQLite store: merging people (a real database file)", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  mergeContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-merge-"));
    dirs.push(dir);
    return openSqliteStore(path.join(dir, "submissions.sqlite"));
  });
  // One handle: better-sqlite3 waits for a file's lock synchronously, so a second handle in this process
  // would stall the first; SQLite's writes take turns on the one connection.
  raceContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-merge-race-"));
    dirs.push(dir);
    const store = openSqliteStore(path.join(dir, "submissions.sqlite"));
    return { a: store, b: store, close: () => store.close() };
  });
});

describeWithPostgres("PostgreSQL store: merging people (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  mergeContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return openPostgresStore(await pg.createDatabase());
  });
  raceContract(async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    return { a, b, close: () => Promise.all([a.close(), b.close()]) };
  });

  test("forms of the merged address arriving during the merge, from another process: each one accepted, all on the survivor", async () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    const url = await pg.createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      const { work, home } = await twoAnas(a);
      const results = await Promise.allSettled([
        ...Array.from({ length: 8 }, (_, i) => b.insert(sent(`C-RACE${i}`, "2026-11-20T12:00:00Z", ANA_HOME, { phone: null }))),
        a.mergePeople(work, home, OWNER, at("2026-11-20T12:00:00Z")),
        ...Array.from({ length: 8 }, (_, i) => b.insert(sent(`C-RACF${i}`, "2026-11-20T12:00:00Z", ANA_HOME, { phone: null }))),
      ]);
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      const forms = (await a.personForms(work)).map((form) => form.id);
      expect(forms).toHaveLength(18);
      expect(await a.personOf(home).then((p) => p?.id)).toBe(work);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
