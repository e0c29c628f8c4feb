import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "pg";
import { migrations } from "../../../../src/server/store/migrations";
import { EMAIL_KEY as PG_EMAIL_KEY } from "../../../../src/server/store/postgres";
import { EMAIL_KEY as SQLITE_EMAIL_KEY } from "../../../../src/server/store/sqlite";
import { accessReport } from "../../../../src/server/privacy/access";
import { deleteAll, deletionTargets } from "../../../../src/server/privacy/deletion";
import type { Database as Schema } from "../../../../src/server/store/schema";
import type { NewSubmission } from "../../../../src/server/forms/types";
import type { WaiverText } from "../../../../src/server/waiver";
import type { DeletionReason } from "../../../../src/server/privacy/types";
import { publishedWaiver } from "../../../../src/server/waiver";
import { POSTGRES_MISSING, startTestPostgres, type TestPostgres } from "../../../support/postgres";
import { signInLink } from "../../../support/staff";
import { describeWithPostgres } from "../../support/postgres";
import { readPaymentEvent } from "../../../../src/server/payments/events";
import { checkoutSession, stripeEvent } from "../../../support/stripe";
import { type SubmissionStore, openSqliteStore, openPostgresStore } from "../../../../src/server/app/store";

/**
 * The privacy duties of the store (Washington's My Health My Data Act): a person's data can be found,
 * deleted without a trace, and is purged when its retention ends; what remains is a log without
 * personal data. Each store is checked against a real database, including what it leaves on disk.
 */

const at = (iso: string) => new Date(iso);
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

// Ana's data, in forms unlikely to occur by chance anywhere else in the files.
const ANA = "ana.quill@example.com";
const ANA_TRACES = [ANA, "Quillfeather", "2535550199", "Old knee injury"];
const BEN = "ben@example.com";
const REQUEST: DeletionReason = { kind: "request", requestedBy: "P-7K3M9QX2PA" };

const waiver = (words: string): WaiverText => {
  const { version, text } = publishedWaiver({ paragraphs: [words, "I accept these risks."] });
  return { version, text };
};
const WAIVER_1 = waiver("Training involves a risk of injury.");
const WAIVER_2 = waiver("Training involves physical exertion and a risk of injury.");

function contact(id: string, createdAt: string, email: string, extra: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id,
    form: "contact",
    createdAt: at(createdAt),
    payload: {
      name: email === ANA ? "Anastasia Quillfeather" : "Ben Ortiz",
      email,
      phone: email === ANA ? "+12535550199" : "+12535550142",
      message: "Is there a kids class?",
    },
    spam: null,
    notify: true,
    ...extra,
  };
}

function signup(id: string, createdAt: string, email: string, waiverText = WAIVER_1): NewSubmission {
  return contact(id, createdAt, email, {
    form: "signup",
    payload: {
      firstName: email === ANA ? "Anastasia" : "Ben",
      lastName: email === ANA ? "Quillfeather" : "Ortiz",
      email,
      plan: "unlimited",
      healthInfo: email === ANA ? "Old knee injury" : "Asthma",
      healthConsent: true,
      waiverVersion: waiverText.version,
    },
    waiver: waiverText,
  });
}

function intro(id: string, createdAt: string, email: string, coach: string, start: string): NewSubmission {
  const end = new Date(Date.parse(start) + 30 * 60_000);
  return contact(id, createdAt, email, {
    form: "intro",
    payload: { start, end: end.toISOString(), coach, name: email === ANA ? "Anastasia Quillfeather" : "Ben Ortiz", email },
    booking: { coach, start: at(start), end, email },
    confirm: true,
  });
}

/** Ana sent a bit of everything (spam-flagged included); Ben a contact, a sign-up and a booking; strangers filler. */
async function seed(store: SubmissionStore) {
  await store.insert(
    contact("C-ANA", "2026-11-01T09:00:00Z", ANA, {
      source: { landingPage: "/", referrerHost: "www.facebook.com", utmSource: "facebook", utmMedium: null, utmCampaign: "open-house" },
    }),
  );
  await store.insert(signup("S-ANA", "2026-11-02T09:00:00Z", ANA));
  await store.insert(intro("B-ANA", "2026-11-03T09:00:00Z", ANA, "Dana", "2026-11-24T18:00:00.000Z"));
  await store.insert(contact("H-ANA", "2026-11-04T09:00:00Z", ANA, { form: "membership-hold" }));
  await store.insert(contact("X-ANA", "2026-11-05T09:00:00Z", ANA, { spam: "too-fast" }));
  await store.insert(contact("C-BEN", "2026-11-01T10:00:00Z", BEN));
  await store.insert(signup("S-BEN", "2026-11-02T10:00:00Z", BEN));
  await store.insert(intro("B-BEN", "2026-11-03T10:00:00Z", BEN, "Dana", "2026-11-24T18:30:00.000Z"));
  for (let i = 0; i < 120; i++) {
    const filler = contact(`C-F${i}`, `2026-10-${String(1 + (i % 28)).padStart(2, "0")}T08:00:00Z`, `f${i}@example.org`, { notify: false });
    await store.insert({ ...filler, payload: { ...filler.payload, name: `Filler ${i}`, message: "x".repeat(100 + (i % 30) * 20) } });
  }
  // The visitor's mail server refused Ana's confirmation: the error names her address.
  const due = await store.claimDue(at("2026-11-05T10:00:00Z"), 100, 60_000);
  for (const message of due) {
    if (message.submissionId === "B-ANA" && message.kind === "confirmation")
      await store.markFailed(message.id, `550 5.1.1 <${ANA}>: mailbox unavailable`, null);
    else await store.markSent(message.id, at("2026-11-05T10:00:01Z"));
  }
}

/** What Ben has in the store: none of it may change when Ana's data goes. */
async function bensData(store: SubmissionStore) {
  const ids = ["C-BEN", "S-BEN", "B-BEN"];
  return {
    submissions: await Promise.all(ids.map((id) => store.get(id))),
    outbox: (await store.outbox()).filter((m) => m.submissionId !== null && ids.includes(m.submissionId)),
    bookings: (await store.bookings(at("2026-01-01T00:00:00Z"))).filter((b) => b.submission.id === "B-BEN"),
  };
}

interface Harness {
  store: SubmissionStore;
  /** Where any of these strings can still be read: "table <name>", and for SQLite "file <name>". */
  traces(needles: readonly string[]): Promise<string[]>;
  /** The names of the tables the database holds (not the database's own, like sqlite_sequence). */
  tables(): Promise<string[]>;
  /** Runs one statement as written (test data only: no parameters). */
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every table of the schema, by the type the queries are written against: a table added to `Database`
 * fails to compile here until it is listed, and the test below checks the database holds no other.
 */
const TABLES = {
  submissions: true,
  outbox: true,
  intro_bookings: true,
  kids_trials: true,
  deletions: true,
  waivers: true,
  rate_limits: true,
  staff_accounts: true,
  staff_sessions: true,
  sign_in_links: true,
  sign_in_requests: true,
  staff_devices: true,
  people: true,
  person_keys: true,
  merged_people: true,
  person_events: true,
  leads: true,
  lead_notes: true,
  lead_events: true,
  lead_sources: true,
  reply_templates: true,
  answer_words: true,
  instant_answers: true,
  daily_digests: true,
  audit_log: true,
  request_confirmations: true,
  payments: true,
  text_consents: true,
  text_numbers: true,
  text_opt_outs: true,
  texts: true,
  schema_migrations: true,
} satisfies Record<keyof Schema, true>;
/** Where a deleted submission's reference may stay: the log of deletions and of staff actions, references only. */
const KEEP_REFERENCES = ["table audit_log", "table deletions"];

function privacyContract(name: string, open: () => Promise<Harness>) {
  describe(name, () => {
    let harness: Harness | null = null;
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      await harness?.close();
    });
    const h = () => {
      if (!harness) throw new Error("no store");
      return harness;
    };

    test("findByEmail: every submission of the address, spam included, oldest first, and no one else's", async () => {
      await seed(h().store);
      const ids = (await h().store.findByEmail(ANA)).map((s) => s.id);
      expect(ids).toEqual(["C-ANA", "S-ANA", "B-ANA", "H-ANA", "X-ANA"]);
      expect((await h().store.findByEmail("  Ana.Quill@Example.COM ")).map((s) => s.id)).toEqual(ids);
      expect((await h().store.findByEmail(BEN)).map((s) => s.id)).toEqual(["C-BEN", "S-BEN", "B-BEN"]);
      expect(await h().store.findByEmail("nobody@example.com")).toEqual([]);
      const signupRead = (await h().store.findByEmail(ANA))[1];
      expect(signupRead?.payload).toEqual(signup("S-ANA", "2026-11-02T09:00:00Z", ANA).payload);
    });

    test("an address's request covers its forms sent as the same mailbox another way (+tag, case), not another person's", async () => {
      const { store } = h();
      await seed(store);
      const tagged = ANA.replace("@", "+gym@").toUpperCase();
      await store.insert(contact("C-ANATAG", "2026-11-20T09:00:00Z", tagged));
      const person = (await store.personOf("C-ANA"))?.id;
      expect((await store.personOf("C-ANATAG"))?.id).toBe(person);
      expect((await accessReport(store, ANA)).submissions.map((s) => s.reference)).toContain("C-ANATAG");
      const targets = (await deletionTargets(store, { email: ANA })).map((s) => s.id);
      expect(targets).toContain("C-ANATAG");
      expect(targets).not.toContain("C-BEN");
      await deleteAll(store, await deletionTargets(store, { email: ANA }), undefined, at("2026-12-01T12:00:00Z"));
      expect(await store.get("C-ANATAG")).toBeUndefined();
      expect(person && (await store.personOf(person))).toBeFalsy();
      expect((await store.findByEmail(BEN)).map((s) => s.id)).toEqual(["C-BEN", "S-BEN", "B-BEN"]);
    });

    test("deleting every submission of an address leaves no trace of it, and nobody else's data changes", async () => {
      const { store } = h();
      await seed(store);
      // The check below can see the data where it is: else "no trace" would prove nothing.
      expect(await h().traces(ANA_TRACES)).toEqual(expect.arrayContaining(["table submissions", "table outbox", "table intro_bookings"]));
      const ben = await bensData(store);
      const others = (await store.list({ includeSpam: true })).length - 5;

      const ids = (await store.findByEmail(ANA)).map((s) => s.id);
      const deletedAt = at("2026-12-01T12:00:00Z");
      expect(await store.deleteSubmissions(ids, REQUEST, deletedAt)).toEqual(ids);

      expect(await h().traces(ANA_TRACES)).toEqual([]);
      expect(await store.findByEmail(ANA)).toEqual([]);
      expect(await bensData(store)).toEqual(ben);
      // Staff alerts for his three submissions, his booking's confirmation and its two reminders.
      expect(ben.outbox).toHaveLength(6);
      expect(await store.list({ includeSpam: true })).toHaveLength(others);
      expect((await store.outbox()).map((m) => m.submissionId).filter((id) => id?.endsWith("-ANA"))).toEqual([]);
      // The freed slot can be booked again: the booking went with the submission.
      await store.insert(intro("B-CY", "2026-12-01T13:00:00Z", "cy@example.com", "Dana", "2026-11-24T18:00:00.000Z"));
      expect(await store.deletions()).toEqual([
        { reference: "C-ANA", form: "contact", receivedAt: at("2026-11-01T09:00:00Z"), deletedAt, requestedBy: "P-7K3M9QX2PA" },
        { reference: "S-ANA", form: "signup", receivedAt: at("2026-11-02T09:00:00Z"), deletedAt, requestedBy: "P-7K3M9QX2PA" },
        { reference: "B-ANA", form: "intro", receivedAt: at("2026-11-03T09:00:00Z"), deletedAt, requestedBy: "P-7K3M9QX2PA" },
        { reference: "H-ANA", form: "membership-hold", receivedAt: at("2026-11-04T09:00:00Z"), deletedAt, requestedBy: "P-7K3M9QX2PA" },
        { reference: "X-ANA", form: "contact", receivedAt: at("2026-11-05T09:00:00Z"), deletedAt, requestedBy: "P-7K3M9QX2PA" },
      ]);
      // The waiver text is the gym's, not Ana's: it stays, as the evidence of what others accepted.
      expect((await store.waivers()).map((w) => w.version)).toEqual([WAIVER_1.version]);
    });

    test("a deletion for an address empties every table of it: submissions, each kind of message, booking, lead and notes", async () => {
      const { store } = h();
      await seed(store);
      const request = contact("P-7K3M9QX2PA", "2026-11-06T09:00:00Z", ANA, { form: "privacy-request", notify: true });
      await store.insert({ ...request, payload: { name: "Anastasia Quillfeather", email: ANA, request: "deletion", details: "" } });
      const staffAt = at("2026-11-06T10:00:00Z");
      await store.addStaff("owner@gym.example", "owner", staffAt);
      expect(await signInLink(store, "owner@gym.example", staffAt)).toBeDefined();
      expect(await store.updateLead("C-ANA", { status: "contacted", followUpOn: "2026-11-10" }, "owner@gym.example", staffAt)).toBe(true);
      expect(await store.updateLead("B-ANA", { status: "intro-booked" }, "owner@gym.example", staffAt)).toBe(true);
      expect(await store.addNote("C-ANA", "owner@gym.example", "Called back: Quillfeather wants mornings", staffAt)).toBe(true);
      expect(await store.addNote("S-ANA", "owner@gym.example", "Knee: see the sign-up", staffAt)).toBe(true);
      // A member's form keeps a state of its own; the sales forms' is their person's.
      expect(await store.updateLead("H-ANA", { status: "contacted" }, "owner@gym.example", staffAt)).toBe(true);
      expect(await store.updateLead("C-BEN", { status: "contacted" }, "owner@gym.example", staffAt)).toBe(true);
      expect(await store.addNote("C-BEN", "owner@gym.example", "Ben asked about kids class", staffAt)).toBe(true);
      // Messages of the kinds the console and the webhook queue, pending, failed and sent.
      const time = staffAt.toISOString();
      for (const [id, kind, status] of [
        ["C-ANA", "webhook", "failed"],
        ["C-ANA", "webhook", "pending"],
        ["B-ANA", "reminder", "pending"],
        ["B-ANA", "reschedule", "sent"],
        ["B-ANA", "cancellation", "failed"],
        ["C-BEN", "webhook", "pending"],
      ] as const) {
        await h().exec(
          `INSERT INTO outbox (submission_id, kind, status, attempts, next_attempt_at, created_at, data) VALUES ('${id}', '${kind}', '${status}', 0, '${time}', '${time}', '{"event":"lead.created","deliveryId":"${id}-${kind}-${status}"}')`,
        );
      }
      await store.audit({ at: staffAt, actor: "owner@gym.example", action: "lead.status", target: "C-ANA" });
      const references = ["C-ANA", "S-ANA", "B-ANA", "H-ANA", "X-ANA", "P-7K3M9QX2PA"];
      const notes = ["Quillfeather wants mornings", "Knee: see the sign-up"];

      // The database holds exactly the schema's tables, so the search below misses none.
      expect((await h().tables()).sort()).toEqual(Object.keys(TABLES).sort());
      // Before: Ana is in every table that can hold a visitor's data (else "none after" would prove nothing).
      const tablesOf = (found: string[]) => found.filter((where) => where.startsWith("table ")).sort();
      expect(tablesOf(await h().traces([...ANA_TRACES, ...notes]))).toEqual(
        [
          "table intro_bookings",
          "table lead_notes",
          "table outbox",
          "table person_events",
          "table person_keys",
          "table submissions",
        ].sort(),
      );
      expect(tablesOf(await h().traces(references))).toEqual(
        [
          "table audit_log",
          "table intro_bookings",
          "table lead_events",
          "table lead_notes",
          "table lead_sources",
          "table leads",
          "table outbox",
          "table request_confirmations",
          "table submissions",
        ].sort(),
      );
      const benBefore = await bensData(store);
      const benLead = await store.leadStates(["C-BEN"]);

      const targets = await deletionTargets(store, { email: ANA });
      expect(targets.map((s) => s.id)).toEqual(references);
      const deletedAt = at("2026-12-01T12:00:00Z");
      expect((await deleteAll(store, targets, "P-7K3M9QX2PA", deletedAt)).map((s) => s.id)).toEqual(references);

      expect(await h().traces([...ANA_TRACES, ...notes])).toEqual([]);
      expect(tablesOf(await h().traces(references))).toEqual(KEEP_REFERENCES);
      expect(await store.leadStates(references)).toEqual(new Map());
      expect(await store.notes("C-ANA")).toEqual([]);
      expect((await store.deletions()).map((r) => [r.reference, r.requestedBy])).toEqual(references.map((r) => [r, "P-7K3M9QX2PA"]));
      // Nobody else's data moved: Ben's submissions, messages (his webhook too), lead and note; the staff's link.
      expect(await bensData(store)).toEqual(benBefore);
      expect(await store.leadStates(["C-BEN"])).toEqual(benLead);
      expect((await store.notes("C-BEN")).map((n) => n.body)).toEqual(["Ben asked about kids class"]);
      expect((await store.outbox()).filter((m) => m.kind === "sign-in")).toHaveLength(1);
    });

    test("a payment is in the address's download; deleting the address keeps its amount, date and Stripe's ids, and nothing of them", async () => {
      const { store } = h();
      await seed(store);
      const session = checkoutSession({
        client_reference_id: "S-ANA",
        customer_details: { email: ANA, name: "Anastasia Quillfeather", phone: "+12535550199" },
      });
      const read = readPaymentEvent(
        stripeEvent("checkout.session.completed", session, { created: Date.parse("2026-11-02T09:10:00Z") / 1000 }),
      );
      if (read.kind !== "payment") throw new Error("not read");
      await store.recordPayment(read.facts, at("2026-11-02T09:10:02Z"));
      const kept = {
        reference: "S-ANA",
        kind: "completed",
        at: "2026-11-02T09:10:00.000Z",
        amount: 16500,
        currency: "usd",
        bought: expect.stringMatching(/^signup:/),
        paymentStatus: "paid",
        mode: "test",
        stripe: { event: read.facts.eventId, session: session.id, customer: session.customer, paymentIntent: null, charge: null },
      };
      expect((await accessReport(store, ANA)).payments).toEqual([kept]);
      expect((await accessReport(store, BEN)).payments).toBeUndefined();

      await deleteAll(store, await deletionTargets(store, { email: ANA }), undefined, at("2026-12-01T12:00:00Z"));
      expect(await h().traces(ANA_TRACES)).toEqual([]);
      const [payment] = await store.paymentsOf({ references: ["S-ANA"] });
      expect(payment).toMatchObject({
        amount: 16500,
        currency: "usd",
        at: at("2026-11-02T09:10:00Z"),
        person: null,
        sessionId: session.id,
      });
      expect(payment?.customerId).toBe(session.customer);
    });

    test("deleting by reference takes that submission with its outbox rows and booking, and nothing else", async () => {
      const { store } = h();
      await seed(store);
      const ben = await bensData(store);
      const before = (await store.outbox()).filter((m) => m.submissionId !== "B-ANA");
      const deletedAt = at("2026-12-01T12:00:00Z");
      expect(await store.deleteSubmissions(["B-ANA", "B-NOPE", "B-ANA"], { kind: "request", requestedBy: "staff" }, deletedAt)).toEqual([
        "B-ANA",
      ]);
      expect(await store.get("B-ANA")).toBeUndefined();
      expect(await store.outbox()).toEqual(before);
      expect((await store.bookings(at("2026-01-01T00:00:00Z"))).map((b) => b.submission.id)).toEqual(["B-BEN"]);
      expect((await store.findByEmail(ANA)).map((s) => s.id)).toEqual(["C-ANA", "S-ANA", "H-ANA", "X-ANA"]);
      expect(await bensData(store)).toEqual(ben);
      expect(await store.deletions()).toEqual([
        { reference: "B-ANA", form: "intro", receivedAt: at("2026-11-03T09:00:00Z"), deletedAt, requestedBy: "staff" },
      ]);
      expect(await store.deleteSubmissions(["B-NOPE"], { kind: "request", requestedBy: "staff" }, deletedAt)).toEqual([]);
      expect(await store.deleteSubmissions([], { kind: "retention" }, deletedAt)).toEqual([]);
      expect(await store.deletions()).toHaveLength(1);
    });

    test("the deletion log takes no free text: a name as requester is refused and nothing is deleted", async () => {
      const { store } = h();
      await store.insert(
        contact("C-ANA", "2026-11-01T09:00:00Z", ANA, {
          source: { landingPage: "/", referrerHost: "www.facebook.com", utmSource: "facebook", utmMedium: null, utmCampaign: "open-house" },
        }),
      );
      await store.insert(contact("C-BEN", "2026-11-01T10:00:00Z", BEN));
      for (const requestedBy of ["Anastasia Quillfeather", "P-7K3M9QX2P", "P-7K3M9QX2PAX", "P-7K3M9QX2PI", "p-7k3m9qx2pa", ""]) {
        const reason = { kind: "request", requestedBy } as unknown as DeletionReason;
        await expect(store.deleteSubmissions(["C-BEN", "C-ANA"], reason, at("2026-12-01T12:00:00Z"))).rejects.toMatchObject({
          message: expect.stringMatching(/check constraint/i),
        });
      }
      expect((await store.list()).map((s) => s.id)).toEqual(["C-ANA", "C-BEN"]);
      expect(await store.outbox()).toHaveLength(2);
      expect(await store.deletions()).toEqual([]);
    });

    test("purge deletes exactly what is past its retention: one millisecond either side of each cutoff", async () => {
      const { store } = h();
      const cutoffs = {
        spamBefore: at("2026-10-21T12:00:00.000Z"),
        forms: [
          { form: "contact" as const, before: at("2024-11-20T12:00:00.000Z") },
          { form: "intro" as const, before: at("2024-12-20T12:00:00.000Z") },
          { form: "privacy-request" as const, before: at("2024-09-01T00:00:00.000Z") },
        ],
      };
      const around = (date: Date) => [ms(date, -1), date, ms(date, 1)].map((d) => d.toISOString());
      const [spamOld, spamAt, spamNew] = around(cutoffs.spamBefore);
      const [contactOld, contactAt, contactNew] = around(cutoffs.forms[0]!.before);
      const [introOld, introAt] = around(cutoffs.forms[1]!.before);
      const ancient = "2020-01-01T00:00:00.000Z";
      await store.insert(contact("X-OLD", spamOld!, BEN, { spam: "honeypot" }));
      await store.insert(contact("X-AT", spamAt!, BEN, { spam: "honeypot" }));
      await store.insert(contact("X-NEW", spamNew!, BEN, { spam: "honeypot" }));
      // Spam of any form goes by the spam cutoff, even of a form that is otherwise kept, booking and all.
      await store.insert({ ...signup("X-SIGNUP", spamOld!, BEN), spam: "too-fast" });
      await store.insert({ ...intro("X-INTRO", spamOld!, "bot@example.com", "Marcus", "2026-10-25T18:00:00.000Z"), spam: "too-fast" });
      await store.insert(contact("C-OLD", contactOld!, BEN));
      await store.insert(contact("C-AT", contactAt!, BEN));
      await store.insert(contact("C-NEW", contactNew!, BEN));
      // Real submissions younger than their own cutoff stay, however old they are as spam would be.
      await store.insert(contact("C-MONTH", "2026-09-01T00:00:00.000Z", BEN));
      await store.insert(intro("B-OLD", introOld!, BEN, "Dana", "2024-12-27T18:00:00.000Z"));
      await store.insert(intro("B-AT", introAt!, "cy@example.com", "Dana", "2024-12-27T18:30:00.000Z"));
      await store.insert(contact("P-NEW", "2024-09-01T00:00:00.000Z", BEN, { form: "privacy-request" }));
      // Sign-ups and holds are membership records: never listed, never purged, however old.
      await store.insert(signup("S-ANCIENT", ancient, ANA));
      await store.insert(contact("H-ANCIENT", ancient, ANA, { form: "membership-hold" }));

      const purgedAt = at("2026-11-20T12:00:00Z");
      expect(await store.purge(cutoffs, purgedAt)).toEqual({ spam: 3, forms: { contact: 1, intro: 1, "privacy-request": 0 } });
      expect((await store.list({ includeSpam: true })).map((s) => s.id).sort()).toEqual(
        ["X-AT", "X-NEW", "C-AT", "C-NEW", "C-MONTH", "B-AT", "P-NEW", "S-ANCIENT", "H-ANCIENT"].sort(),
      );
      expect(await store.deletions()).toEqual([
        { reference: "C-OLD", form: "contact", receivedAt: at(contactOld!), deletedAt: purgedAt, requestedBy: "retention" },
        { reference: "B-OLD", form: "intro", receivedAt: at(introOld!), deletedAt: purgedAt, requestedBy: "retention" },
      ]);
      expect((await store.outbox()).map((m) => m.submissionId).filter((id) => id?.endsWith("-OLD"))).toEqual([]);
      expect((await store.bookings(at("2024-01-01T00:00:00Z"))).map((b) => b.submission.id)).toEqual(["B-AT"]);
      // A second run finds nothing more.
      expect(await store.purge(cutoffs, purgedAt)).toEqual({ spam: 0, forms: { contact: 0, intro: 0, "privacy-request": 0 } });
      expect(await store.deletions()).toHaveLength(2);
    });

    test("forgetHealth: the health information leaves the sign-up and its unsent e-mails; the rest of the sign-up and everyone else's data stay", async () => {
      const { store } = h();
      await seed(store);
      const withHealth = (id: string, createdAt: string, email: string, firstName: string, healthInfo: string): NewSubmission => {
        const base = signup(id, createdAt, email);
        return { ...base, payload: { ...base.payload, firstName, lastName: "Varga", healthInfo } };
      };
      // Ana's staff e-mail was sent (seed); Di's gave up (failed); Cy's is still pending.
      await store.insert(withHealth("S-DI", "2026-11-06T09:00:00Z", "di@example.com", "Di", "Gestational diabetes"));
      const claimed = await store.claimDue(at("2026-11-06T10:00:00Z"), 10, 60_000);
      expect(claimed.map((m) => m.submissionId)).toEqual(["S-DI"]);
      await store.markFailed(claimed[0]!.id, "550 5.1.1 mailbox unavailable", null);
      await store.insert(withHealth("S-CY", "2026-11-06T11:00:00Z", "cy@example.com", "Cy", "Cardiac arrhythmia"));
      const forgotten = ["S-ANA", "S-DI", "S-CY"];
      const health = ["Old knee injury", "Gestational diabetes", "Cardiac arrhythmia"];

      // The check below can see the text where it is: else "no trace" would prove nothing.
      expect(await h().traces(health)).toContain("table submissions");
      const outboxBefore = await store.outbox();
      expect(
        outboxBefore.filter((m) => m.submissionId !== null && forgotten.includes(m.submissionId)).map((m) => [m.submissionId, m.status]),
      ).toEqual([
        ["S-ANA", "sent"],
        ["S-DI", "failed"],
        ["S-CY", "pending"],
      ]);
      const before = await store.list({ includeSpam: true });
      const ben = await bensData(store);
      const bookings = await store.bookings(at("2026-01-01T00:00:00Z"));

      for (const id of forgotten) expect(await store.forgetHealth(id)).toBe(true);

      expect(await h().traces(health)).toEqual([]);
      // Every other field of the sign-up is still there, as it was.
      expect(await store.get("S-ANA")).toEqual({
        id: "S-ANA",
        form: "signup",
        createdAt: at("2026-11-02T09:00:00Z"),
        spam: null,
        payload: { firstName: "Anastasia", lastName: "Quillfeather", email: ANA, plan: "unlimited", waiverVersion: WAIVER_1.version },
      });
      // A second time there is nothing to forget; nor in a submission without health information, or an unknown one.
      for (const id of [...forgotten, "C-ANA", "S-NOPE"]) expect(await store.forgetHealth(id)).toBe(false);

      const expected = before.map((s) => {
        if (!forgotten.includes(s.id)) return s;
        const payload = { ...s.payload };
        delete payload.healthInfo;
        delete payload.healthConsent;
        return { ...s, payload };
      });
      expect(await store.list({ includeSpam: true })).toEqual(expected);
      // The unsent e-mails would carry the text: they went. The sent one stays as the record it was sent.
      expect(await store.outbox()).toEqual(outboxBefore.filter((m) => m.submissionId !== "S-DI" && m.submissionId !== "S-CY"));
      expect((await store.outbox()).map((m) => m.submissionId)).toContain("S-ANA");
      expect(await bensData(store)).toEqual(ben);
      expect((await store.get("S-BEN"))?.payload).toMatchObject({ healthInfo: "Asthma", healthConsent: true });
      expect(await store.bookings(at("2026-01-01T00:00:00Z"))).toEqual(bookings);
      // Nothing was deleted: the membership record stays.
      expect(await store.deletions()).toEqual([]);
      expect((await store.findByEmail(ANA)).map((s) => s.id)).toEqual(["C-ANA", "S-ANA", "B-ANA", "H-ANA", "X-ANA"]);
    });

    test("a sign-up keeps its waiver's text once per version, in the same transaction", async () => {
      const { store } = h();
      expect(await store.waivers()).toEqual([]);
      await store.insert(signup("S-1", "2026-11-01T09:00:00Z", ANA, WAIVER_1));
      await store.insert(signup("S-2", "2026-11-02T09:00:00Z", BEN, WAIVER_1));
      await store.insert(signup("S-3", "2026-11-03T09:00:00Z", "cy@example.com", WAIVER_2));
      // Errors are matched by message: better-sqlite3's error class belongs to whichever test file loaded
      // the native module first in this Jest worker, so toThrow() does not always recognise it.
      // A submission that fails after its waiver was written (here: its slot is taken) leaves no waiver behind.
      const orphan = waiver("A version nobody managed to accept.");
      await store.insert(intro("B-1", "2026-11-04T09:00:00Z", "di@example.com", "Dana", "2026-11-24T18:00:00.000Z"));
      const taken = { ...intro("B-2", "2026-11-04T10:00:00Z", "ed@example.com", "Dana", "2026-11-24T18:00:00.000Z"), waiver: orphan };
      await expect(store.insert(taken)).rejects.toThrow(/already booked/);
      await expect(store.insert(signup("S-1", "2026-11-04T11:00:00Z", "fay@example.com", orphan))).rejects.toMatchObject({
        message: expect.any(String),
      });
      await store.insert(contact("C-1", "2026-11-05T09:00:00Z", ANA));
      expect(await store.waivers()).toEqual([
        { ...WAIVER_1, firstAcceptedAt: at("2026-11-01T09:00:00Z") },
        { ...WAIVER_2, firstAcceptedAt: at("2026-11-03T09:00:00Z") },
      ]);
    });
  });
}

/** Each file of the database holding any of the needles, as raw bytes (UTF-8, as SQLite stores text). */
function fileTraces(file: string, needles: readonly string[]): string[] {
  return [file, `${file}-wal`, `${file}-shm`]
    .filter((f) => fs.existsSync(f) && needles.some((needle) => fs.readFileSync(f).includes(Buffer.from(needle, "utf8"))))
    .map((f) => `file ${path.basename(f)}`);
}

function sqliteTables(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").all();
    return (rows as Array<{ name: string }>).map((t) => t.name);
  } finally {
    db.close();
  }
}

function sqliteExec(file: string, statement: string): void {
  const db = new Database(file);
  try {
    db.exec(statement);
  } finally {
    db.close();
  }
}

function sqliteTableTraces(file: string, needles: readonly string[]): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name);
    return tables
      .filter((table) => {
        const text = JSON.stringify(db.prepare(`SELECT * FROM "${table}"`).all()).toLowerCase();
        return needles.some((needle) => text.includes(needle.toLowerCase()));
      })
      .map((table) => `table ${table}`);
  } finally {
    db.close();
  }
}

describe("SQLite store: privacy (a real database file)", () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gym-privacy-"));
    dirs.push(dir);
    return path.join(dir, "submissions.sqlite");
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  privacyContract("contract", async () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    return {
      store,
      // The raw bytes first: opening the checking connection must not change what is on disk.
      traces: async (needles) => [...fileTraces(file, needles), ...sqliteTableTraces(file, needles)],
      tables: async () => sqliteTables(file),
      exec: async (statement) => sqliteExec(file, statement),
      close: () => store.close(),
    };
  });

  test("the deleted data is in none of the files afterwards, while another process has the file open", async () => {
    const file = tempFile();
    const [store, site] = [openSqliteStore(file), openSqliteStore(file)];
    await seed(site);
    expect(fileTraces(file, ANA_TRACES)).not.toEqual([]);
    const ids = (await store.findByEmail(ANA)).map((s) => s.id);
    await store.deleteSubmissions(ids, REQUEST, at("2026-12-01T12:00:00Z"));
    expect(fileTraces(file, ANA_TRACES)).toEqual([]);
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    // The other process goes on reading and writing.
    expect((await site.get("C-BEN"))?.payload.email).toBe(BEN);
    await site.insert(contact("C-NEXT", "2026-12-01T13:00:00Z", "cy@example.com"));
    await Promise.all([store.close(), site.close()]);
  });

  test("a database written by the previous version (migration 3, secure_delete off) is upgraded and leaves no copy either", async () => {
    const file = tempFile();
    // As the store wrote before this version: secure_delete off, so page splits leave stale copies in free space.
    const legacy = new Database(file);
    legacy.pragma("journal_mode = WAL");
    legacy.pragma("secure_delete = OFF");
    legacy.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const migration of migrations.filter((m) => m.version <= 3)) {
      legacy.exec(migration.sqlite);
      legacy.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(migration.version, migration.name, "2026-01-01T00:00:00.000Z");
    }
    const insert = legacy.prepare("INSERT INTO submissions (id, form, created_at, payload, spam) VALUES (?, 'contact', ?, ?, NULL)");
    for (let i = 0; i < 300; i++) {
      const ana = i % 29 === 3;
      const payload = {
        name: ana ? "Anastasia Quillfeather" : `Filler ${i}`,
        email: ana ? ANA : `f${i}@example.org`,
        message: "x".repeat(150 + (i % 40) * 25),
      };
      insert.run(`C-${i}`, new Date(Date.UTC(2026, 9, 1, 0, i)).toISOString(), JSON.stringify(payload));
    }
    legacy.pragma("wal_checkpoint(TRUNCATE)");
    legacy.close();

    const store = openSqliteStore(file);
    const ids = (await store.findByEmail(ANA)).map((s) => s.id);
    expect(ids).toHaveLength(11);
    expect(fileTraces(file, ANA_TRACES)).toContain("file submissions.sqlite");
    await store.deleteSubmissions(ids, { kind: "request", requestedBy: "staff" }, at("2026-12-01T12:00:00Z"));
    expect(fileTraces(file, ANA_TRACES)).toEqual([]);
    expect(await store.list()).toHaveLength(289);
    await store.close();
  });

  test("a purge leaves no copy of what it deleted either", async () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    await seed(store);
    const marked = (id: string, createdAt: string, marker: string, spam: string | null) => {
      const base = contact(id, createdAt, `${marker}@example.net`, { spam });
      return { ...base, payload: { ...base.payload, message: `${marker} `.repeat(20) } };
    };
    await store.insert(marked("C-OLD", "2024-01-01T00:00:00Z", "expired-contact-marker", null));
    await store.insert(marked("X-OLD", "2026-09-01T00:00:00Z", "expired-spam-marker", "honeypot"));
    await store.insert(marked("C-KEPT", "2026-09-01T00:00:00Z", "kept-contact-marker", null));
    await store.purge(
      { spamBefore: at("2026-10-01T00:00:00Z"), forms: [{ form: "contact", before: at("2024-11-20T00:00:00Z") }] },
      at("2026-12-01T00:00:00Z"),
    );
    expect(fileTraces(file, ["expired-contact-marker", "expired-spam-marker"])).toEqual([]);
    expect(fileTraces(file, ["kept-contact-marker"])).toEqual(["file submissions.sqlite"]);
    await store.close();
  });

  test("a purge that deletes nothing leaves the file alone; one whose wipe failed wipes at the next purge", async () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    await seed(store);
    await store.insert(contact("C-OLD", "2024-01-01T00:00:00Z", "old@example.net"));
    const cutoffs = { spamBefore: at("2026-10-01T00:00:00Z"), forms: [{ form: "contact" as const, before: at("2024-11-20T00:00:00Z") }] };
    // Another process in the middle of a read: a wipe (VACUUM, then emptying the WAL) cannot finish.
    const reader = new Database(file, { readonly: true });
    const holdRead = () => {
      reader.exec("BEGIN");
      reader.prepare("SELECT count(*) FROM submissions").get();
    };
    holdRead();
    await expect(store.purge(cutoffs, at("2026-12-01T00:00:00Z"))).rejects.toThrow(/the next purge wipes them/);
    reader.exec("COMMIT");
    // The owed wipe is done by the next purge although it deletes nothing...
    expect(await store.purge(cutoffs, at("2026-12-02T00:00:00Z"))).toEqual({ spam: 0, forms: { contact: 0 } });
    expect(fileTraces(file, ["old@example.net"])).toEqual([]);
    // ...and after that a purge with nothing to delete does not touch the file, reader or not.
    holdRead();
    expect(await store.purge(cutoffs, at("2026-12-03T00:00:00Z"))).toEqual({ spam: 0, forms: { contact: 0 } });
    reader.exec("COMMIT");
    reader.close();
    await store.close();
  });

  test("look-up by e-mail uses migration 4's index, not a scan of every submission", async () => {
    const file = tempFile();
    await openSqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM submissions WHERE ${SQLITE_EMAIL_KEY} = ?`).all(ANA) as Array<{
      detail: string;
    }>;
    db.close();
    expect(plan.map((step) => step.detail)).toEqual([expect.stringContaining("USING INDEX submissions_email")]);
  });
});

describeWithPostgres("PostgreSQL store: privacy (a real server)", () => {
  let pg: TestPostgres | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());
  const server = () => {
    if (!pg) throw new Error(POSTGRES_MISSING);
    return pg;
  };

  async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function publicTables(client: Client): Promise<string[]> {
    const { rows } = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    return rows.map((row) => row.table_name);
  }

  /** Every row of every table, as text (jsonb included), searched case-insensitively. */
  async function tableTraces(url: string, needles: readonly string[]): Promise<string[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
      const found: string[] = [];
      for (const { table_name: table } of tables) {
        const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, "\\$&")}%`);
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" AS t WHERE t::text ILIKE ANY($1)`, [
          patterns,
        ]);
        if (rows[0]!.n > 0) found.push(`table ${table}`);
      }
      return found;
    } finally {
      await client.end();
    }
  }

  privacyContract("contract", async () => {
    const url = await server().createDatabase();
    const store = await openPostgresStore(url);
    return {
      store,
      traces: (needles) => tableTraces(url, needles),
      tables: () => withClient(url, async (client) => (await publicTables(client)).sort()),
      exec: (statement) => withClient(url, async (client) => void (await client.query(statement))),
      close: () => store.close(),
    };
  });

  test("a new form of an address while its forms are deleted, from another process: accepted, on a person of its own or the one that stays", async () => {
    const url = await server().createDatabase();
    const [a, b] = await Promise.all([openPostgresStore(url), openPostgresStore(url)]);
    try {
      for (let round = 0; round < 16; round++) {
        const email = `race${round}@example.com`;
        await a.insert(contact(`C-OLD${round}`, "2026-11-19T09:00:00Z", email));
        const results = await Promise.allSettled([
          a.deleteSubmissions([`C-OLD${round}`], REQUEST, at("2026-11-20T12:00:00Z")),
          b.insert(contact(`C-NEW${round}`, "2026-11-20T12:00:00Z", email)),
        ]);
        expect(results.map((result) => (result.status === "fulfilled" ? "done" : String(result.reason)))).toEqual(["done", "done"]);
        expect(await a.get(`C-OLD${round}`)).toBeUndefined();
        // The new form is filed under a person who holds its address: the deleted form's person stays
        // only when the new form reached them first.
        const person = await a.personOf(`C-NEW${round}`);
        expect((await a.personForms(person!.id)).map((form) => form.id)).toEqual([`C-NEW${round}`]);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);

  test("look-up by e-mail uses migration 4's index, not a scan of every submission", async () => {
    const url = await server().createDatabase();
    await (await openPostgresStore(url)).close();
    const client = new Client({ connectionString: url });
    await client.connect();
    // With a handful of rows a scan is cheaper, so the planner is told to avoid one if it can.
    await client.query("SET enable_seqscan = off");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN SELECT * FROM submissions WHERE ${PG_EMAIL_KEY} = $1`, [ANA]);
    await client.end();
    expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      /Index Scan using submissions_email|Bitmap Index Scan on submissions_email/,
    );
  });
});
